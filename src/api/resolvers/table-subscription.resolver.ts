import { Inject } from '@nestjs/common';
import { Args, Context, ID, Resolver, Subscription } from '@nestjs/graphql';
import { DEAL_STREAM_PREFIX } from '../../deal/events';
import { Ledger, type RecordedEvent } from '../../ledger/ledger';
import { tableStreamName, type TableDealOpenedData } from '../../table/events';
import { tournamentStreamName, type SeatsDrawnData, type TournamentTableAddedData } from '../../tournament/events';
import { mayReadTournament, type Visibility } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import { notFound } from '../errors/api-error';
import * as valid from '../inputs/validate';
import { frameView } from '../mapping/frame-view';
import { scoreSheetView, standingsView } from '../mapping/read-model-views';
import { DealEventHub, renderKey } from '../subscriptions/deal-event-hub';
import type { EventQueue } from '../subscriptions/event-queue';
import { API_VISIBILITY } from '../../settings/tokens';
import { PerspectiveEnum } from '../types/enums';
import { ledgerEventTypeOf } from '../types/event-types';
import { TableUpdateType, TournamentUpdateType } from '../types/table-update.type';
import { perspectiveFor } from './deal-access';

/** Events after which a table's sheet reads differently. */
const SHEET_EVENTS = new Set(['DealScored', 'ScoreCorrected', 'DealConfirmed', 'DealContested', 'DisputeRuled', 'SeriesClosed', 'TablePlayersJoined']);
/** Events after which a tournament's standings may read differently. */
// (a contest and its ruling too: each line counts the open disputes at the player's tables).
const STANDINGS_EVENTS = new Set([
  'DealScored',
  'ScoreCorrected',
  'DealContested',
  'DisputeRuled',
  'TournamentTableAdded',
  'LossFeeSet',
  'SeatsDrawn',
  'RoundClosed',
  'TournamentClosed',
]);

/** Every table stream's name starts so (tableStreamName). */
const TABLE_STREAM_PREFIX = tableStreamName('');
/** The table a deal belongs to by its id: <tableId>-<n>, or <tableId>-<n>-redeal-<k> (R4); '' when the id has no such form. */
const tableOfDealId = (dealId: string): string => /^(.+?)-\d+(?:-redeal-\d+)?$/.exec(dealId)?.[1] ?? '';

/** An async generator as the iterator graphql-ws needs: an unsubscribe closes the queue, so a waiting subscriber is freed at once. */
function closable<T>(queue: EventQueue<RecordedEvent>, updates: AsyncGenerator<T>): AsyncIterableIterator<T> {
  return {
    next: () => updates.next(),
    return: (value?: unknown) => {
      queue.close();
      return updates.return(value as T);
    },
    throw: (err?: unknown) => {
      queue.close();
      return updates.throw(err);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** Live subscriptions that fit a table and a tournament: a viewer need not know a deal id before the deal exists. */
@Resolver()
export class TableSubscriptionResolver {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(DealEventHub) private readonly hub: DealEventHub,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
  ) {}

  @Subscription(() => TableUpdateType, {
    resolve: (u: TableUpdateType) => u,
    description:
      "A table's events as they are recorded: every deal as it starts, every event of its deals (positions seen through the subscriber's perspective), the sheet as it changes",
  })
  async tableUpdates(
    @Args('tableId', { type: () => ID, description: 'The table' }) tableId: string,
    @Context() ctx: ApiContext,
  ): Promise<AsyncIterator<TableUpdateType>> {
    const id = valid.id(tableId, 'tableId');
    const sheet = await this.ledger.scoreSheet(id);
    if (!sheet || !mayReadTournament(ctx.principal, sheet.tournamentId, this.visibility)) throw notFound(`table ${tableId}`);
    const tableStream = tableStreamName(id);
    // A table's deals are named by it: <tableId>-<n> (R4 redeals: <tableId>-<n>-redeal-<k>); the summary confirms it.
    const dealPrefix = `${DEAL_STREAM_PREFIX}${id}-`;
    const queue = this.hub.followWhere((e) => e.streamName === tableStream || e.streamName.startsWith(dealPrefix));
    return closable(queue, this.tableEvents(queue, ctx, id, tableStream));
  }

  private async *tableEvents(queue: EventQueue<RecordedEvent>, ctx: ApiContext, tableId: string, tableStream: string): AsyncGenerator<TableUpdateType> {
    for await (const event of queue) {
      const update = await this.updateOf(event, ctx, tableId, tableStream);
      if (update) yield update;
    }
  }

  /** What a table's subscriber is told of one event of the table's stream or of its deals' (null: the deal is not the table's). */
  private async updateOf(event: RecordedEvent, ctx: ApiContext, tableId: string, tableStream: string): Promise<TableUpdateType | null> {
    let dealId: string | null = null;
    let dealNumber: number | null = null;
    let frame: TableUpdateType['frame'] = null;
    if (event.streamName === tableStream) {
      if (event.type === 'TableDealOpened') {
        const opened = event.data as TableDealOpenedData;
        dealId = opened.dealId;
        dealNumber = opened.dealNumber;
      }
    } else {
      dealId = event.streamName.slice(DEAL_STREAM_PREFIX.length);
      const id = dealId;
      const summary = await this.hub.renderOnce(renderKey(event, 'summary', id), async () => (await this.ledger.dealsByIds([id]))[0] ?? null);
      if (!summary || summary.tableId !== tableId) return null;
      dealNumber = summary.dealNumber;
      const perspective = perspectiveFor(ctx, summary, PerspectiveEnum.AUTO);
      frame = await this.hub.renderOnce(renderKey(event, 'frame', id, perspective), async () => {
        // Only this event's frame: building every frame of the deal per event made a move cost O(moves²).
        const f = await this.ledger.frameOfEvent(id, event.eventId, perspective);
        return f ? frameView(f) : null;
      });
    }
    const sheet = SHEET_EVENTS.has(event.type)
      ? await this.hub.renderOnce(renderKey(event, 'sheet', tableId), async () => {
          const s = await this.ledger.scoreSheet(tableId);
          return s ? scoreSheetView(s) : null;
        })
      : null;
    return { tableId, eventId: event.eventId, eventType: ledgerEventTypeOf(event.type), dealId, dealNumber, frame, sheet };
  }

  @Subscription(() => TableUpdateType, {
    resolve: (u: TableUpdateType) => u,
    description:
      "Every table of a tournament in one subscription (a hall screen): each event at any of its tables as tableUpdates tells it (every deal as it starts, every event of its deals seen through the subscriber's perspective, the sheet as it changes), tables added later included",
  })
  async tournamentTableUpdates(
    @Args('tournamentId', { type: () => ID, description: 'The tournament' }) tournamentId: string,
    @Context() ctx: ApiContext,
  ): Promise<AsyncIterator<TableUpdateType>> {
    const id = valid.id(tournamentId, 'tournamentId');
    const tournament = mayReadTournament(ctx.principal, id, this.visibility) ? await this.ledger.tournament(id) : null;
    if (!tournament) throw notFound(`tournament ${tournamentId}`);
    // Which streams are the tournament's is decided as each event arrives (no lookup): its tables
    // as recorded now, and those its own stream adds from here on (in log order, before their deals).
    const tables = new Set(tournament.tables.map((t) => t.tableId));
    const stream = tournamentStreamName(id);
    const queue = this.hub.followWhere((e) => {
      if (e.streamName === stream) {
        if (e.type === 'TournamentTableAdded') tables.add((e.data as TournamentTableAddedData).tableId);
        if (e.type === 'SeatsDrawn') for (const t of (e.data as SeatsDrawnData).tables) tables.add(t.tableId);
        return false;
      }
      if (e.streamName.startsWith(TABLE_STREAM_PREFIX)) return tables.has(e.streamName.slice(TABLE_STREAM_PREFIX.length));
      return e.streamName.startsWith(DEAL_STREAM_PREFIX) && tables.has(tableOfDealId(e.streamName.slice(DEAL_STREAM_PREFIX.length)));
    });
    return closable(queue, this.tournamentTableEvents(queue, ctx, id));
  }

  private async *tournamentTableEvents(queue: EventQueue<RecordedEvent>, ctx: ApiContext, tournamentId: string): AsyncGenerator<TableUpdateType> {
    for await (const event of queue) {
      // The tournament confirmed from the rows (the filter went by names): the deal's summary, or the table's own row.
      let tableId: string | null;
      if (event.streamName.startsWith(TABLE_STREAM_PREFIX)) {
        const id = event.streamName.slice(TABLE_STREAM_PREFIX.length);
        const table = await this.hub.renderOnce(renderKey(event, 'table', id), () => this.ledger.table(id));
        tableId = table?.tournamentId === tournamentId ? id : null;
      } else {
        const dealId = event.streamName.slice(DEAL_STREAM_PREFIX.length);
        const summary = await this.hub.renderOnce(renderKey(event, 'summary', dealId), async () => (await this.ledger.dealsByIds([dealId]))[0] ?? null);
        tableId = summary?.tournamentId === tournamentId ? summary.tableId : null;
      }
      const update = tableId === null ? null : await this.updateOf(event, ctx, tableId, tableStreamName(tableId));
      if (update) yield update;
    }
  }

  @Subscription(() => TournamentUpdateType, {
    resolve: (u: TournamentUpdateType) => u,
    description: 'The standings of a tournament each time they change (a deal scored or corrected, a table added, a fee set, a seat draw)',
  })
  async tournamentUpdates(
    @Args('tournamentId', { type: () => ID, description: 'The tournament' }) tournamentId: string,
    @Context() ctx: ApiContext,
  ): Promise<AsyncIterator<TournamentUpdateType>> {
    const id = valid.id(tournamentId, 'tournamentId');
    if (!mayReadTournament(ctx.principal, id, this.visibility) || !(await this.ledger.standings(id))) throw notFound(`tournament ${tournamentId}`);
    const stream = tournamentStreamName(id);
    const queue = this.hub.followWhere((e) => STANDINGS_EVENTS.has(e.type) && (e.streamName === stream || e.streamName.startsWith(DEAL_STREAM_PREFIX)));
    return closable(queue, this.standingsEvents(queue, id, stream));
  }

  private async *standingsEvents(queue: EventQueue<RecordedEvent>, tournamentId: string, stream: string): AsyncGenerator<TournamentUpdateType> {
    for await (const event of queue) {
      if (event.streamName !== stream) {
        const dealId = event.streamName.slice(DEAL_STREAM_PREFIX.length);
        const summary = await this.hub.renderOnce(renderKey(event, 'summary', dealId), async () => (await this.ledger.dealsByIds([dealId]))[0] ?? null);
        if (!summary || summary.tournamentId !== tournamentId) continue;
      }
      const standings = await this.hub.renderOnce(renderKey(event, 'standings', tournamentId), async () => {
        const s = await this.ledger.standings(tournamentId);
        return s ? standingsView(s) : null;
      });
      if (standings) yield { tournamentId, eventId: event.eventId, eventType: ledgerEventTypeOf(event.type), standings };
    }
  }
}
