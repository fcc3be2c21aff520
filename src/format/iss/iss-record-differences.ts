import type { IssRecord, IssResult } from './iss-record';

/**
 * The properties in which two records with the same ID differ, as an import reports a conflict:
 * header keys (`P0`, `DT`, ...) whose values differ or that only one of them has, `MV` when the
 * move lists differ, `R.<key>` for each differing result field by its ISS key (`R.v`, `R.p`,
 * `R.win` for win/loss/penalty, `R.overbid` for overbid/bidok; `R` when only one has a result), and `layout` when only spacing or the order of properties differs. Empty: the same.
 */
export function issRecordDifferences(stored: IssRecord, incoming: IssRecord): string[] {
  const out: string[] = [];
  const a = new Map(stored.header.map((h) => [h.key, h.value]));
  const b = new Map(incoming.header.map((h) => [h.key, h.value]));
  for (const key of new Set([...a.keys(), ...b.keys()])) if (a.get(key) !== b.get(key)) out.push(key);
  if (JSON.stringify(stored.moves) !== JSON.stringify(incoming.moves)) out.push('MV');
  out.push(...resultDifferences(stored.result, incoming.result));
  if (
    out.length === 0 &&
    (JSON.stringify(stored.layout) !== JSON.stringify(incoming.layout) || stored.propertyOrder.join() !== incoming.propertyOrder.join())
  ) {
    out.push('layout');
  }
  return out;
}

/** IssResultFields → the key the record writes it under. */
const RESULT_KEYS: Readonly<Record<string, string>> = {
  declarer: 'd',
  outcome: 'win',
  value: 'v',
  matadors: 'm',
  overbid: 'overbid',
  declarerPoints: 'p',
  declarerTricks: 't',
  schneider: 's',
  schwarz: 'z',
  penalties: 'p0-p2',
  left: 'l',
  timeout: 'to',
  resigned: 'r',
};

function resultDifferences(a: IssResult | null, b: IssResult | null): string[] {
  if (a === null || b === null) return a === b ? [] : ['R'];
  if (a.kind !== 'game' || b.kind !== 'game') return a.kind === b.kind ? [] : ['R'];
  const out: string[] = [];
  for (const f of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = (a as unknown as Record<string, unknown>)[f];
    const y = (b as unknown as Record<string, unknown>)[f];
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push(`R.${RESULT_KEYS[f] ?? f}`);
  }
  return out;
}
