import type { RatingModel } from './rating-model';
import type { RatingLogEntry } from './rating-log';
import { NO_EDGE, newPlayer, rateGame, unrateGame, type EdgeRow, type PlayerRatingRow, type RatingUndo } from './rating-step';

/**
 * One model's ratings folded in memory from the rating log's entries (rating-log.ts), step by step
 * as the model's projection folds them (rating-step.ts): after the entries up to a moment it holds
 * the rows the projection held then. What an as-of leaderboard and the bench read.
 */
export class RatingBook {
  readonly players = new Map<string, PlayerRatingRow>();
  edge: EdgeRow = NO_EDGE;
  /** What each rated table deal's step changed, while its end may be withdrawn (L24). */
  private readonly undos = new Map<string, RatingUndo>();

  /**
   * `onStep` hears the three seats' ratings after each entry (null: none left), as the projection's
   * steps hold them (rating-steps.ts). `keepsUndo`: the deals whose undo may be asked for (by a
   * later withdrawal or undoOf); the others' are not kept (default: every one).
   */
  constructor(
    readonly model: RatingModel,
    private readonly onStep?: (seats: readonly (PlayerRatingRow | null)[]) => void,
    private readonly keepsUndo?: (dealId: string) => boolean,
  ) {}

  apply(entry: RatingLogEntry): void {
    const onStep = this.onStep;
    if (entry.kind === 'game') {
      const g = entry.game;
      const seats = g.players.map((p) => this.players.get(p) ?? newPlayer(this.model, p)) as [PlayerRatingRow, PlayerRatingRow, PlayerRatingRow];
      const step = rateGame(this.model, seats, this.edge, g);
      for (const row of step.seats) this.players.set(row.player, row);
      onStep?.(step.seats);
      this.edge = step.edge;
      if (entry.table && (this.keepsUndo?.(entry.dealId) ?? true)) this.undos.set(entry.dealId, step.undo);
      return;
    }
    const undo = this.undos.get(entry.dealId);
    if (!undo) return;
    this.undos.delete(entry.dealId);
    const names = undo.players;
    const seats = names.map((p) => this.players.get(p) ?? newPlayer(this.model, p)) as [PlayerRatingRow, PlayerRatingRow, PlayerRatingRow];
    const back = unrateGame(seats, this.edge, undo);
    back.seats.forEach((row, seat) => (row ? this.players.set(row.player, row) : this.players.delete(names[seat])));
    onStep?.(back.seats);
    this.edge = back.edge ?? NO_EDGE;
  }

  /** What the rated table deal's step changed, while its end may still be withdrawn. */
  undoOf(dealId: string): RatingUndo | undefined {
    return this.undos.get(dealId);
  }

  /** The best `first` players: by the model's score, then by name as the projection's index orders its keys (bytes of UTF-8). */
  leaderboard(first: number): PlayerRatingRow[] {
    const scored = [...this.players.values()].map((row) => ({ row, score: this.model.score(row.state) }));
    scored.sort((a, b) => b.score - a.score || Buffer.compare(Buffer.from(a.row.player), Buffer.from(b.row.player)));
    return scored.slice(0, first).map((s) => s.row);
  }
}
