import { registerEnumType } from '@nestjs/graphql';
import { ACCESS_EVENT_TYPES, type AccessEventType } from '../../access/events';
import { BRANCH_EVENT_TYPES, type BranchEventType } from '../../branch/events';
import { DEAL_EVENT_TYPES, type DealEventType } from '../../deal/events';
import { moveDefinitions } from '../../deal/moves/move-table';
import type { CoreDealEventType } from '../../deal/core-events';
import { ISS_RECORD_IMPORTED } from '../../format/iss/iss-record-imported';
import { TABLE_EVENT_TYPES, type TableEventType } from '../../table/events';
import { TOURNAMENT_EVENT_TYPES, type TournamentEventType } from '../../tournament/events';

/**
 * The schema's event types (issue #16 item 8): closed sets derived from the streams' own lists, so a
 * new event type is an enum value as soon as its stream lists it. Value names are the stored type
 * names (CardPlayed), so answers read as before; a stored name outside the set (another writer, a
 * later version) reads as OTHER rather than failing the whole answer.
 */
export const OTHER_EVENT_TYPE = 'OTHER';

/** Deal events no move records: described here (a move's event is described in its move file). */
const DEAL_EVENT_DESCRIPTIONS: Readonly<Record<CoreDealEventType, string>> = {
  DealStarted: 'R2/R3: the deal began: its players in seat order, dealer, rule profile and when it took place',
  CardsDealt: 'R4: the cards dealt (ten to each seat, two to the skat) and who shuffled',
  DealPassedIn: 'R8: all passed; no score',
  DealScored: 'R22-R34: the result the engine derived under the recorded rule profile',
  ScoreCorrected: "An arbiter's correction of the recorded score (the original stays)",
  MoveWithdrawn: 'A recording slip taken back: the moves named count as not made (nothing is deleted)',
  ResultEntered: "A deal's result entered without its cards (a paper list's line)",
  DealConfirmed: 'A player of the deal agreed with the recorded result',
  DealContested: 'A player of the deal disputed the recorded result (open until an arbiter rules)',
  DisputeRuled: "The arbiter's ruling on a contest: upheld (a correction follows) or rejected",
  ResultUpgraded: "A result-only deal's cards were recorded and reproduced its result; the cards and moves follow",
  ShuffleCommitted: 'Fair dealing: the server committed to its secret seed (SHA-256) before any card was dealt (docs/fair-dealing.md)',
  ClientSeedAdded: "Fair dealing: a seat's client seed, mixed into the shuffle before the cards are dealt",
  ServerSeedRevealed: 'Fair dealing: the server seed, revealed once the deal ended, so anybody can recompute the shuffle',
  ServerSeedLost: 'Fair dealing: the seed behind the commitment was not found; the deal is unverifiable',
  DealRecordedAsSeen: 'The deal is recorded as seen at the table: no hand is known; cards follow as played, the skat when shown',
  HandsRevealed: 'A deal recorded as seen: every card placed; the hands and skat it implies, checked in full (the result follows)',
  HandsReplaced: 'A mistyped hand replaced before the first card (L25): the deal counts as dealt so, the moves so far replayed over the new cards',
};

function describeDealEvent(type: DealEventType): string {
  const own = (DEAL_EVENT_DESCRIPTIONS as Readonly<Record<string, string>>)[type];
  if (own) return own;
  const move = moveDefinitions().find((d) => d.eventTypes[0] === type);
  return move ? (move.eventDescription ?? `Recorded by ${move.mutation.name}: ${move.description}`) : '';
}

const ISS_RECORD_IMPORTED_DESCRIPTION = "An imported deal's last event: the ISS record's provenance and everything the deal events do not carry";
const OTHER_DESCRIPTION = 'A stored event type this ledger does not know (written by another tool or a later version)';

const TABLE_EVENT_DESCRIPTIONS: Readonly<Record<TableEventType, string>> = {
  TableOpened: 'R36: a table opened its series: players, first dealer, rule profile, series length',
  TableDealOpened: "R3/R37: the table started its next deal (the dealer and deal number are the table's)",
  TablePlayersJoined: 'Players joined the table between deals',
  SeriesClosed: "The table's series was closed (no more deals)",
};
const TOURNAMENT_EVENT_DESCRIPTIONS: Readonly<Record<TournamentEventType, string>> = {
  TournamentCreated: 'A tournament was created: its name, rule profile and rounds',
  TournamentTableAdded: 'A table was added to a round of the tournament',
  LossFeeSet: "The tournament's loss fee was set (per lost game, and from a player's 4th in one list)",
  SeatsDrawn: "A round's seat draw (random with its seed, or by standings) and the tables it made",
  RoundClosed: 'L21: a round was closed once every series of it was closed; it takes no further table',
  TournamentClosed: 'L22: the tournament was closed after its last round (early: with the reason); it takes no further draw, table or fee',
  PlayersEntered: 'L23: players were entered on the roster (late ones are drawn from the next round on)',
  PlayerRenamed: 'L23: a name on the roster was corrected (before the player sat at a table)',
  PlayerRemoved: 'L23: a player was taken off the roster (not drawn again; his deals stay in the standings)',
};
const ACCESS_EVENT_DESCRIPTIONS: Readonly<Record<AccessEventType, string>> = {
  TokenIssued: 'An organiser issued a token (its id and claims, never the token itself)',
  TokenRevoked: 'A token was revoked',
};
const BRANCH_EVENT_DESCRIPTIONS: Readonly<Record<BranchEventType, string>> = {
  BranchForked: 'A what-if branch started from one step of a recorded deal',
  BranchMovePlayed: 'A move played in a what-if branch',
  BranchDeleted: 'A what-if branch was deleted',
};

type Described = readonly (readonly [string, string])[];

/** Every event type a deal stream holds, each with its description, in stream order. */
export const DEAL_STREAM_EVENT_TYPES: Described = [
  ...DEAL_EVENT_TYPES.map((t) => [t, describeDealEvent(t)] as const),
  [ISS_RECORD_IMPORTED, ISS_RECORD_IMPORTED_DESCRIPTION],
];

const describedList = <T extends string>(types: readonly T[], descriptions: Readonly<Record<T, string>>): Described =>
  types.map((t) => [t, descriptions[t]] as const);

/** Every event type of every stream the ledger writes: deals, tables, tournaments, access tokens, branches. */
export const LEDGER_EVENT_TYPES: Described = [
  ...DEAL_STREAM_EVENT_TYPES,
  ...describedList(TABLE_EVENT_TYPES, TABLE_EVENT_DESCRIPTIONS),
  ...describedList(TOURNAMENT_EVENT_TYPES, TOURNAMENT_EVENT_DESCRIPTIONS),
  ...describedList(ACCESS_EVENT_TYPES, ACCESS_EVENT_DESCRIPTIONS),
  ...describedList(BRANCH_EVENT_TYPES, BRANCH_EVENT_DESCRIPTIONS),
];

/** The descriptions written for each stream: a test holds them to the enum values (none left over, none missing). */
export const WRITTEN_EVENT_DESCRIPTIONS: readonly Readonly<Record<string, string>>[] = [
  DEAL_EVENT_DESCRIPTIONS,
  TABLE_EVENT_DESCRIPTIONS,
  TOURNAMENT_EVENT_DESCRIPTIONS,
  ACCESS_EVENT_DESCRIPTIONS,
  BRANCH_EVENT_DESCRIPTIONS,
];

/** A GraphQL enum whose value names are its values (the stored names), OTHER last. */
function eventTypeEnum(name: string, description: string, types: Described): Readonly<Record<string, string>> {
  const values: Record<string, string> = {};
  const valuesMap: Record<string, { description: string }> = {};
  for (const [type, text] of [...types, [OTHER_EVENT_TYPE, OTHER_DESCRIPTION] as const]) {
    values[type] = type;
    valuesMap[type] = { description: text };
  }
  registerEnumType(values, { name, description, valuesMap });
  return values;
}

export const DealEventTypeEnum = eventTypeEnum(
  'DealEventType',
  "The type of an event in a deal's stream (the stored name, e.g. CardPlayed); OTHER for a name this ledger does not know",
  DEAL_STREAM_EVENT_TYPES,
);
export const LedgerEventTypeEnum = eventTypeEnum(
  'LedgerEventType',
  'The type of an event in any stream of the ledger (deal, table, tournament, access, branch; the stored name); OTHER for a name this ledger does not know',
  LEDGER_EVENT_TYPES,
);

/** The stored type as DealEventType: a name outside the set reads as OTHER. */
export const dealEventTypeOf = (stored: string): string => (Object.hasOwn(DealEventTypeEnum, stored) ? stored : OTHER_EVENT_TYPE);
/** The stored type as LedgerEventType: a name outside the set reads as OTHER. */
export const ledgerEventTypeOf = (stored: string): string => (Object.hasOwn(LedgerEventTypeEnum, stored) ? stored : OTHER_EVENT_TYPE);
