import type { Card } from '../../rules/card';
import type { GameState } from '../../rules/game-state';
import type { Move } from '../../rules/move';
import { allow, type Judgement } from '../../kernel/refusal';
import type { DealState } from '../deal-state';
import type { SeenGame, SeenMove } from '../seen/seen-game';
import { applyMove } from '../engine';

/** A field of a move's GraphQL input, as plain data: the API builds the input type and checks each value. */
export interface MoveInputField {
  readonly name: string;
  /**
   * How the API reads it: `seat` (the Seat enum), `card` (ISS notation), `twoCards` (exactly two), `cards` (at most ten),
   * `int`, `declaration` (DeclarationInput), `abandonReason` (the AbandonReason enum), `note` (text of at most 1000 characters).
   */
  readonly type: 'seat' | 'card' | 'twoCards' | 'cards' | 'int' | 'declaration' | 'abandonReason' | 'note';
  readonly description: string;
  readonly optional?: boolean;
}

/** What a command records in a deal recorded as seen (no hand known): the seen move it stands for, and its events once judged. */
export interface SeenRecording<E extends MoveEvent = MoveEvent> {
  readonly move: SeenMove;
  events(after: SeenGame): readonly E[];
}

/** A text in each language the pages speak. */
export interface MoveWords {
  readonly en: string;
  readonly de: string;
}

/** The mutation that records the move: its name, its input's fields, and the command it becomes. */
export interface MoveMutation<C> {
  readonly name: string;
  readonly fields: readonly MoveInputField[];
  /** The command of the input's values, already checked field by field (seat, card, ...); absent optional fields are undefined. */
  readonly command: (dealId: string, input: Readonly<Record<string, unknown>>) => C;
}

/** An event a move records: its stored type name (past tense, stable) and its data. */
export interface MoveEvent {
  readonly type: string;
  readonly data: unknown;
}

/** A move's event as evolve reads it back: with the id it was stored under, when known. */
export type StoredMoveEvent<E extends MoveEvent> = E & { readonly eventId?: string; readonly recordedAt?: string; readonly actorId?: string };

/** What recording the move gives: the events that say it, and the deal as the engine has it afterwards. */
export interface RecordedMoveOutcome<E extends MoveEvent = MoveEvent> {
  readonly after: GameState;
  readonly events: readonly E[];
}

/**
 * One kind of move, declared once (issue #16 item 3): its command, the events it records, the engine
 * moves it stands for (how it evolves the deal), its GraphQL input, which cards it names (visibility)
 * and its description (schema and docs/graphql.md). The switch files are derived from the table of these
 * definitions (move-table.ts): a new move is a new file here plus its line in the table.
 */
export interface MoveDefinition<
  C extends { readonly type: string; readonly dealId: string } = { readonly type: string; readonly dealId: string },
  E extends MoveEvent = MoveEvent,
> {
  /** The move's name in the API (GraphQL `MoveKind`) and the engine's move kind where it is one. */
  readonly kind: string;
  /** Set when the move is one engine move of that kind (the ISS importer drives the decider with those). */
  readonly engineKind?: Move['kind'];
  readonly commandType: C['type'];
  /**
   * The event types it records, its own first (an ouvert declaration also lays the cards open). Each
   * event's data is declared in the move file that owns it: the deal's events are those of the table.
   */
  readonly eventTypes: readonly E['type'][];
  /** Its own event's description in the schema's DealEventType (default: "Recorded by <mutation>: <description>"). */
  readonly eventDescription?: string;
  /** One line with the rule IDs: the mutation's description in the schema and the move's line in docs/graphql.md. */
  readonly description: string;
  /**
   * The move in the words the pages use (the viewer gets them at build time, src/viewer/write-viewer-moves.ts):
   * `step` says its own event as a replay step, `move` names it as a legal move. Placeholders: {seat}, {value}
   * (the bid), {game}, {card}. Absent: the pages say the event's name in words.
   */
  readonly words?: { readonly step: MoveWords; readonly move: MoveWords };
  /** Whether the command names the seat that moves (checked, R2, before the rules judge the move). */
  readonly seated: boolean;
  readonly mutation: MoveMutation<C>;
  /** decide: the command judged against the deal; a refusal names the rule and records nothing. */
  record(command: C, game: GameState, deal: DealState): Judgement<RecordedMoveOutcome<E>>;
  /** evolve: the engine moves a recorded event of this move stands for, or null when the event is no move of its own. */
  movesOfEvent(event: StoredMoveEvent<E>): readonly Move[] | null;
  /**
   * A what-if branch takes this move: its BranchMoveKind value with the value's description, and the
   * engine move of its command (a branch plays engine moves). Absent: a branch does not take it.
   */
  readonly branch?: { readonly value: string; readonly description: string; move(command: C): Move };
  /**
   * A deal recorded as seen (src/deal/seen/): what the command stands for there, and the seen move its
   * own event stands for when replayed (default: its first engine move). Absent: such a deal refuses it.
   */
  readonly seen?: { of(command: C, game: SeenGame): SeenRecording<E>; moveOfEvent?(event: StoredMoveEvent<E>): SeenMove | null };
  /** The command of one engine move of `engineKind` (ISS import, generators). */
  commandOfMove?(dealId: string, move: Move): C;
  /** Visibility: the cards the engine move names (a play, a discard); a perspective is shown a legal move only once it has seen them. */
  cardsNamed?(move: Move): readonly Card[];
}

/** The engine moves applied in order; the first refusal stops it (nothing is recorded). */
export function applyMoves(game: GameState, moves: readonly Move[]): Judgement<GameState> {
  let at = game;
  for (const m of moves) {
    const next = applyMove(at, m);
    if (!next.ok) return next;
    at = next.value;
  }
  return allow(at);
}

/** The common shape: one engine move, one event made from the state before it. */
export function recordOne<E extends MoveEvent>(
  game: GameState,
  move: Move,
  event: (before: GameState, after: GameState) => E,
): Judgement<RecordedMoveOutcome<E>> {
  const after = applyMove(game, move);
  if (!after.ok) return after;
  return allow({ after: after.value, events: [event(game, after.value)] });
}

/** The seat field most moves share. */
export const SEAT_FIELD: MoveInputField = { name: 'seat', type: 'seat', description: "The seat that moves (R2); it must be that seat's turn" };

/** The seat a command names (every seated move has one). */
export const seatOf = (input: Readonly<Record<string, unknown>>): 0 | 1 | 2 => input.seat as 0 | 1 | 2;
