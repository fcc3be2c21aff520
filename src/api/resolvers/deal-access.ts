/** Shared read paths of the resolvers: load a deal the caller may read and pick its perspective. */
import type { DealSummary } from '../../projections/deal-summary/deal-summary';
import type { Perspective } from '../../projections/replay-frames/replay-frame';
import { grantPerspective, type DealStanding, mayReadDeal, widestPerspective, type Requested, type Visibility } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import { forbidden, notFound } from '../errors/api-error';
import * as valid from '../inputs/validate';

export async function readableDeal(ctx: ApiContext, dealId: string, v: Visibility): Promise<DealSummary> {
  const deal = await ctx.deals.load(valid.id(dealId, 'deal id'));
  if (!deal || !mayReadDeal(ctx.principal, deal, v)) throw notFound(`deal ${dealId}`);
  return deal;
}

export function perspectiveFor(ctx: ApiContext, deal: DealStanding, requested: Requested): Perspective {
  const granted = grantPerspective(widestPerspective(ctx.principal, deal), requested);
  if (!granted) throw forbidden(`this token may not see the ${requested} view of a live deal`);
  return granted;
}
