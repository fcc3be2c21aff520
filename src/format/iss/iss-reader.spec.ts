import { corpusLineById, corpusLines } from '../../../test/iss/corpus';
import { issPropertyValue, readIssRecord, readMoves, MAX_RECORD_LENGTH } from './iss-reader';
import type { IssRecord, IssToken } from './iss-record';
import { writeIssRecord } from './iss-writer';

function read(line: string): IssRecord {
  const r = readIssRecord(line);
  if (!r.ok) throw new Error(r.error.reason);
  return r.record;
}

function tokens(mv: string): IssToken[] {
  const t = readMoves(mv);
  if (typeof t === 'string') throw new Error(t);
  return t;
}

function readError(line: string): string {
  const r = readIssRecord(line);
  if (r.ok) throw new Error('expected a parse error');
  return r.error.reason;
}

const DEAL = 'w CJ.S7.H8.SA.DA.CQ.DK.CK.C8.D8.D9.HK.HA.SQ.CT.S8.HJ.SJ.DT.ST.H9.S9.HQ.SK.HT.CA.C9.C7.D7.DQ.H7.DJ';
const line = (mv: string, r = 'passed') =>
  `(;GM[Skat]PC[International Skat Server]CO[]SE[1]ID[42]DT[2020-01-01/00:00:00/UTC]P0[a]P1[b]P2[c]R0[]R1[]R2[]MV[${mv} ]R[${r}] ;)`;

describe('IssReader / IssWriter round trip (iss-format 1-4)', () => {
  const lines = corpusLines();

  it('the corpus holds the 33 real records', () => {
    expect(lines).toHaveLength(33);
  });

  it.each(lines.map((l) => [`${l.file.split('/').pop()}:${l.line}`, l.text]))('reads and rewrites %s byte for byte', (_name, text) => {
    expect(writeIssRecord(read(text))).toBe(text);
  });

  it('keeps header fields in written order, unknown keys included', () => {
    const r = read(line('w ' + DEAL.slice(2) + ' 1 p 2 p 0 p').replace('GM[Skat]', 'GM[Skat]XX[kept]'));
    expect(r.header.map((h) => h.key)).toEqual(['GM', 'XX', 'PC', 'CO', 'SE', 'ID', 'DT', 'P0', 'P1', 'P2', 'R0', 'R1', 'R2']);
    expect(r.header[1]).toEqual({ key: 'XX', value: 'kept' });
    expect(r.propertyOrder.slice(-2)).toEqual(['MV', 'R']);
  });

  it('rewrites live-protocol forms byte for byte: hidden deal, ??.?? skat, SC.<cards>, ??, split declaration', () => {
    const hidden = Array(10).fill('??').join('.');
    const live = line(`w ${hidden}|D9.S9.ST.S8.C9.DT.DQ.CJ.SA.HA|${hidden}|??.?? 1 18 0 p 2 p 1 s w ??.?? 1 G 1 D9.S9 0 ?? 1 SC.CJ.SA 2 RE w LE.0`);
    expect(writeIssRecord(read(live))).toBe(live);
  });

  it('reads 2007 records without CO[] and with R0[null]', () => {
    const r = read(corpusLineById('727'));
    expect(r.header.find((h) => h.key === 'CO')).toBeUndefined();
    expect(r.result).toMatchObject({ kind: 'game', declarer: 0, outcome: 'win', value: 192, resigned: null });
  });
});

describe('IssReader tokens (iss-format 3)', () => {
  it('reads the deal as 32 cards in seat order', () => {
    const [deal] = tokens(DEAL);
    expect(deal.kind).toBe('deal');
    if (deal.kind === 'deal') expect(deal.cards.slice(0, 2)).toEqual(['CJ', 'S7']);
  });

  it('reads the live deal form with ?? for hidden cards', () => {
    const hidden = Array(10).fill('??').join('.');
    const [t] = tokens(`w ${hidden}|D9.S9.ST.S8.C9.DT.DQ.CJ.SA.HA|${hidden}|??.??`);
    expect(t).toMatchObject({ kind: 'liveDeal', skat: [null, null] });
    if (t.kind === 'liveDeal') expect(t.hands[1][0]).toBe('D9');
  });

  it('reads bids, holds, passes, pick-up and skat shown (R5, R6, R9)', () => {
    expect(tokens('1 18 0 y 1 p 2 20 0 s w H8.CK w ??.??')).toEqual([
      { kind: 'bid', seat: 1, value: 18 },
      { kind: 'hold', seat: 0 },
      { kind: 'pass', seat: 1 },
      { kind: 'bid', seat: 2, value: 20 },
      { kind: 'pickUp', seat: 0 },
      { kind: 'skatShown', cards: ['H8', 'CK'] },
      { kind: 'skatShown', cards: [null, null] },
    ]);
  });

  it('reads declarations in every written form (R11-R14)', () => {
    const ten = 'CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8';
    expect(tokens(`2 D.ST.H8 2 CH 1 NOH 0 GO 0 GO.${ten} 1 NO.HA.HQ.${ten} 1 NO.HA.HQ 0 G 0 SK.S7 0 CHZ`)).toEqual([
      { kind: 'declare', seat: 2, gameType: 'diamonds', modifiers: '', discards: ['ST', 'H8'], shown: null },
      { kind: 'declare', seat: 2, gameType: 'clubs', modifiers: 'H', discards: null, shown: null },
      { kind: 'declare', seat: 1, gameType: 'null', modifiers: 'OH', discards: null, shown: null },
      { kind: 'declare', seat: 0, gameType: 'grand', modifiers: 'O', discards: null, shown: null },
      { kind: 'declare', seat: 0, gameType: 'grand', modifiers: 'O', discards: null, shown: ten.split('.') },
      { kind: 'declare', seat: 1, gameType: 'null', modifiers: 'O', discards: ['HA', 'HQ'], shown: ten.split('.') },
      { kind: 'declare', seat: 1, gameType: 'null', modifiers: 'O', discards: ['HA', 'HQ'], shown: null },
      { kind: 'declare', seat: 0, gameType: 'grand', modifiers: '', discards: null, shown: null },
      { kind: 'discard', seat: 0, cards: ['SK', 'S7'] },
      { kind: 'declare', seat: 0, gameType: 'clubs', modifiers: 'HZ', discards: null, shown: null },
    ]);
  });

  it('reads plays, ??, SC, SC.<cards>, RE, TI.n and LE.n (iss-format 3.5)', () => {
    expect(tokens('0 CJ 0 ?? 1 SC 1 SC.CJ.SJ 2 RE w TI.2 w LE.1')).toEqual([
      { kind: 'play', seat: 0, card: 'CJ' },
      { kind: 'play', seat: 0, card: null },
      { kind: 'showCards', seat: 1, cards: null },
      { kind: 'showCards', seat: 1, cards: ['CJ', 'SJ'] },
      { kind: 'resign', seat: 2 },
      { kind: 'timeout', seat: 2 },
      { kind: 'left', seat: 1 },
    ]);
  });

  it('an H after the type letter is a modifier, not hearts (iss-format 3.3)', () => {
    expect(tokens('0 HH')[0]).toMatchObject({ gameType: 'hearts', modifiers: 'H' });
    expect(tokens('0 SHS')[0]).toMatchObject({ gameType: 'spades', modifiers: 'HS' });
  });
});

describe('IssReader errors: a reason, never an exception', () => {
  it.each([
    ['a bad card code (R1)', line(DEAL.replace('CJ', 'XJ')), '"XJ" is not a card code'],
    ['a duplicate card in the deal (R1)', line(DEAL.replace('S7', 'CJ')), 'CJ is dealt twice'],
    ['31 cards', line(DEAL.replace('.DJ', '')), 'a deal has 32 cards, got 31'],
    ['33 cards', line(DEAL + '.DJ'), 'a deal has 32 cards, got 33'],
    ['an actor without action', line(DEAL + ' 1'), 'has no action'],
    ['an unknown actor', line(DEAL + ' 3 p'), 'unknown actor'],
    ['an unknown action', line(DEAL + ' 1 xyz'), 'unknown action'],
    ['a bid with a leading zero', line(DEAL + ' 1 018'), 'leading zeros'],
    ['a hand game with two discards', line(DEAL + ' 1 CH.S7.S8'), 'hand declaration'],
    ['null announcing schneider', line(DEAL + ' 1 NS'), 'null game cannot announce'],
    ['a repeated modifier', line(DEAL + ' 1 CHH'), 'repeats a modifier'],
    ['a truncated line', line(DEAL).slice(0, 120), 'never closed'],
    ['a missing start', 'GM[Skat] ;)', 'starts with "(;"'],
    ['junk after the close', line(DEAL) + 'x', 'unexpected text'],
    ['no MV', '(;GM[Skat]ID[7]R[passed] ;)', 'no MV'],
    ['a bad result', line(DEAL, 'd:9 win'), 'result R[...]'],
    ['a huge line', '(;' + 'A'.repeat(MAX_RECORD_LENGTH + 1), 'characters long'],
  ])('%s', (_name, text, reason) => {
    expect(readError(text)).toContain(reason);
  });

  it('names the record ID when it was readable', () => {
    const r = readIssRecord(line(DEAL + ' 1 xyz'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.id).toBe('42');
  });
});

describe('issPropertyValue', () => {
  it('is the header field readIssRecord reads, for every corpus record and key', () => {
    for (const { text } of corpusLines()) {
      const r = readIssRecord(text);
      if (!r.ok) continue;
      for (const key of ['SE', 'ID', 'DT', 'P0', 'XX']) expect(issPropertyValue(text, key)).toBe(r.record.header.find((h) => h.key === key)?.value ?? null);
    }
  });

  it('is null when the properties before it do not read', () => {
    expect(issPropertyValue('(;ID[1]SE[2', 'SE')).toBeNull();
    expect(issPropertyValue('(;ID 1]SE[2]', 'SE')).toBeNull();
    expect(issPropertyValue('ID[1]SE[2]', 'SE')).toBeNull();
  });
});
