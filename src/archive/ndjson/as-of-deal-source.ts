import type { AsOfView } from '../../ledger/ledger';
import { DEALS } from '../../ledger/reads/as-of-sheets';
import type { DealFilter } from '../../projections/deal-summary/deal-summary';
import type { LedgerDeals } from './ledger-deal-source';

/**
 * The exporters' deals as of a moment (issue 28 item 2): the read model lists the deals by what
 * never changes after a deal starts (player, table, tournament, start, source), each listed deal is
 * taken as it stood then (left out when it did not exist yet) and its events are those up to the
 * moment. The game and result filters, which a later correction may change, are left to the
 * record check (matchesDealFilter) of the records as they were then. A caller's `include` sees
 * the deal as it stood then: a deal live at that moment is live to it.
 */
export function asOfLedgerDeals(live: LedgerDeals, view: AsOfView): LedgerDeals {
  return {
    async deals(filter, page) {
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { gameType, result, ...stable } = filter as DealFilter;
      const listed = await live.deals(stable, page);
      return { ...listed, items: await view.reads.rowsAsOf(DEALS, listed.items, (d) => d.dealId) };
    },
    dealEvents: (dealId) => view.deals.events(dealId),
  };
}
