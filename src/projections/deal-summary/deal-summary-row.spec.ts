import { randomDeal } from '../../../test/deal/random-deal';
import type { RecordedEvent } from '../../event-store/event-store';
import type { DealSummary } from './deal-summary';
import { foldDealSummary } from './deal-summary-fold';
import { DEAL_SUMMARY_FIELDS, decodeDealSummary, encodeDealSummary } from './deal-summary-row';

/** Summaries as the live fold builds them, scored and corrected ones included. */
function summaries(): DealSummary[] {
  const out: DealSummary[] = [];
  for (let i = 0; i < 40; i++) {
    const { events } = randomDeal(`row${i}`, `row-${i}`);
    let s: DealSummary | null = null;
    events.forEach((e, k) => {
      const recorded = {
        ...e,
        streamName: `deal-row${i}`,
        eventId: `e${k}`,
        revision: BigInt(k),
        position: String(k + 1),
        metadata: { eventId: `e${k}`, source: 'test' },
      } as RecordedEvent;
      s = foldDealSummary(s, recorded);
    });
    if (s) out.push(s);
  }
  const last = out[out.length - 1];
  out.push({ ...last, corrected: true, originalScore: last.score, score: 99, correctionReason: 'arbiter: wrong count – “fixed”', correctedBy: 'Ärbiter' });
  // An imported deal whose archive record's own result disagrees with the engine's.
  const archive = {
    uses: 'engine',
    agrees: false,
    mismatches: [{ field: 'v', recorded: -96, recomputed: -48 }],
    text: 'recorded result disagrees: v',
    recordedValue: -96,
    recordedDeclarerPoints: 40,
  } as const;
  out.push({ ...last, archive });
  return out;
}

describe('deal summary rows (stored as a JSON array of values)', () => {
  it('every summary reads back deep-equal, with the keys in the order the fold builds them', () => {
    for (const s of summaries()) {
      const back = decodeDealSummary(encodeDealSummary(s));
      expect(back).toEqual(s);
      expect(Object.keys(back)).toEqual(Object.keys(s));
      expect(JSON.stringify(back)).toBe(JSON.stringify(s));
    }
  });

  it('lists every field of a summary, in the fold order', () => {
    expect([...DEAL_SUMMARY_FIELDS]).toEqual(Object.keys(summaries()[0]));
  });

  it('stores no keys: the row is about half the size of the object JSON', () => {
    const s = summaries()[0];
    const stored = encodeDealSummary(s);
    expect(stored.startsWith('[')).toBe(true);
    expect(stored).not.toContain('"declarerName"');
    expect(stored.length).toBeLessThan(JSON.stringify(s).length * 0.7);
  });

  it('a field that is undefined (an older event without it) stays absent, not null', () => {
    const s = { ...summaries()[0], computerSeats: undefined, correctedBy: undefined, derivation: undefined } as unknown as DealSummary;
    const back = decodeDealSummary(encodeDealSummary(s));
    expect('computerSeats' in back).toBe(false);
    expect('correctedBy' in back).toBe(false);
    expect('derivation' in back).toBe(false);
    expect(back.correctionReason).toBeNull();
    expect(JSON.stringify(back)).toBe(JSON.stringify(s));
  });

  it('refuses text that is not a stored summary', () => {
    expect(() => decodeDealSummary('{"dealId":"x"}')).toThrow(/deal summary row holds no array/);
    expect(() => decodeDealSummary('[1,2,3]')).toThrow(/holds 3 values, expected 44/);
    expect(() => decodeDealSummary('[broken')).toThrow(SyntaxError);
  });
});

describe('derivation lines in a stored row', () => {
  const base = (): DealSummary => summaries()[0];

  it('plain { ruleId, text } lines are stored as a flat list of strings and read back as lines', () => {
    const s = base();
    expect(s.derivation.length).toBeGreaterThan(0);
    const stored = JSON.parse(encodeDealSummary(s)) as unknown[];
    expect(stored[DEAL_SUMMARY_FIELDS.indexOf('derivation')]).toEqual(s.derivation.flatMap((l) => [l.ruleId, l.text]));
    expect(decodeDealSummary(encodeDealSummary(s)).derivation).toEqual(s.derivation);
  });

  it.each([
    ['a line with another key', [{ ruleId: 'R1', text: 'a', extra: 1 }]],
    ['a line with its keys in another order', [{ text: 'a', ruleId: 'R1' }]],
    ['a line without text', [{ ruleId: 'R1' }]],
    ['a line that is a string', ['R1']],
    ['strings only', ['R1', 'a']],
    ['no list at all', null],
    ['an empty list', []],
  ])('anything else (%s) reads back exactly as it was', (_what, derivation) => {
    const s = { ...base(), derivation } as unknown as DealSummary;
    const back = decodeDealSummary(encodeDealSummary(s));
    expect(JSON.stringify(back)).toBe(JSON.stringify(s));
    expect(back.derivation).toEqual(derivation);
  });
});
