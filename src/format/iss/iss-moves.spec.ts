import type { Declaration } from '../../rules/declaration';
import { corpusLines } from '../../../test/iss/corpus';
import { declarationOfToken, issTokensFromMoves, issTokensToMoves, modifiersOf } from './iss-moves';
import { readIssRecord, readMoves } from './iss-reader';
import type { IssToken } from './iss-record';
import { writeMoves } from './iss-writer';

const DEAL = 'w CJ.S7.H8.SA.DA.CQ.DK.CK.C8.D8.D9.HK.HA.SQ.CT.S8.HJ.SJ.DT.ST.H9.S9.HQ.SK.HT.CA.C9.C7.D7.DQ.H7.DJ';

function tokens(mv: string): IssToken[] {
  const t = readMoves(mv);
  if (typeof t === 'string') throw new Error(t);
  return t;
}

function moves(mv: string) {
  const r = issTokensToMoves(tokens(mv));
  if (!r.ok) throw new Error(r.reason);
  return r.value;
}

describe('IssMoves: record tokens -> engine moves (seat 0/1/2 = forehand/middlehand/rearhand, R2)', () => {
  it('maps the deal to hands and skat in ISS order (iss-format 3.1)', () => {
    const g = moves(DEAL);
    expect(g.dealt.hands[0].slice(0, 2)).toEqual(['CJ', 'S7']);
    expect(g.dealt.hands[1][0]).toBe('D9');
    expect(g.dealt.hands[2][0]).toBe('H9');
    expect(g.dealt.skat).toEqual(['H7', 'DJ']);
  });

  it('maps bidding, pick-up and a declaration with discards to discard then declare (R6, R9, R10)', () => {
    const g = moves(`${DEAL} 1 18 0 y 1 p 2 p 0 s w H7.DJ 0 D.H7.DJ 0 CJ`);
    expect(g.moves).toEqual([
      { kind: 'bid', seat: 1, value: 18 },
      { kind: 'hold', seat: 0 },
      { kind: 'pass', seat: 1 },
      { kind: 'pass', seat: 2 },
      { kind: 'pickUpSkat', seat: 0 },
      { kind: 'discard', seat: 0, cards: ['H7', 'DJ'] },
      { kind: 'declare', seat: 0, declaration: { gameType: 'diamonds', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false } },
      { kind: 'play', seat: 0, card: 'CJ' },
    ]);
    // the token each move came from: the w H7.DJ token has no move
    expect(g.tokenOfMove).toEqual([1, 2, 3, 4, 5, 7, 7, 8]);
  });

  it('puts the split form "0 G" then "0 SK.S7" in engine order (iss-format 3.3)', () => {
    const g = moves(`${DEAL} 1 p 2 p 0 18 0 s w H7.DJ 0 G 0 SK.S7`);
    expect(g.moves.slice(-2).map((m) => m.kind)).toEqual(['discard', 'declare']);
  });

  it('drops a split declaration left unfinished by a time-out (seen in record 10330141)', () => {
    const g = moves(`${DEAL} 1 p 2 p 0 18 0 s w H7.DJ 0 C w TI.0`);
    expect(g.moves.slice(-2)).toEqual([
      { kind: 'pickUpSkat', seat: 0 },
      { kind: 'abandon', reason: 'timeout', seat: 0 },
    ]);
  });

  it('maps SC, RE, TI and LE, and stops at a ?? card (D3)', () => {
    const g = moves(`${DEAL} 0 SC 1 RE w LE.2 0 ?? 0 CJ`);
    expect(g.moves).toEqual([
      { kind: 'showCards', seat: 0 },
      { kind: 'resign', seat: 1 },
      { kind: 'abandon', reason: 'left', seat: 2 },
    ]);
    expect(g.unknownCardAt).toBe(4);
  });

  it('refuses a skat shown that is not the dealt skat (R9)', () => {
    const r = issTokensToMoves(tokens(`${DEAL} 1 p 2 p 0 18 0 s w CJ.S7`));
    expect(r).toMatchObject({ ok: false, ruleId: 'R9', tokenIndex: 5 });
  });

  it('refuses a move list that does not start with the deal (R4)', () => {
    expect(issTokensToMoves(tokens('1 p'))).toMatchObject({ ok: false, ruleId: 'R4' });
    expect(issTokensToMoves([])).toMatchObject({ ok: false, ruleId: 'R4' });
  });

  it('reads every corpus move list', () => {
    for (const l of corpusLines()) {
      const r = readIssRecord(l.text);
      if (!r.ok) throw new Error(r.error.reason);
      const m = issTokensToMoves(r.record.moves);
      expect(m.ok ? '' : m.reason).toBe('');
    }
  });
});

describe('IssMoves: declaration letters <-> Declaration (R11, R12, iss-format 3.3)', () => {
  const decl = (mv: string): Declaration => {
    const t = tokens(mv)[0];
    if (t.kind !== 'declare') throw new Error('not a declaration');
    return declarationOfToken(t);
  };

  it.each([
    ['0 C', { gameType: 'clubs', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false }],
    ['0 CH', { gameType: 'clubs', hand: true, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false }],
    ['0 CHS', { gameType: 'clubs', hand: true, schneiderAnnounced: true, schwarzAnnounced: false, ouvert: false }],
    ['0 CHZ', { gameType: 'clubs', hand: true, schneiderAnnounced: true, schwarzAnnounced: true, ouvert: false }],
    ['0 GO', { gameType: 'grand', hand: true, schneiderAnnounced: true, schwarzAnnounced: true, ouvert: true }],
    ['0 N', { gameType: 'null', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false }],
    ['0 NH', { gameType: 'null', hand: true, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false }],
    ['0 NO', { gameType: 'null', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: true }],
    ['0 NOH', { gameType: 'null', hand: true, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: true }],
  ])('%s', (mv, expected) => {
    const d = decl(mv);
    expect(d).toEqual(expected);
    expect(modifiersOf(d)).toBe(mv.slice(3));
  });
});

describe('IssMoves: engine moves -> record tokens (for deals recorded live)', () => {
  it('writes pick-up with the skat shown, and discards inside the declaration', () => {
    const g = moves(`${DEAL} 1 18 0 y 1 p 2 p 0 s w H7.DJ 0 D.H7.DJ 0 CJ 1 SC 2 RE w TI.1`);
    const back = issTokensFromMoves(g.dealt, g.moves);
    expect(back.ok && writeMoves(back.tokens)).toBe(`${DEAL} 1 18 0 y 1 p 2 p 0 s w H7.DJ 0 D.H7.DJ 0 CJ 1 SC 2 RE w TI.1`);
  });

  it('rewrites the split form as one declaration token', () => {
    const g = moves(`${DEAL} 1 p 2 p 0 18 0 s w H7.DJ 0 G 0 S7.H8`);
    const back = issTokensFromMoves(g.dealt, g.moves);
    expect(back.ok && writeMoves(back.tokens)).toBe(`${DEAL} 1 p 2 p 0 18 0 s w H7.DJ 0 G.S7.H8`);
  });

  it('lists the ouvert declarer cards: hand ouvert the 10 dealt, null ouvert after pick-up the 10 kept (R14)', () => {
    const hand = moves(`${DEAL} 1 p 2 p 0 18 0 GO`);
    const h = issTokensFromMoves(hand.dealt, hand.moves);
    expect(h.ok && writeMoves(h.tokens).endsWith('0 GO.CJ.S7.H8.SA.DA.CQ.DK.CK.C8.D8')).toBe(true);
    const pick = moves(`${DEAL} 1 p 2 p 0 18 0 s w H7.DJ 0 NO.CJ.S7`);
    const p = issTokensFromMoves(pick.dealt, pick.moves);
    expect(p.ok && writeMoves(p.tokens).endsWith('0 NO.CJ.S7.H8.SA.DA.CQ.DK.CK.C8.D8.H7.DJ')).toBe(true);
  });

  it('keeps discards in place when a time-out comes before the declaration', () => {
    const g = moves(DEAL);
    const back = issTokensFromMoves(g.dealt, [
      { kind: 'pass', seat: 1 },
      { kind: 'pass', seat: 2 },
      { kind: 'bid', seat: 0, value: 18 },
      { kind: 'pickUpSkat', seat: 0 },
      { kind: 'discard', seat: 0, cards: ['CJ', 'S7'] },
      { kind: 'abandon', reason: 'left', seat: 2 },
    ]);
    expect(back.ok && writeMoves(back.tokens)).toBe(`${DEAL} 1 p 2 p 0 18 0 s w H7.DJ 0 CJ.S7 w LE.2`);
  });

  it('refuses what ISS cannot write: Kontra/Re (R40) and a misdeal', () => {
    const g = moves(DEAL);
    expect(issTokensFromMoves(g.dealt, [{ kind: 'kontra', seat: 1 }])).toMatchObject({ ok: false });
    expect(issTokensFromMoves(g.dealt, [{ kind: 'abandon', reason: 'misdeal' }])).toMatchObject({ ok: false });
  });
});
