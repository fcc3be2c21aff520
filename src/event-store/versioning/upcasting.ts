/**
 * Upcasting: pure functions that turn an event stored under an old schemaVersion into the shape
 * of the next version. Adapters apply them on read (never on raw reads), one step at a time until
 * no step applies, so the Decider and projections only ever see the current shape.
 */
import type { EventMetadata } from '../event-metadata';

/** What an upcaster receives and returns. `type` may change when an event was renamed. */
export interface UpcastInput {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

export interface Upcaster {
  /** The stored event type this step applies to. */
  readonly eventType: string;
  /** The schemaVersion it reads ('1' also matches events stored without schemaVersion). */
  readonly fromVersion: string;
  /** The schemaVersion it produces. */
  readonly toVersion: string;
  /** Pure: (raw data, metadata) → data of `toVersion` (optionally a new type). */
  readonly upcast: (data: unknown, metadata: EventMetadata) => unknown | { readonly type: string; readonly data: unknown };
  /** Set when `upcast` returns `{ type, data }` to rename the event. */
  readonly renames?: boolean;
}

export interface UpcasterRegistry {
  readonly steps: ReadonlyMap<string, Upcaster>;
}

/** Events stored without a schemaVersion are version 1. */
export const INITIAL_SCHEMA_VERSION = '1';

const key = (type: string, version: string) => `${type}\u0000${version}`;

/** Builds a registry; refuses two steps out of the same (type, version) and steps that go nowhere. */
export function createUpcasterRegistry(upcasters: readonly Upcaster[] = []): UpcasterRegistry {
  const steps = new Map<string, Upcaster>();
  for (const u of upcasters) {
    if (u.fromVersion === u.toVersion) {
      throw new Error(`upcaster ${u.eventType} v${u.fromVersion} → v${u.toVersion} does not change the version`);
    }
    const k = key(u.eventType, u.fromVersion);
    if (steps.has(k)) throw new Error(`two upcasters for ${u.eventType} v${u.fromVersion}`);
    steps.set(k, u);
  }
  return { steps };
}

export const NO_UPCASTERS: UpcasterRegistry = createUpcasterRegistry();

/** Applies every step that matches, in turn. Returns the input itself when nothing applies. */
export function upcastEvent(registry: UpcasterRegistry, event: UpcastInput): UpcastInput {
  if (registry.steps.size === 0) return event;
  let current = event;
  for (let guard = 0; guard <= registry.steps.size; guard++) {
    const version = current.metadata.schemaVersion ?? INITIAL_SCHEMA_VERSION;
    const step = registry.steps.get(key(current.type, version));
    if (!step) return current;
    const out = step.upcast(current.data, current.metadata);
    const renamed = step.renames ? (out as { type: string; data: unknown }) : undefined;
    current = {
      type: renamed ? renamed.type : current.type,
      data: renamed ? renamed.data : out,
      metadata: { ...current.metadata, schemaVersion: step.toVersion },
    };
  }
  throw new Error(`upcasters for ${event.type} loop (a step leads back to an earlier version)`);
}
