import type DataLoader from 'dataloader';
import type { DealSummary } from '../../projections/deal-summary/deal-summary';
import type { Principal } from '../../auth/role';
import type { RequestBudget } from './request-budget';
import type { SolverJobQuota } from './solver-job-quota';
import type { AnswerToKeep } from '../cache/cached-value';

/** What every resolver receives as the GraphQL context. */
export interface ApiContext {
  readonly principal: Principal;
  readonly deals: DataLoader<string, DealSummary | null>;
  /** Correlates the events a request records. */
  readonly requestId: string;
  /** The HTTP request's own id (its access log line's `req.id`); none over graphql-ws. */
  readonly logId?: string;
  /** The request's deadline and event-loop turns: heavy resolvers `await budget.step()` first. */
  readonly budget: RequestBudget;
  /** New solver jobs this request may still start (analyses not cached yet). */
  readonly solverJobs: SolverJobQuota;
  /** Set by a resolver whose answer changes without any write (a job's progress): the response cache keeps nothing of this request. */
  noStore?: boolean;
  /** A plain POST whose HTTP answer the response cache's front door may keep (cached-answers.ts); none over graphql-ws. */
  readonly toKeep?: AnswerToKeep;
}
