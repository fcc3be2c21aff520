import type DataLoader from 'dataloader';
import type { DealSummary } from '../../projections/dealSummary/dealSummary';
import type { Principal } from '../../auth/role';
import type { RequestBudget } from './requestBudget';

/** What every resolver receives as the GraphQL context. */
export interface ApiContext {
  readonly principal: Principal;
  readonly deals: DataLoader<string, DealSummary | null>;
  /** Correlates the events a request records. */
  readonly requestId: string;
  /** The request's deadline and event-loop turns: heavy resolvers `await budget.step()` first. */
  readonly budget: RequestBudget;
}
