/**
 * What the response cache keeps (cached-answers.ts): an HTTP answer as sent, for its front door,
 * or a GraphQL result, for the plugin; and the note a request on the full path carries of the
 * answer it may leave there.
 */
import type { FormattedExecutionResult } from 'graphql';
import type { CacheStamp } from './response-cache';

/** An HTTP answer as the full path sent it, and the cost it spent from the caller's budget. */
export interface CachedAnswer {
  readonly kind: 'answer';
  readonly contentType: string;
  readonly body: Buffer;
  readonly cost: number;
}

/** A GraphQL result kept by the response cache plugin (GET requests, persisted queries). */
export interface CachedResult {
  readonly kind: 'result';
  readonly result: FormattedExecutionResult;
}

export type CachedValue = CachedAnswer | CachedResult;

/** A plain POST on its way through the full path, whose answer may be kept: filled in by the context and the plugins. */
export class AnswerToKeep {
  /** The points the request spent (at least 1, as the budget counts it). */
  cost = 1;
  /** Set by the response cache plugin when the result may be kept: what it was computed from. */
  stamp: CacheStamp | null = null;

  constructor(readonly key: string) {}
}
