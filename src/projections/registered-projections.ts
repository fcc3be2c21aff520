import { asOfIndexProjection } from './as-of/as-of-index';
import { sheetInputsProjection } from './as-of/sheet-inputs';
import { dealSummaryProjection } from './deal-summary/deal-summary-projection';
import type { ProjectionDefinition } from './projection-definition';
import { tableProjection } from './tables/table-projection';
import { ratingLogProjection } from './ratings/rating-log';
import { ratingsProjections } from './ratings/ratings-projection';
import { tournamentProjection } from './tables/tournament-projection';

/**
 * The persisted projections the ledger keeps, in the order each batch applies them. A new one is
 * its definition, its fold and one line here (see projection-definition.ts for how versions work).
 */
export function registeredProjections(options: { readonly privateTournaments?: readonly string[] } = {}): ProjectionDefinition[] {
  return [
    dealSummaryProjection,
    tableProjection,
    tournamentProjection,
    asOfIndexProjection,
    sheetInputsProjection,
    ...ratingsProjections(options.privateTournaments),
    ratingLogProjection(options.privateTournaments),
  ];
}

/** The projections of a ledger with no private tournaments (their tables are the same with any). */
export const REGISTERED_PROJECTIONS: readonly ProjectionDefinition[] = registeredProjections();
