import { Inject } from '@nestjs/common';
import { Args, Context, ID, Resolver, Subscription } from '@nestjs/graphql';
import { Ledger, type RecordedEvent } from '../../ledger/ledger';
import type { Visibility } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import { frameView } from '../mapping/frame-view';
import { DealUpdateType } from '../types/deal-update.type';
import { PerspectiveEnum } from '../types/enums';
import { dealEventTypeOf } from '../types/event-types';
import { DealEventHub, renderKey } from '../subscriptions/deal-event-hub';
import type { EventQueue } from '../subscriptions/event-queue';
import { API_VISIBILITY } from '../../settings/tokens';
import { perspectiveFor, readableDeal } from './deal-access';

@Resolver()
export class SubscriptionResolver {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(DealEventHub) private readonly hub: DealEventHub,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
  ) {}

  /**
   * The events of one deal as they are recorded. Each update carries the frame the event produced,
   * seen through the subscriber's perspective, decided afresh per event (a deal opens when it ends):
   * raw event data, which holds hidden cards, is never sent.
   */
  @Subscription(() => DealUpdateType, {
    resolve: (update: DealUpdateType) => update,
    description: 'The events of one deal as they are recorded; completes when the deal ends (DealScored)',
  })
  async dealUpdates(
    @Args('dealId', { type: () => ID, description: 'The deal to follow' }) dealId: string,
    @Context() ctx: ApiContext,
    @Args('perspective', { type: () => PerspectiveEnum, defaultValue: PerspectiveEnum.AUTO, description: 'Whose view (AUTO: the most this caller may see)' })
    perspective: PerspectiveEnum,
  ): Promise<AsyncIterator<DealUpdateType>> {
    const deal = await readableDeal(ctx, dealId, this.visibility);
    perspectiveFor(ctx, deal, perspective); // refuse now, not at the first event
    const queue = this.hub.follow(deal.dealId);
    const updates = this.updates(queue, ctx, deal.dealId, perspective);
    // An async generator waiting for the next event cannot be returned until one arrives; closing
    // the queue ends that wait, so an unsubscribe frees the subscriber at once.
    return {
      next: () => updates.next(),
      return: (value?: unknown) => {
        queue.close();
        return updates.return(value as DealUpdateType);
      },
      throw: (err?: unknown) => {
        queue.close();
        return updates.throw(err);
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    } as AsyncIterableIterator<DealUpdateType>;
  }

  private async *updates(queue: EventQueue<RecordedEvent>, ctx: ApiContext, dealId: string, requested: PerspectiveEnum): AsyncGenerator<DealUpdateType> {
    for await (const event of queue) {
      // Rendered once per event and perspective, shared by every subscriber with that view.
      const summary = await this.hub.renderOnce(renderKey(event, 'summary', dealId), async () => (await this.ledger.dealsByIds([dealId]))[0] ?? null);
      if (!summary) continue;
      const perspective = perspectiveFor(ctx, summary, requested);
      const update = await this.hub.renderOnce(renderKey(event, 'dealUpdate', dealId, perspective), async (): Promise<DealUpdateType> => {
        const frames = await this.ledger.frames(dealId, {}, perspective);
        const frame = frames.find((f) => f.event.id === event.eventId);
        return {
          dealId,
          eventId: event.eventId,
          eventType: dealEventTypeOf(event.type),
          revision: event.revision.toString(),
          status: summary.status,
          frame: frame ? frameView(frame) : null,
        };
      });
      yield update;
      // The deal ended (scored, passed in or abandoned): its subscription completes.
      if (event.type === 'DealScored') return;
    }
  }
}
