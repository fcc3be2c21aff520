import type DataLoader from 'dataloader';
import type { DealSummary } from '../../projections/dealSummary/dealSummary';
import type { Principal } from '../auth/role';

/** What every resolver receives as the GraphQL context. */
export interface ApiContext {
  readonly principal: Principal;
  readonly deals: DataLoader<string, DealSummary | null>;
  /** Correlates the events a request records. */
  readonly requestId: string;
}
