/**
 * How a deal summary is stored in its read-model row: a JSON array of the field values in a fixed
 * order, not an object. The keys were half of every row (~500 of ~1040 bytes), and a rebuild's
 * cost grows with the bytes it writes: WAL frames, the checkpoint, every secondary index build
 * scanning the table. Reading gives back an object with the keys in the order a fold builds them.
 * The derivation, a third of what is left, is stored as [ruleId, text, ruleId, text, ...].
 *
 * A top-level field that is undefined (an event from before the field existed) would come back
 * as null from a plain array; such rows carry one more element, the indexes to leave out, so a
 * row always reads back exactly as the summary that was written.
 */
import type { DerivationLine } from '../../rules/game-result';
import type { DealSummary } from './deal-summary';

/** Fields in stored order; also the key order of a decoded summary. */
export const DEAL_SUMMARY_FIELDS = [
  'dealId',
  'tableId',
  'tournamentId',
  'dealNumber',
  'startedAt',
  'source',
  'profileId',
  'profileVersion',
  'players',
  'dealer',
  'sittingOut',
  'computerSeats',
  'status',
  'passedIn',
  'declarer',
  'declarerName',
  'gameType',
  'hand',
  'ouvert',
  'schneiderAnnounced',
  'schwarzAnnounced',
  'bid',
  'won',
  'gameValue',
  'score',
  'originalScore',
  'corrected',
  'correctionReason',
  'correctedBy',
  'seatScores',
  'matadors',
  'overbid',
  'declarerPoints',
  'declarerTricks',
  'schneider',
  'schwarz',
  'notScoreableReason',
  'derivation',
  'lastRevision',
  'provenance',
  'confirmedBy',
  'disputes',
  'openDisputes',
  'archive',
] as const satisfies readonly (keyof DealSummary)[];

// Compile-time: every field of DealSummary is stored (a new field must be added above and below).
type Unstored = Exclude<keyof DealSummary, (typeof DEAL_SUMMARY_FIELDS)[number]>;
const everyFieldStored: [Unstored] extends [never] ? true : Unstored = true;
void everyFieldStored;

const FIELD_COUNT = DEAL_SUMMARY_FIELDS.length;

/** True when the line is exactly { ruleId, text } with string values, in that key order. */
function isPlainLine(line: DerivationLine): boolean {
  if (line === null || typeof line !== 'object' || typeof line.ruleId !== 'string' || typeof line.text !== 'string') return false;
  let n = 0;
  for (const key in line) {
    if (key !== (n === 0 ? 'ruleId' : 'text') || ++n > 2) return false;
  }
  return n === 2 && Object.getPrototypeOf(line) === Object.prototype;
}

/**
 * Plain lines as one flat array of strings; anything else (never written by this build, but an
 * event may hold it) wrapped as { v: value }, so it reads back unchanged.
 */
function encodeDerivation(derivation: readonly DerivationLine[]): unknown {
  if (!Array.isArray(derivation)) return { v: derivation };
  const flat = new Array<string>(derivation.length * 2);
  for (let i = 0; i < derivation.length; i++) {
    const line = derivation[i];
    if (!isPlainLine(line)) return { v: derivation };
    flat[2 * i] = line.ruleId;
    flat[2 * i + 1] = line.text;
  }
  return flat;
}

function decodeDerivation(stored: unknown): readonly DerivationLine[] {
  if (!Array.isArray(stored)) return (stored as { v: readonly DerivationLine[] }).v;
  const lines = new Array<DerivationLine>(stored.length / 2);
  for (let i = 0; i < lines.length; i++) lines[i] = { ruleId: stored[2 * i] as string, text: stored[2 * i + 1] as string };
  return lines;
}

/** The stored text of a summary. Written out field by field: monomorphic reads, no key strings. */
export function encodeDealSummary(s: DealSummary): string {
  const values: unknown[] = [
    s.dealId,
    s.tableId,
    s.tournamentId,
    s.dealNumber,
    s.startedAt,
    s.source,
    s.profileId,
    s.profileVersion,
    s.players,
    s.dealer,
    s.sittingOut,
    s.computerSeats,
    s.status,
    s.passedIn,
    s.declarer,
    s.declarerName,
    s.gameType,
    s.hand,
    s.ouvert,
    s.schneiderAnnounced,
    s.schwarzAnnounced,
    s.bid,
    s.won,
    s.gameValue,
    s.score,
    s.originalScore,
    s.corrected,
    s.correctionReason,
    s.correctedBy,
    s.seatScores,
    s.matadors,
    s.overbid,
    s.declarerPoints,
    s.declarerTricks,
    s.schneider,
    s.schwarz,
    s.notScoreableReason,
    s.derivation === undefined ? undefined : encodeDerivation(s.derivation),
    s.lastRevision,
    s.provenance,
    s.confirmedBy,
    s.disputes,
    s.openDisputes,
    s.archive,
  ];
  if (values.includes(undefined)) {
    const absent: number[] = [];
    for (let i = 0; i < FIELD_COUNT; i++) if (values[i] === undefined) absent.push(i);
    values.push(absent);
  }
  return JSON.stringify(values);
}

/** A summary from its stored text; refuses text that is not a stored summary. */
export function decodeDealSummary(json: string): DealSummary {
  const v = JSON.parse(json) as unknown[];
  if (!Array.isArray(v) || (v.length !== FIELD_COUNT && v.length !== FIELD_COUNT + 1)) {
    throw new Error(`a deal summary row holds ${Array.isArray(v) ? `${v.length} values` : 'no array'}, expected ${FIELD_COUNT}`);
  }
  const s = {
    dealId: v[0],
    tableId: v[1],
    tournamentId: v[2],
    dealNumber: v[3],
    startedAt: v[4],
    source: v[5],
    profileId: v[6],
    profileVersion: v[7],
    players: v[8],
    dealer: v[9],
    sittingOut: v[10],
    computerSeats: v[11],
    status: v[12],
    passedIn: v[13],
    declarer: v[14],
    declarerName: v[15],
    gameType: v[16],
    hand: v[17],
    ouvert: v[18],
    schneiderAnnounced: v[19],
    schwarzAnnounced: v[20],
    bid: v[21],
    won: v[22],
    gameValue: v[23],
    score: v[24],
    originalScore: v[25],
    corrected: v[26],
    correctionReason: v[27],
    correctedBy: v[28],
    seatScores: v[29],
    matadors: v[30],
    overbid: v[31],
    declarerPoints: v[32],
    declarerTricks: v[33],
    schneider: v[34],
    schwarz: v[35],
    notScoreableReason: v[36],
    derivation: v[37] === null ? null : decodeDerivation(v[37]),
    lastRevision: v[38],
    provenance: v[39],
    confirmedBy: v[40],
    disputes: v[41],
    openDisputes: v[42],
    archive: v[43],
  } as unknown as DealSummary;
  if (v.length > FIELD_COUNT) for (const i of v[FIELD_COUNT] as number[]) delete (s as unknown as Record<string, unknown>)[DEAL_SUMMARY_FIELDS[i]];
  return s;
}
