import { checkRecordingEnd, upgradeStart, type DecideContext } from '../../deal/decide';
import { type DealState } from '../../deal/deal-state';
import { DEAL_SCHEMA_VERSION, dealStreamName, upgradeStreamName, type StoredDealEvent } from '../../deal/events';
import type { CompleteUpgrade, ConfirmDeal, ContestDeal, DealCommand, UpgradeDeal, WithdrawMove } from '../../deal/commands';
import { appendedOutcome, handleCommand, planCommand, readStreamFolded, retryOnConflict, type StreamOptions } from '../../command-handling/handle-command';
import { tableDecider } from '../../table/table-decider';
import type { Decider } from '../../kernel/decider';
import { dealDecider, recordingDecider } from '../../deal/deal-decider';
import type { EventStore, NewEvent } from '../../event-store/event-store';
import { getDealSummary } from '../../projections/deal-summary/deal-summary-queries';
import type { ReadModelDb } from '../../projections/read-model-db';
import { DealSeeds } from './deal-seeds';
import type { ServerSeedLookup } from '../../deal/fair-dealing';
import type { ShuffleCommittedData } from '../../deal/events';
import { LEDGER_RULES as L } from '../../deal/ledger-rules';
import { tableStreamName } from '../../table/events';
import { NotFoundError } from '../../kernel/errors';
import { IllegalCommandError } from '../../kernel/errors';
import type { CommandContext, CommandOutcome } from '../../command-handling/command-types';
import type { ReadModelUpkeep } from '../upkeep/read-model-upkeep';
import { storedDealEvent, foldDealStream, dealEventOf } from '../../deal/deal-stream';
import { MOVE_COMMAND_TYPES } from '../../deal/moves/move-table';

/**
 * Commands a recording of a result-only deal's cards takes (the deal's own stream refuses them: it
 * is over): every move of the table of moves, the withdrawal of one, and a mistyped hand replaced.
 */
const RECORDING_MOVES: ReadonlySet<string> = new Set([...MOVE_COMMAND_TYPES, 'WithdrawMove', 'ReplaceHands']);

/** How a deal's own stream is handled: its schema version, its events as the decider folds them, the rules version each event was decided under. */
function dealStreamOptions(command: DealCommand): StreamOptions<StoredDealEvent, DealState> {
  return {
    schemaVersion: DEAL_SCHEMA_VERSION,
    eventOf: dealEventOf,
    metadataFor: (s, events) => {
      const started = events.find((e) => e.type === 'DealStarted');
      return {
        rulesVersion:
          started?.type === 'DealStarted'
            ? `${started.data.profileId}@${started.data.profileVersion}`
            : s.profile
              ? `${s.profile.id}@${s.profile.version}`
              : undefined,
      };
    },
    requireExisting: command.type === 'StartDeal' ? undefined : () => new NotFoundError('deal', command.dealId),
  };
}

/** An event about to be appended as the deal decider folds a recorded one (its id and metadata as they will be stored). */
const storedOfNew = (e: NewEvent): StoredDealEvent =>
  ({ type: e.type, data: e.data, eventId: e.metadata.eventId, recordedAt: e.metadata.recordedAt, actorId: e.metadata.actorId }) as StoredDealEvent;

/**
 * Commands on a deal's own stream: moves, results, confirmations and contests (with their
 * series' state), and the recording of a result-only deal's cards (UpgradeDeal and the moves that
 * follow it, up to the deal's upgrade).
 */
export class DealCommands {
  /** Fair dealing's server seeds until they are revealed (see DealSeeds). */
  private readonly seeds: DealSeeds;

  constructor(
    private readonly store: EventStore,
    private readonly db: ReadModelDb,
    private readonly upkeep: ReadModelUpkeep,
    private readonly defaultProfileId: string,
  ) {
    this.seeds = new DealSeeds(store);
  }

  /** What the deal decider is told besides the command: who, when, the default profile, a fresh server seed for a start the server shuffles. */
  decideContext(ctx: CommandContext, command: DealCommand, serverSeed?: ServerSeedLookup): DecideContext {
    const needsShuffle = command.type === 'StartDeal' && command.cards?.kind === 'crypto';
    return {
      actorId: ctx.actorId,
      role: ctx.role,
      now: new Date().toISOString(),
      defaultProfileId: this.defaultProfileId,
      serverSeed: serverSeed ?? (needsShuffle ? { seed: this.seeds.fresh() } : undefined),
    };
  }

  /**
   * A server-shuffled start: a fresh seed, its commitment in the deal's stream and the seed itself
   * in its secret stream, appended together (the seed is never written after its commitment).
   */
  private async fairStart(command: DealCommand, ctx: CommandContext): Promise<CommandOutcome> {
    const seed = this.seeds.fresh();
    const decider = dealDecider(this.decideContext(ctx, command, { seed }));
    return retryOnConflict(ctx, async () => {
      const plan = await planCommand(this.store, dealStreamName(command.dealId), decider, command, ctx, dealStreamOptions(command));
      if (plan.kind === 'done') return plan.outcome;
      const [, appended] = await this.store.appendMany([this.seeds.keepBatch(command.dealId, seed, ctx, DEAL_SCHEMA_VERSION), plan.batch]);
      return appendedOutcome(plan, appended);
    });
  }

  /** The kept seed of the deal's commitment, or why there is none (with a fresh seed, for cards that still wait). */
  private async seedOfDeal(dealId: string): Promise<ServerSeedLookup> {
    const head = await this.store.readStream(dealStreamName(dealId), { maxCount: 3 });
    const committed = head.events.find((e) => e.type === 'ShuffleCommitted');
    if (!committed) return { lost: 'the deal has no commitment' };
    const found = await this.seeds.lookUp(dealId, (committed.data as ShuffleCommittedData).commitment);
    return 'seed' in found ? found : { ...found, fresh: this.seeds.fresh() };
  }

  /**
   * A command on the deal's own stream. Client seeds and the dealing need the kept seed; a move
   * that ends a fairly dealt deal is refused for want of it (L32) and decided again with it, so
   * only the end pays for the look-up.
   */
  private async onDealStream(command: DealCommand, ctx: CommandContext, lookup?: ServerSeedLookup): Promise<CommandOutcome> {
    const needsSeed = command.type === 'AddClientSeed' || command.type === 'DealCards';
    const seed = lookup ?? (needsSeed ? await this.seedOfDeal(command.dealId) : undefined);
    try {
      return await handleCommand(
        this.store,
        dealStreamName(command.dealId),
        dealDecider(this.decideContext(ctx, command, seed)),
        command,
        ctx,
        dealStreamOptions(command),
      );
    } catch (error) {
      if (seed === undefined && error instanceof IllegalCommandError && error.ruleId === L.seedNeeded)
        return this.onDealStream(command, ctx, await this.seedOfDeal(command.dealId));
      throw error;
    }
  }

  /** A command on the deal's own stream (or, for a result-only deal being recorded, on its recording). */
  async dealCommand(command: DealCommand, ctx: CommandContext): Promise<CommandOutcome> {
    if (typeof command.dealId !== 'string' || command.dealId === '') throw new IllegalCommandError('L10', 'a deal command names its dealId');
    // The moves of a result-only deal whose cards are being recorded go to that recording, not to the deal.
    if (RECORDING_MOVES.has(command.type) && getDealSummary(this.db, command.dealId)?.provenance === 'resultOnly') {
      const recorded = await this.recordingCommand(command, ctx);
      if (recorded) return recorded;
    }
    try {
      if (command.type === 'StartDeal' && command.cards?.kind === 'crypto') return await this.fairStart(command, ctx);
      return await this.onDealStream(command, ctx);
    } catch (error) {
      // The deal is card-level since an upgrade: a retry of the move that completed it belongs to its
      // recording (found there as applied, or, when only the upgrade's batch went in, appended now).
      if (!(error instanceof IllegalCommandError) || !RECORDING_MOVES.has(command.type)) throw error;
      const recorded = await this.recordingCommand(command, ctx).catch((other: unknown) => {
        if (other instanceof IllegalCommandError) return null;
        throw other;
      });
      if (!recorded) throw error;
      return recorded;
    }
  }

  /** Begins a recording of a result-only deal's cards (its own stream, so the deal is untouched until it reproduces the result). */
  async upgradeDeal(command: UpgradeDeal, ctx: CommandContext): Promise<CommandOutcome> {
    if (typeof command.dealId !== 'string' || command.dealId === '') throw new IllegalCommandError('L10', 'a deal command names its dealId');
    const read = await this.store.readStream(dealStreamName(command.dealId));
    if (!read.exists) throw new NotFoundError('deal', command.dealId);
    const deal = foldDealStream(read.events);
    const start = upgradeStart(command, deal);
    if (!start.ok) throw new IllegalCommandError(start.refusal.ruleId, start.refusal.reason);
    const decideCtx = this.decideContext(ctx, start.value);
    // Every UpgradeDeal begins a fresh attempt: an earlier one (a mistyped hand) stays in the stream as history.
    const recording = recordingDecider(decideCtx);
    const attempt = { ...recording, decide: (c: DealCommand) => recording.decide(c, recording.initialState) };
    const outcome = await handleCommand(this.store, upgradeStreamName(command.dealId), attempt, start.value, ctx, {
      schemaVersion: DEAL_SCHEMA_VERSION,
      eventOf: dealEventOf,
    });
    return { ...outcome, dealId: command.dealId };
  }

  /**
   * A move of a result-only deal while its cards are recorded: decided on the latest attempt, and
   * refused when it would end the deal with another result than the one in force. When it ends the
   * deal with that result, the deal is upgraded (CompleteUpgrade) in the same append: the move and
   * ResultUpgraded (with the copied play) go in together or not at all (one transaction on SQLite;
   * on EventStoreDB two appends, either of which may fail alone: the command again completes it).
   * Null when no recording exists.
   */
  private async recordingCommand(command: DealCommand, ctx: CommandContext): Promise<CommandOutcome | null> {
    const stream = upgradeStreamName(command.dealId);
    const head = await this.store.readStream(stream, { maxCount: 1 });
    if (!head.exists) return null;
    const dealStream = dealStreamName(command.dealId);
    const options = { schemaVersion: DEAL_SCHEMA_VERSION, eventOf: dealEventOf };
    const sub = { ...ctx, commandId: `${ctx.commandId}/upgrade`, expectedRevision: undefined, causationId: ctx.commandId };
    const outcomes = await retryOnConflict(ctx, async () => {
      const dealRead = await this.store.readStream(dealStream);
      const deal = foldDealStream(dealRead.events);
      const recording = recordingDecider(this.decideContext(ctx, command));
      const toTheResult: Decider<DealCommand, StoredDealEvent, DealState> = {
        ...recording,
        decide: (c, s) => {
          const decided = recording.decide(c, s);
          return decided.ok ? checkRecordingEnd(decided.value, deal) : decided;
        },
      };
      const move = await planCommand(this.store, stream, toTheResult, command, ctx, options);
      // The recording as it stands with this move (recorded before, or about to be).
      const events =
        move.kind === 'append' ? [...move.recorded.map(storedDealEvent), ...move.batch.events.map(storedOfNew)] : move.recorded.map(storedDealEvent);
      const endsDeal =
        move.kind === 'append' ? move.batch.events.some((e) => e.type === 'DealScored') : move.outcome.events.some((e) => e.type === 'DealScored');
      if (!endsDeal) {
        if (move.kind === 'done') return [move.outcome];
        return [appendedOutcome(move, await this.store.appendToStream(stream, move.batch.events, { expectedRevision: move.batch.expectedRevision }))];
      }
      const from = events.map((e) => e.type).lastIndexOf('DealStarted');
      const complete: CompleteUpgrade = { type: 'CompleteUpgrade', dealId: command.dealId, recordingStream: stream, recording: events.slice(from) };
      const upgrade = await planCommand(this.store, dealStream, dealDecider(this.decideContext(sub, complete)), complete, sub, dealStreamOptions(complete));
      const plans = [move, upgrade];
      const pending = plans.filter((p) => p.kind === 'append');
      const appended = pending.length > 0 ? await this.store.appendMany(pending.map((p) => p.batch)) : [];
      return plans.map((p) => (p.kind === 'done' ? p.outcome : appendedOutcome(p, appended[pending.indexOf(p)])));
    });
    // execute() brings the read models and listeners up to date after the move's outcome; the upgrade's events are in the same catch-up.
    if (outcomes[1]) await this.upkeep.afterAppend(outcomes[1]);
    return { ...outcomes[0], dealId: command.dealId };
  }

  /**
   * A confirmation, contest or withdrawal with the deal's series as its table stream stands (closed?
   * reviews after closing? the table's latest deal, for withdrawing a finished deal's ending move, L24).
   */
  async withSeries<C extends ConfirmDeal | ContestDeal | WithdrawMove>(command: C): Promise<C> {
    const { series: _ignored, ...rest } = command;
    if (typeof command.dealId !== 'string' || command.dealId === '') return rest as C;
    const first = await this.store.readStream(dealStreamName(command.dealId), { maxCount: 1 });
    const started = first.events[0];
    const tableId = started?.type === 'DealStarted' ? (started.data as { tableId: string | null }).tableId : null;
    if (!tableId) return rest as C;
    const table = (await readStreamFolded(this.store, tableStreamName(tableId), tableDecider(this.defaultProfileId))).state;
    const latestDealId = table.deals[table.deals.length - 1]?.dealId ?? null;
    return { ...rest, series: { closed: table.closed !== null, reviewAfterClose: table.opened?.reviewAfterClose === true, latestDealId } } as C;
  }
}
