import type { Card } from '../../rules/card';
import type { Move } from '../../rules/move';
import { abandon } from './abandon';
import { bid } from './bid';
import { callRevoke } from './call-revoke';
import { continueAfterInfringement } from './continue-after-infringement';
import { declare } from './declare';
import { defendersConcede } from './defenders-concede';
import { discard } from './discard';
import { hold } from './hold';
import { kontra } from './kontra';
import type { MoveDefinition, MoveEvent, StoredMoveEvent } from './move-definition';
import { pass } from './pass';
import { pickUpSkat } from './pick-up-skat';
import { play } from './play';
import { re } from './re';
import { resign } from './resign';
import { showCards } from './show-cards';
import { showHand } from './show-hand';
import { showSkat } from './show-skat';

/**
 * The table of moves: every kind of move a deal records, each declared once in its own file. The
 * decider, evolve, the engine-move commands, visibility, the GraphQL mutations and the move kinds
 * of the schema are derived from this list; a new move is a file beside these and its line here.
 */
export const MOVE_TABLE = [
  bid,
  hold,
  pass,
  pickUpSkat,
  discard,
  declare,
  showCards,
  play,
  resign,
  kontra,
  re,
  abandon,
  defendersConcede,
  showSkat,
  showHand,
  callRevoke,
  continueAfterInfringement,
] as const;

type Moves = (typeof MOVE_TABLE)[number];
/** The command of each move, each declared in its move file: derived from the table, so a new move's command needs no line elsewhere. */
export type MoveCommand = Moves extends MoveDefinition<infer C, infer _E> ? C : never;
/** The events the moves record, each declared in the file of the move that owns it: derived from the table too. */
export type MoveDealEvent = Moves extends MoveDefinition<infer _C, infer E> ? E : never;
/** A move as the decider and the API take it: any command of the table, any event of the table. */
export type TableMove = MoveDefinition<MoveCommand, MoveDealEvent>;

type AnyDefinition = MoveDefinition<{ readonly type: string; readonly dealId: string }>;
// Each entry is typed by its own command; the lookups below take any command of the table.
const table = MOVE_TABLE as unknown as readonly AnyDefinition[];

const byCommandType = new Map<string, AnyDefinition>(table.map((d) => [d.commandType, d]));
const byEventType = new Map<string, AnyDefinition>(table.map((d) => [d.eventTypes[0], d]));
const byEngineKind = new Map<string, AnyDefinition>(table.filter((d) => d.engineKind).map((d) => [d.engineKind as string, d]));

/** The command types of the table's moves, in table order: what a recording of a result-only deal takes, say. */
export const MOVE_COMMAND_TYPES: readonly string[] = table.map((d) => d.commandType);

/** The event types the table's moves record, in table order (each once). */
export const MOVE_EVENT_TYPES = [...new Set(table.flatMap((d) => d.eventTypes))] as readonly MoveDealEvent['type'][];

/** The move a command records, or undefined for a command that is no move (start, correction, ...). */
export function moveOfCommandType(type: string): TableMove | undefined {
  return byCommandType.get(type) as TableMove | undefined;
}

/** The move whose own event (its first) this is, or undefined for an event no move records. */
export function moveOfEventType(type: string): TableMove | undefined {
  return byEventType.get(type) as TableMove | undefined;
}

/** The engine moves a stored deal event stands for; null for events outside the play itself (and an ouvert display). */
export function movesOfEvent(event: StoredMoveEvent<MoveEvent>): readonly Move[] | null {
  const d = byEventType.get(event.type);
  return d ? d.movesOfEvent(event) : null;
}

/** The deal command for an engine move: how the ISS importer and generators drive the decider. */
export function commandOfMove(dealId: string, move: Move): MoveCommand {
  const d = byEngineKind.get(move.kind);
  if (!d?.commandOfMove) throw new Error(`no command records an engine move of kind ${move.kind}`);
  return d.commandOfMove(dealId, move) as MoveCommand;
}

/** Visibility: the cards an engine move names (a play, a discard). */
export function cardsNamedBy(move: Move): readonly Card[] {
  return byEngineKind.get(move.kind)?.cardsNamed?.(move) ?? [];
}

/** The moves a what-if branch takes (those whose file names a branch value), in table order. */
export function branchMoves(): readonly TableMove[] {
  return moveDefinitions().filter((d) => d.branch !== undefined);
}

/** Every definition, for the API's mutations (one per move). */
export function moveDefinitions(): readonly TableMove[] {
  return table as readonly TableMove[];
}
