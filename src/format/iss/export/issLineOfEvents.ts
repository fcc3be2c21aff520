import { initialDealState } from '../../../deal/dealState';
import { isDealEventType, type DealAbandonedData, type DealStartedData, type StoredDealEvent } from '../../../deal/events';
import { foldDeal } from '../../../deal/evolve';
import { issResultFromGame } from '../IssResult';
import type { IssRecord, IssResult } from '../IssRecord';
import { writeIssRecord } from '../IssWriter';
import { isIssRecordImported } from '../import/issRecordImported';
import { applyTokenPatch } from './tokenPatch';
import { tokensOfEvents, type AnyEvent } from './tokensOfEvents';

/** What the ISS export writes as PC[...] for deals recorded live. */
export const LIVE_PLACE = 'Skat Ledger';

/**
 * A deal's events → one ISS record line. An imported deal gets its own header, result and layout
 * back from the import event, and its move list regenerated from the deal events (plus the patch
 * of what the events do not say), so the line equals the imported one byte for byte. A live deal
 * becomes a plain record that jskat-style parsers read.
 */
export function issLineOfEvents(events: readonly AnyEvent[]): string {
  return writeIssRecord(issRecordOfEvents(events));
}

export function issRecordOfEvents(events: readonly AnyEvent[]): IssRecord {
  const imported = events.find(isIssRecordImported);
  const moves = tokensOfEvents(events);
  if (imported) {
    const d = imported.data;
    return { header: d.header, propertyOrder: d.propertyOrder, layout: d.layout, result: d.recordedResult, moves: applyTokenPatch(moves, d.movesPatch) };
  }
  const started = events.find((e) => e.type === 'DealStarted')?.data as DealStartedData | undefined;
  if (!started) throw new Error('the deal has no DealStarted event: nothing to export');
  if (moves[0]?.kind !== 'deal') throw new Error(`deal ${started.dealId} has no dealt cards: nothing to export`);
  const header = [
    { key: 'GM', value: 'Skat' },
    { key: 'PC', value: LIVE_PLACE },
    { key: 'CO', value: '' },
    { key: 'SE', value: clean(started.tableId ?? '') },
    { key: 'ID', value: clean(started.dealId) },
    { key: 'DT', value: issTime(started.startedAt) },
    { key: 'P0', value: clean(started.players[0]) },
    { key: 'P1', value: clean(started.players[1]) },
    { key: 'P2', value: clean(started.players[2]) },
    { key: 'R0', value: '' },
    { key: 'R1', value: '' },
    { key: 'R2', value: '' },
  ];
  const abandoned = events.find((e) => e.type === 'DealAbandoned')?.data as DealAbandonedData | undefined;
  const result = issResultOfDeal(events, abandoned ?? null);
  return {
    header,
    propertyOrder: [...header.map((h) => h.key), 'MV', ...(result ? ['R'] : [])],
    layout: { movesTrailingSpace: true, beforeClose: ' ' },
    moves,
    result,
  };
}

/**
 * The deal's result in ISS result fields, as the engine derives it on replay; a time-out or a
 * departure becomes a server penalty naming the seat (D3). Null while the deal is in progress.
 */
export function issResultOfDeal(events: readonly AnyEvent[], abandoned: DealAbandonedData | null): IssResult | null {
  const state = foldDeal(events.filter((e) => isDealEventType(e.type)) as StoredDealEvent[], initialDealState);
  const game = state.game;
  if (!game?.result) return null;
  const scored = issResultFromGame(game);
  if (scored) return scored;
  const g = game.result;
  const seat = abandoned?.seat ?? -1;
  return {
    kind: 'game',
    declarer: g.declarer ?? -1,
    outcome: 'penalty',
    value: 0,
    matadors: 0,
    overbid: false,
    declarerPoints: g.declarerPoints ?? 0,
    declarerTricks: g.declarerTricks ?? 0,
    schneider: false,
    schwarz: false,
    penalties: [0, 0, 0],
    left: abandoned?.reason === 'left' ? seat : -1,
    timeout: abandoned?.reason === 'timeout' ? seat : -1,
    resigned: false,
  };
}

/** ISO time → `YYYY-MM-DD/HH:MM:SS/UTC`. */
export function issTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const s = d.toISOString();
  return `${s.slice(0, 10)}/${s.slice(11, 19)}/UTC`;
}

/** Property values cannot hold `]` (it ends the value) nor line breaks (one record per line). */
function clean(value: string): string {
  return value.replace(/[\]\r\n]/g, '_');
}
