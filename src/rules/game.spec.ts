import type { Card } from './card';
import type { DealtCards } from './dealing';
import { dealFromIssOrder } from './dealing';
import type { Declaration, GameType } from './declaration';
import { applyMove, legalMoves, replay, seatToAct, startGame } from './game';
import type { GameState } from './game-state';
import type { Move } from './move';
import type { Judgement } from '../kernel/refusal';
import type { Seat } from './seat';
import { ISKO_PROFILE } from './variant/isko';
import { ISS_PROFILE } from './variant/iss';
import type { RuleProfile } from './variant/rule-profile';

const cards = (s: string): Card[] => s.trim().split(/\s+/) as Card[];

/** F: all jacks + clubs; M: spades and high hearts; R: low hearts and diamonds; skat C7 D7. */
const DEAL: DealtCards = {
  hands: [cards('CJ SJ HJ DJ CA CT CK CQ C9 C8'), cards('SA ST SK SQ S9 S8 S7 HA HT HK'), cards('HQ H9 H8 H7 DA DT DK DQ D9 D8')],
  skat: ['C7', 'D7'],
};

/** R16 example: middlehand holds C7, HK, HJ when forehand leads HT in a diamonds game. */
const R16_DEAL: DealtCards = {
  hands: [cards('HT SA SK SQ S9 S8 S7 DA DT DK'), cards('C7 HK HJ CA CT CK CQ C9 C8 DQ'), cards('CJ SJ DJ HA HQ H9 H8 H7 D9 D8')],
  skat: ['ST', 'D7'],
};

const decl = (gameType: GameType, o: Partial<Declaration> = {}): Declaration => ({
  gameType,
  hand: false,
  schneiderAnnounced: false,
  schwarzAnnounced: false,
  ouvert: false,
  ...o,
});

function ok<T>(j: Judgement<T>): T {
  if (!j.ok) throw new Error(`${j.refusal.ruleId}: ${j.refusal.reason}`);
  return j.value;
}

function apply(state: GameState, ...moves: Move[]): GameState {
  return moves.reduce((s, m) => ok(applyMove(s, m)), state);
}

function refused(state: GameState, move: Move): { ruleId: string; reason: string } {
  const before = JSON.stringify(state);
  const r = applyMove(state, move);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(move)}`);
  expect(JSON.stringify(state)).toBe(before); // the state is untouched
  return r.refusal;
}

const play = (seat: Seat, card: Card): Move => ({ kind: 'play', seat, card });
const start = (profile: RuleProfile = ISKO_PROFILE, dealt: DealtCards = DEAL): GameState => ok(startGame(dealt, profile));

/** Forehand declarer at 18 after "1 p 2 p 0 18". */
function forehandDeclarer(profile: RuleProfile = ISKO_PROFILE, dealt: DealtCards = DEAL): GameState {
  return apply(start(profile, dealt), { kind: 'pass', seat: 1 }, { kind: 'pass', seat: 2 }, { kind: 'bid', seat: 0, value: 18 });
}

function handGame(d: Declaration, profile: RuleProfile = ISKO_PROFILE, dealt: DealtCards = DEAL): GameState {
  return apply(forehandDeclarer(profile, dealt), { kind: 'declare', seat: 0, declaration: d });
}

/** Plays cards given as "0 CJ 1 S7 ..." */
function plays(state: GameState, text: string): GameState {
  const t = text.trim().split(/\s+/);
  let s = state;
  for (let i = 0; i < t.length; i += 2) s = ok(applyMove(s, play(Number(t[i]) as Seat, t[i + 1] as Card)));
  return s;
}

describe('game: start and bidding', () => {
  it('R1/R4: startGame refuses a bad deck', () => {
    const bad = { hands: [DEAL.hands[0], DEAL.hands[1], DEAL.hands[1]], skat: DEAL.skat } as DealtCards;
    const r = startGame(bad, ISKO_PROFILE);
    expect(!r.ok && r.refusal.ruleId).toBe('R1');
    const short = { hands: [DEAL.hands[0].slice(1), DEAL.hands[1], DEAL.hands[2]], skat: DEAL.skat } as DealtCards;
    expect(!startGame(short, ISKO_PROFILE).ok).toBe(true);
  });

  it('R6: middlehand says first; the history records bids, holds and passes with values', () => {
    let s = start();
    expect(s.phase).toBe('bidding');
    expect(seatToAct(s)).toBe(1);
    s = apply(s, { kind: 'bid', seat: 1, value: 18 }, { kind: 'hold', seat: 0 }, { kind: 'bid', seat: 1, value: 20 }, { kind: 'pass', seat: 0 });
    expect(seatToAct(s)).toBe(2);
    s = apply(s, { kind: 'pass', seat: 2 });
    expect(s.phase).toBe('skatDecision');
    expect(s.declarer).toBe(1);
    expect(s.highestBid).toBe(20);
    expect(s.biddingHistory).toEqual([
      { seat: 1, call: 'bid', value: 18 },
      { seat: 0, call: 'hold', value: 18 },
      { seat: 1, call: 'bid', value: 20 },
      { seat: 0, call: 'pass' },
      { seat: 2, call: 'pass' },
    ]);
  });

  it("R7: forehand's option: he bids 18 and the auction ends", () => {
    const s = forehandDeclarer();
    expect(s.phase).toBe('skatDecision');
    expect(s.declarer).toBe(0);
    expect(s.highestBid).toBe(18);
  });

  it('R8: all pass: phase passedIn, result zero for everyone', () => {
    const s = apply(start(), { kind: 'pass', seat: 1 }, { kind: 'pass', seat: 2 }, { kind: 'pass', seat: 0 });
    expect(s.phase).toBe('passedIn');
    expect(seatToAct(s)).toBeNull();
    expect(s.result).toMatchObject({ kind: 'passedIn', passedIn: true, declarer: null, bid: null, score: null, seatScores: [0, 0, 0] });
    expect(s.result?.derivation).toHaveLength(1);
    expect(s.result?.derivation[0].ruleId).toBe('R8');
    expect(legalMoves(s)).toEqual([]);
  });

  it('R5/R6: a bid out of turn or below the highest value is refused, state untouched', () => {
    const s = apply(start(), { kind: 'bid', seat: 1, value: 20 });
    expect(refused(s, { kind: 'bid', seat: 2, value: 22 }).ruleId).toBe('R6');
    expect(refused(s, { kind: 'play', seat: 0, card: 'CJ' }).ruleId).toBe('R15');
    expect(refused(start(), { kind: 'bid', seat: 1, value: 21 }).ruleId).toBe('R5');
  });

  it('R2: a move needs a seat 0, 1 or 2', () => {
    expect(refused(start(), { kind: 'pass', seat: 3 as Seat }).ruleId).toBe('R2');
  });
});

describe('game: skat and declaration', () => {
  it('R9: picking up gives the declarer 12 cards; a hand game is then refused', () => {
    let s = apply(forehandDeclarer(), { kind: 'pickUpSkat', seat: 0 });
    expect(s.phase).toBe('discarding');
    expect(s.hands[0]).toHaveLength(12);
    expect(s.skatPickedUp).toBe(true);
    s = apply(s, { kind: 'discard', seat: 0, cards: ['C7', 'D7'] });
    expect(refused(s, { kind: 'declare', seat: 0, declaration: decl('clubs', { hand: true }) })).toEqual({
      ruleId: 'R9',
      reason: 'the declarer has looked at the skat; a hand game is no longer possible',
    });
  });

  it('R9: a hand game is declared without touching the skat; only the declarer decides', () => {
    const s = forehandDeclarer();
    expect(refused(s, { kind: 'pickUpSkat', seat: 1 }).ruleId).toBe('R9');
    const h = apply(s, { kind: 'declare', seat: 0, declaration: decl('clubs', { hand: true }) });
    expect(h.phase).toBe('playing');
    expect(h.skat).toEqual(['C7', 'D7']);
    expect(h.hands[0]).toHaveLength(10);
  });

  it('R10: the discard is exactly two held cards and becomes the skat', () => {
    const s = apply(forehandDeclarer(), { kind: 'pickUpSkat', seat: 0 });
    expect(refused(s, { kind: 'discard', seat: 0, cards: ['C7'] as never }).ruleId).toBe('R10');
    expect(refused(s, { kind: 'discard', seat: 0, cards: ['C7', 'SA'] }).reason).toBe('the declarer does not hold SA');
    expect(refused(s, { kind: 'declare', seat: 0, declaration: decl('clubs') }).ruleId).toBe('R10');
    const d = apply(s, { kind: 'discard', seat: 0, cards: ['CJ', 'CA'] });
    expect(d.skat).toEqual(['CJ', 'CA']);
    expect(d.discarded).toEqual(['CJ', 'CA']);
    expect(d.hands[0]).not.toContain('CJ');
    expect(d.hands[0]).toHaveLength(10);
    expect(d.phase).toBe('declaring');
  });

  it('R11: suit ouvert after pick-up is refused; null ouvert after pick-up is allowed and shows the cards (R14)', () => {
    const s = apply(forehandDeclarer(), { kind: 'pickUpSkat', seat: 0 }, { kind: 'discard', seat: 0, cards: ['C7', 'D7'] });
    expect(refused(s, { kind: 'declare', seat: 0, declaration: decl('clubs', { ouvert: true }) }).ruleId).toBe('R11');
    const n = apply(s, { kind: 'declare', seat: 0, declaration: decl('null', { ouvert: true }) });
    expect(n.cardsShown).toBe(true);
    expect(n.playMode).toBe('null');
  });

  it('R12: schneider announced after pick-up is refused', () => {
    const s = apply(forehandDeclarer(), { kind: 'pickUpSkat', seat: 0 }, { kind: 'discard', seat: 0, cards: ['C7', 'D7'] });
    expect(refused(s, { kind: 'declare', seat: 0, declaration: decl('clubs', { schneiderAnnounced: true }) }).ruleId).toBe('R12');
  });

  it('R14: a grand ouvert shows the declarer cards and counts as schwarz announced', () => {
    const s = handGame(decl('grand', { hand: true, ouvert: true }));
    expect(s.cardsShown).toBe(true);
    expect(s.declaration).toEqual(decl('grand', { hand: true, ouvert: true, schneiderAnnounced: true, schwarzAnnounced: true }));
  });

  it('R13: before the first lead a switch to a higher game is allowed, to a lower one or after the lead not', () => {
    const s = handGame(decl('diamonds', { hand: true }));
    const up = apply(s, { kind: 'declare', seat: 0, declaration: decl('grand', { hand: true }) });
    expect(up.declaration?.gameType).toBe('grand');
    expect(up.playMode).toBe('grand');
    expect(refused(up, { kind: 'declare', seat: 0, declaration: decl('diamonds', { hand: true }) }).ruleId).toBe('R13');
    const led = plays(up, '0 CJ');
    expect(refused(led, { kind: 'declare', seat: 0, declaration: decl('grand', { hand: true, ouvert: true }) })).toEqual({
      ruleId: 'R13',
      reason: 'the declaration is irrevocable once the first card is led',
    });
  });

  it('R32/R33: a declaration below the bid is legal (it becomes an overbid loss when scored)', () => {
    // Middlehand has no jack: diamonds hand without 4 = 9 x 6 = 54, below his bid of 60.
    let s = apply(start(), { kind: 'bid', seat: 1, value: 60 }, { kind: 'pass', seat: 0 }, { kind: 'pass', seat: 2 });
    s = apply(s, { kind: 'declare', seat: 1, declaration: decl('diamonds', { hand: true }) });
    expect(s.phase).toBe('playing');
    expect(s.highestBid).toBe(60);
  });
});

describe('game: play', () => {
  it('R15: forehand leads trick 1 and the trick winner leads the next', () => {
    const s = handGame(decl('clubs', { hand: true }));
    expect(seatToAct(s)).toBe(0);
    expect(refused(s, play(1, 'SA')).ruleId).toBe('R15');
    const t = plays(s, '0 CJ 1 SA 2 HQ');
    expect(t.tricks[0]).toMatchObject({ leader: 0, winner: 0, points: 2 + 11 + 3 });
    expect(seatToAct(t)).toBe(0);
    const u = plays(handGame(decl('hearts', { hand: true })), '0 C8 1 HA 2 DA');
    // hearts game: HA is a trump and takes the clubs lead
    expect(u.tricks[0].winner).toBe(1);
    expect(seatToAct(u)).toBe(1);
  });

  it('R15: a card not in hand is refused', () => {
    expect(refused(handGame(decl('clubs', { hand: true })), play(0, 'SA'))).toEqual({ ruleId: 'R15', reason: 'forehand does not hold SA' });
    expect(refused(handGame(decl('clubs', { hand: true })), play(0, 'ZZ' as Card)).ruleId).toBe('R1');
  });

  it('R16: a jack does not follow its printed suit in a suit game (rules.md example in play)', () => {
    const s = handGame(decl('diamonds', { hand: true }), ISKO_PROFILE, R16_DEAL);
    const led = plays(s, '0 HT');
    expect(refused(led, play(1, 'HJ'))).toEqual({ ruleId: 'R16', reason: 'middlehand must follow hearts (holds HK); HJ is a trump in a diamonds game' });
    expect(legalMoves(led).filter((m) => m.kind === 'play')).toEqual([play(1, 'HK')]);
  });

  it('R16: a led jack is a trump and must be followed with trumps', () => {
    // hearts game: CJ led; middlehand's hearts HA HT HK are his trumps
    const s = plays(handGame(decl('hearts', { hand: true })), '0 CJ');
    expect(legalMoves(s).filter((m) => m.kind === 'play')).toEqual([play(1, 'HA'), play(1, 'HT'), play(1, 'HK')]);
    expect(refused(s, play(1, 'SA')).reason).toBe('middlehand must follow trumps (holds HA, HT, HK); SA is not a trump in a hearts game');
  });

  it('R16: unable to follow, any card may be played', () => {
    const s = plays(handGame(decl('grand', { hand: true })), '0 C8');
    expect(legalMoves(s).filter((m) => m.kind === 'play')).toHaveLength(10);
  });

  it('R17: the highest trump takes the trick; otherwise the highest card of the led suit', () => {
    const s = plays(handGame(decl('spades', { hand: true })), '0 C8 1 S7 2 DA');
    expect(s.tricks[0].winner).toBe(1);
    const g = plays(handGame(decl('grand', { hand: true })), '0 CA 1 SA 2 HQ');
    expect(g.tricks[0].winner).toBe(0);
  });

  it('R18: a null game ends as soon as the declarer takes a trick', () => {
    const s = plays(handGame(decl('null', { hand: true })), '0 CA 1 S7 2 H7');
    expect(s.phase).toBe('finished');
    expect(s.endedBy).toBe('nullTrickTaken');
    expect(s.tricks).toHaveLength(1);
    expect(s.result?.won).toBe(false);
    expect(legalMoves(s)).toEqual([]);
    expect(refused(s, play(0, 'CT')).ruleId).toBe('R15');
  });

  it('R19: a schwarz-announced game ends the moment the defenders take a trick', () => {
    const s = plays(handGame(decl('diamonds', { hand: true, schwarzAnnounced: true })), '0 C8 1 S7 2 D8');
    expect(s.tricks[0].winner).toBe(2);
    expect(s.phase).toBe('finished');
    expect(s.endedBy).toBe('defendersTookTrick');
    expect(s.result?.won).toBe(false);
  });

  it('R19: grand ouvert is decided the same way', () => {
    const g = plays(handGame(decl('grand', { hand: true, ouvert: true })), '0 CA 1 SA 2 HQ 0 C8 1 S7 2 D8');
    expect(g.phase).toBe('playing'); // the declarer took both tricks so far
    const s = plays(handGame(decl('grand', { hand: true, ouvert: true }), ISKO_PROFILE, R16_DEAL), '0 HT 1 HK 2 HA');
    expect(s.tricks[0].winner).toBe(2);
    expect(s.phase).toBe('finished');
    expect(s.endedBy).toBe('defendersTookTrick');
    expect(s.result?.won).toBe(false);
  });

  it('R20: a failure to follow is refused (play continues after correction), never recorded', () => {
    const led = plays(handGame(decl('diamonds', { hand: true }), ISKO_PROFILE, R16_DEAL), '0 HT');
    expect(refused(led, play(1, 'CA'))).toEqual({ ruleId: 'R16', reason: 'middlehand must follow hearts (holds HK); CA is clubs' });
    expect(led.moves).toHaveLength(5);
  });

  it('plays ten tricks to the end with 120 points in all (R1/R22)', () => {
    // Clubs hand by forehand: he leads all his trumps first.
    let s = handGame(decl('clubs', { hand: true }));
    while (s.phase === 'playing') {
      const moves = legalMoves(s).filter((m) => m.kind === 'play');
      s = ok(applyMove(s, moves[0]));
    }
    expect(s.tricks).toHaveLength(10);
    expect(s.endedBy).toBe('allTricks');
    expect(s.tricks.reduce((a, t) => a + t.points, 0) + 0 /* skat C7 D7 */).toBe(120);
    expect(s.result?.declarerPoints).toBe(s.tricks.filter((t) => t.winner === 0).reduce((a, t) => a + t.points, 0));
    expect(s.hands.every((h) => h.length === 0)).toBe(true);
  });
});

/** Test-only reader of ISS move text ("1 18 0 p 2 p 1 s w X.Y 1 D.HK.H8 0 HA ..."). */
function issMoves(mv: string): Move[] {
  const t = mv.trim().split(/\s+/);
  const types: Record<string, GameType> = { C: 'clubs', S: 'spades', H: 'hearts', D: 'diamonds', G: 'grand', N: 'null' };
  const out: Move[] = [];
  for (let i = 0; i < t.length; i += 2) {
    if (t[i] === 'w') continue;
    const seat = Number(t[i]) as Seat;
    const a = t[i + 1];
    if (a === 'p') out.push({ kind: 'pass', seat });
    else if (a === 'y') out.push({ kind: 'hold', seat });
    else if (/^\d+$/.test(a)) out.push({ kind: 'bid', seat, value: Number(a) });
    else if (a === 's') out.push({ kind: 'pickUpSkat', seat });
    else if (a === 'SC') out.push({ kind: 'showCards', seat });
    else if (a === 'RE') out.push({ kind: 'resign', seat });
    else if (a.length === 2 && /^[CSHD][AKQJT987]$/.test(a)) out.push(play(seat, a as Card));
    else {
      const [head, ...rest] = a.split('.');
      const gameType = types[head[0]];
      const mods = head.slice(1);
      const ouvert = mods.includes('O');
      const pickedUp = rest.length >= 2;
      if (pickedUp) out.push({ kind: 'discard', seat, cards: [rest[0] as Card, rest[1] as Card] });
      const impl = ouvert && gameType !== 'null';
      out.push({
        kind: 'declare',
        seat,
        declaration: {
          gameType,
          hand: !pickedUp,
          ouvert,
          schneiderAnnounced: mods.includes('S') || mods.includes('Z') || impl,
          schwarzAnnounced: mods.includes('Z') || impl,
        },
      });
    }
  }
  return out;
}

function issGame(deck: string, mv: string, profile: RuleProfile = ISS_PROFILE): GameState {
  const dealt = ok(dealFromIssOrder(deck.split('.')));
  return ok(replay(dealt, issMoves(mv), profile));
}

describe('game: results from play', () => {
  it('R10/R22: the discards count as card points for the declarer', () => {
    // Forehand picks up C7 D7 and discards CA and CT (21 points), then plays clubs.
    let s = apply(
      forehandDeclarer(),
      { kind: 'pickUpSkat', seat: 0 },
      { kind: 'discard', seat: 0, cards: ['CA', 'CT'] },
      { kind: 'declare', seat: 0, declaration: decl('clubs') },
    );
    while (s.phase === 'playing') s = ok(applyMove(s, legalMoves(s).filter((m) => m.kind === 'play')[0]));
    const trickPoints = s.tricks.filter((t) => t.winner === 0).reduce((a, t) => a + t.points, 0);
    expect(s.result?.declarerPoints).toBe(trickPoints + 21);
  });

  it('R10/R22: in a hand game the untouched skat counts for the declarer', () => {
    const dealt: DealtCards = { ...DEAL, hands: [DEAL.hands[0], DEAL.hands[1], cards('HQ H9 H8 H7 C7 DT DK DQ D9 D8')], skat: ['DA', 'D7'] };
    let s = handGame(decl('clubs', { hand: true }), ISKO_PROFILE, dealt);
    while (s.phase === 'playing') s = ok(applyMove(s, legalMoves(s).filter((m) => m.kind === 'play')[0]));
    const trickPoints = s.tricks.filter((t) => t.winner === 0).reduce((a, t) => a + t.points, 0);
    expect(s.result?.declarerPoints).toBe(trickPoints + 11);
  });

  it('R32: a game declared below the bid is played and scored as overbid', () => {
    // Middlehand bids 264 and plays diamonds hand: diamonds is worth at most 9 x 18 = 162.
    let s = apply(
      start(),
      { kind: 'bid', seat: 1, value: 264 },
      { kind: 'pass', seat: 0 },
      { kind: 'pass', seat: 2 },
      { kind: 'declare', seat: 1, declaration: decl('diamonds', { hand: true }) },
    );
    while (s.phase === 'playing') s = ok(applyMove(s, legalMoves(s).filter((m) => m.kind === 'play')[0]));
    expect(s.result).toMatchObject({ kind: 'scored', declarer: 1, bid: 264, overbid: true, won: false });
  });
});

describe('game: claims and resignations', () => {
  it('D3: on ISS a claim (SC) lets play go on and one defender resigning changes nothing (record 4940313... ID 4913037)', () => {
    const s = issGame(
      'HQ.S7.HA.SQ.DT.CK.H9.D8.ST.DK.CQ.D7.C9.SA.S9.HK.D9.DA.HJ.DJ.DQ.SK.C8.C7.HT.S8.CT.CA.H7.SJ.H8.CJ',
      '1 18 0 p 2 p 1 s 1 D.HK.H8 0 HA 1 DA 2 H7 1 CJ 2 DQ 0 D8 1 DJ 2 SJ 0 DT 2 S8 0 S7 1 S9 1 HJ 2 C7 0 DK 1 SA 2 SK 0 SQ 1 C9 2 CA 0 CK 2 C8 0 H9 1 CQ 1 SC 1 D7 0 RE 2 CT 0 HQ 1 D9 2 HT 0 ST',
    );
    expect(s.claimed).toBe(true);
    expect(s.resigned).toEqual([0]);
    expect(s.tricks.every((t) => !t.unplayed)).toBe(true);
    // ISS: d:1 win v:27 m:1 bidok p:91 t:8 s:1
    expect(s.result).toMatchObject({ kind: 'scored', declarer: 1, won: true, score: 27, matadors: 1, declarerPoints: 91, declarerTricks: 8, schneider: true });
  });

  it('D3: when both defenders resign every remaining trick goes to the declarer (ISS grand ouvert record)', () => {
    const s = issGame(
      'HJ.HA.DJ.HQ.SA.H7.CA.CJ.HT.H8.H9.D7.DT.C7.ST.CK.C9.SK.S9.CT.C8.SQ.HK.S8.D9.DK.SJ.D8.CQ.DA.DQ.S7',
      '1 p 2 p 0 18 0 GO 0 CJ 0 SC 1 RE 1 H9 2 RE',
    );
    expect(s.phase).toBe('finished');
    expect(s.endedBy).toBe('defendersResigned');
    expect(s.tricks).toHaveLength(10);
    expect(s.tricks[0]).toMatchObject({ leader: 0, winner: 0, unplayed: true });
    expect(s.tricks[0].cards.map((c) => c.card)).toEqual(['CJ', 'H9', 'C8']);
    expect(s.tricks.slice(1).every((t) => t.unplayed && t.winner === 0 && t.cards.length === 3)).toBe(true);
    // ISS: d:0 win v:192 m:1 p:120 t:10 s:1 z:1
    expect(s.result).toMatchObject({ won: true, score: 192, matadors: 1, declarerPoints: 120, declarerTricks: 10, schneider: true, schwarz: true });
  });

  it('D3: both defenders resigning a null game leaves the declarer without a trick (ISS null ouvert record)', () => {
    const s = issGame(
      'HK.SK.HJ.CA.SA.C9.S8.H7.ST.HT.C7.HA.CJ.DK.HQ.D7.C8.DA.DT.D9.SQ.DQ.H8.S9.CK.S7.SJ.CT.H9.CQ.DJ.D8',
      '1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 24 0 y 1 27 0 y 1 30 0 y 1 33 0 y 1 35 0 p 2 p 1 s 1 NO.HA.HQ 2 RE 0 RE',
    );
    // ISS: d:1 win v:46 m:0 bidok p:14 t:0 (bid 35 < 46)
    expect(s.result).toMatchObject({ won: true, score: 46, declarerPoints: 14, declarerTricks: 0 });
  });

  it('R18: a null hand lost in the first trick (ISS NOH record: v:-118 p:12 t:1)', () => {
    const s = issGame('CJ.S7.H8.SA.DA.CQ.DK.CK.C8.D8.D9.HK.HA.SQ.CT.S8.HJ.SJ.DT.ST.H9.S9.HQ.SK.HT.CA.C9.C7.D7.DQ.H7.DJ', '1 18 0 p 2 p 1 NOH 0 C8 1 CT 2 C9');
    expect(s.endedBy).toBe('nullTrickTaken');
    expect(s.result).toMatchObject({ won: false, score: -118, declarerPoints: 12, declarerTricks: 1 });
  });

  it('D3: on ISS the declarer resigning gives no remaining trick to anybody: the game ends as played', () => {
    const s = apply(handGame(decl('clubs', { hand: true }), ISS_PROFILE), play(0, 'CJ'), { kind: 'resign', seat: 0 });
    expect(s.phase).toBe('finished');
    expect(s.endedBy).toBe('declarerResigned');
    expect(s.tricks).toHaveLength(0);
    expect(s.currentTrick?.cards).toEqual([{ seat: 0, card: 'CJ' }]);
    expect(s.result?.won).toBe(false);
    expect(s.result?.declarerPoints).toBe(0); // only the untouched skat C7 D7, worth 0
    expect(s.result?.declarerTricks).toBe(0);
  });

  it('R21: under the ISkO profile the declarer resigning gives every remaining trick to the defenders', () => {
    const s = apply(handGame(decl('clubs', { hand: true })), play(0, 'CJ'), { kind: 'resign', seat: 0 });
    expect(s.endedBy).toBe('declarerResigned');
    expect(s.tricks).toHaveLength(10);
    expect(s.tricks.every((t) => t.winner === 1 && t.unplayed)).toBe(true);
    expect(s.result?.won).toBe(false);
  });

  it('D3: one defender cannot resign twice', () => {
    const s = apply(handGame(decl('clubs', { hand: true }), ISS_PROFILE), { kind: 'resign', seat: 1 });
    expect(s.phase).toBe('playing');
    expect(refused(s, { kind: 'resign', seat: 1 })).toEqual({ ruleId: 'R21', reason: 'middlehand has already resigned' });
  });

  it('R21: under the ISkO profile a claim ends the game with the remaining tricks to the declarer', () => {
    const s = apply(handGame(decl('clubs', { hand: true })), play(0, 'CJ'), play(1, 'SA'), { kind: 'showCards', seat: 0 });
    expect(s.phase).toBe('finished');
    expect(s.endedBy).toBe('claim');
    expect(s.claimed).toBe(true);
    expect(s.tricks.every((t) => t.winner === 0)).toBe(true);
    expect(s.tricks.reduce((a, t) => a + t.cards.length, 0)).toBe(30);
    expect(s.result?.declarerTricks).toBe(10);
  });

  it('R21: a concession by one defender ends the game under ISkO; only the declarer may claim', () => {
    const g = handGame(decl('clubs', { hand: true }));
    expect(refused(g, { kind: 'showCards', seat: 1 }).ruleId).toBe('R21');
    const s = apply(g, { kind: 'resign', seat: 2 });
    expect(s.endedBy).toBe('defendersResigned');
    expect(s.result?.won).toBe(true);
  });

  it('R21: resigning or claiming outside play is refused', () => {
    expect(refused(start(), { kind: 'resign', seat: 0 }).ruleId).toBe('R21');
    expect(refused(forehandDeclarer(), { kind: 'showCards', seat: 0 }).ruleId).toBe('R21');
  });
});

describe('game: house options and abandoned deals', () => {
  const kontraProfile: RuleProfile = { ...ISKO_PROFILE, houseOptions: { ...ISKO_PROFILE.houseOptions, kontraRe: true } };

  it('R40: Kontra/Re are refused unless the profile switches them on', () => {
    expect(refused(handGame(decl('clubs', { hand: true })), { kind: 'kontra', seat: 1 }).reason).toBe(
      'Kontra is a house option that the "isko" profile does not allow',
    );
  });

  it('R40: Kontra by a defender, Re by the declarer, both before the first card', () => {
    const g = handGame(decl('clubs', { hand: true }), kontraProfile);
    expect(refused(g, { kind: 'kontra', seat: 0 }).reason).toBe('only a defender may say Kontra');
    expect(refused(g, { kind: 're', seat: 0 }).reason).toBe('Re answers a Kontra; none has been said');
    const k = apply(g, { kind: 'kontra', seat: 2 }, { kind: 're', seat: 0 });
    expect([k.kontra, k.re]).toEqual([true, true]);
    expect(refused(apply(g, play(0, 'CJ')), { kind: 'kontra', seat: 1 }).ruleId).toBe('R40');
    const done = apply(k, { kind: 'resign', seat: 1 });
    expect(done.result?.won).toBe(true);
  });

  it('D3: an abandoned deal is stored as not scoreable with its reason', () => {
    const s = apply(start(), { kind: 'bid', seat: 1, value: 18 }, { kind: 'abandon', reason: 'timeout', seat: 0 });
    expect(s.phase).toBe('abandoned');
    expect(s.abandonReason).toBe('time-out (forehand)');
    expect(s.result).toMatchObject({ kind: 'notScoreable', notScoreableReason: 'time-out (forehand)', score: null, seatScores: [0, 0, 0] });
    expect(refused(s, { kind: 'abandon', reason: 'left' }).ruleId).toBe('D3');
    expect(refused(start(), { kind: 'abandon', reason: 'bored' as never }).ruleId).toBe('D3');
  });

  it('R42: with Ramsch on, all passing starts a Ramsch: jacks only trumps, skat to the last trick', () => {
    const ramschProfile: RuleProfile = { ...ISKO_PROFILE, allPassed: 'ramsch', houseOptions: { ...ISKO_PROFILE.houseOptions, ramsch: true } };
    let s = apply(start(ramschProfile), { kind: 'pass', seat: 1 }, { kind: 'pass', seat: 2 }, { kind: 'pass', seat: 0 });
    expect(s.phase).toBe('playing');
    expect(s.playMode).toBe('ramsch');
    expect(s.declarer).toBeNull();
    expect(refused(s, { kind: 'resign', seat: 0 }).ruleId).toBe('R42');
    while (s.phase === 'playing') s = ok(applyMove(s, legalMoves(s)[0]));
    expect(s.tricks).toHaveLength(10);
    const r = s.result!;
    expect(r.kind).toBe('ramsch');
    // forehand (all jacks, all clubs) takes every trick: Durchmarsch
    expect(r.seatScores).toEqual([120, 0, 0]);
  });
});

describe('game: replay and legal moves', () => {
  it('replay names the failing move by index', () => {
    const r = replay(
      DEAL,
      [
        { kind: 'pass', seat: 1 },
        { kind: 'pass', seat: 1 },
      ],
      ISKO_PROFILE,
    );
    expect(r).toEqual({ ok: false, refusal: { ruleId: 'R6', reason: "move 1 (middlehand pass): it is rearhand's turn to bid to forehand, not middlehand's" } });
  });

  it('every listed legal move is accepted, in every phase', () => {
    const states = [start(), forehandDeclarer(), apply(forehandDeclarer(), { kind: 'pickUpSkat', seat: 0 }), handGame(decl('clubs', { hand: true }))];
    for (const s of states) {
      const moves = legalMoves(s);
      expect(moves.length).toBeGreaterThan(0);
      for (const m of moves) expect(applyMove(s, m).ok).toBe(true);
    }
    expect(legalMoves(apply(forehandDeclarer(), { kind: 'pickUpSkat', seat: 0 })).length).toBe(66);
  });
});

describe('game: hostile moves are refused, never thrown on', () => {
  // fast-check found { kind: 'bid', seat: { toString: [] } }: String() of it throws.
  const unprintable = { toString: [] };

  it('R2/D3: a seat, kind or reason that cannot be written as text is refused with the rule', () => {
    const s = start();
    expect(refused(s, { kind: 'bid', seat: unprintable } as never)).toEqual({ ruleId: 'R2', reason: 'a bid move needs a seat 0, 1 or 2, got (object)' });
    expect(refused(s, { kind: unprintable, seat: 0 } as never).ruleId).toBe('D3');
    expect(refused(s, { kind: 'abandon', reason: unprintable } as never).ruleId).toBe('D3');
    expect(refused(s, { kind: 'abandon', seat: unprintable, reason: 'timeout' } as never).ruleId).toBe('D3');
  });

  it('R5: a bid value that cannot be written as text is refused, and replay names the move', () => {
    expect(refused(start(), { kind: 'bid', seat: 1, value: unprintable } as never)).toEqual({
      ruleId: 'R5',
      reason: '(object) is not a bid value; the next is 18',
    });
    const r = replay(DEAL, [{ kind: 'bid', seat: 1, value: unprintable } as never], ISKO_PROFILE);
    expect(r.ok ? '' : r.refusal.reason).toBe('move 0 (an unreadable object): (object) is not a bid value; the next is 18');
  });

  it('D3: "toString" is not a reason to abandon a deal', () => {
    expect(refused(start(), { kind: 'abandon', reason: 'toString' } as never).ruleId).toBe('D3');
  });
});
