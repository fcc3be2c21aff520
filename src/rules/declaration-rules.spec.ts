import type { Declaration } from './declaration';
import { declaredValue, judgeDeclaration, judgeDiscard, judgeRedeclaration } from './declaration-rules';

const decl = (gameType: Declaration['gameType'], o: Partial<Declaration> = {}): Declaration => ({
  gameType,
  hand: false,
  schneiderAnnounced: false,
  schwarzAnnounced: false,
  ouvert: false,
  ...o,
});

describe('declaration rules', () => {
  it('R9: after looking at the skat a hand game is refused', () => {
    const r = judgeDeclaration(decl('clubs', { hand: true }), true);
    if (r.ok) throw new Error('accepted');
    expect(r.refusal).toEqual({ ruleId: 'R9', reason: 'the declarer has looked at the skat; a hand game is no longer possible' });
  });

  it('R9: without picking up, the game must be hand', () => {
    const r = judgeDeclaration(decl('clubs'), false);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.ruleId).toBe('R9');
    expect(judgeDeclaration(decl('clubs', { hand: true }), false).ok).toBe(true);
  });

  it('R11: suit and grand ouvert are hand-only; null ouvert may follow a pick-up', () => {
    const r = judgeDeclaration(decl('grand', { ouvert: true }), true);
    if (r.ok) throw new Error('accepted');
    expect(r.refusal.ruleId).toBe('R11');
    expect(judgeDeclaration(decl('null', { ouvert: true }), true)).toEqual({ ok: true, value: decl('null', { ouvert: true }) });
    expect(judgeDeclaration(decl('null', { ouvert: true, hand: true }), false).ok).toBe(true);
  });

  it('R11: refuses an unknown game type', () => {
    const r = judgeDeclaration(decl('ramsch' as never, { hand: true }), false);
    if (r.ok) throw new Error('accepted');
    expect(r.refusal.reason).toContain('"ramsch" is not a game type');
  });

  it('R12: schneider and schwarz can only be announced in a hand game', () => {
    const r = judgeDeclaration(decl('hearts', { schneiderAnnounced: true }), true);
    if (r.ok) throw new Error('accepted');
    expect(r.refusal).toEqual({ ruleId: 'R12', reason: 'schneider can only be announced in a hand game' });
    const z = judgeDeclaration(decl('hearts', { schwarzAnnounced: true }), true);
    expect(!z.ok && z.refusal.reason).toBe('schwarz can only be announced in a hand game');
  });

  it('R12: announcements are cumulative; ouvert implies schwarz and schneider announced', () => {
    const z = judgeDeclaration(decl('clubs', { hand: true, schwarzAnnounced: true }), false);
    expect(z.ok && z.value.schneiderAnnounced).toBe(true);
    const o = judgeDeclaration(decl('grand', { hand: true, ouvert: true }), false);
    expect(o).toEqual({ ok: true, value: decl('grand', { hand: true, ouvert: true, schneiderAnnounced: true, schwarzAnnounced: true }) });
  });

  it('R12: a null game has nothing to announce', () => {
    const r = judgeDeclaration(decl('null', { hand: true, schneiderAnnounced: true }), false);
    expect(!r.ok && r.refusal.ruleId).toBe('R12');
  });

  it('R10: exactly two distinct cards that the declarer holds, any two (jacks too)', () => {
    const held = ['CJ', 'SJ', 'CA', 'CT', 'C9', 'C8', 'C7', 'HA', 'HT', 'D7', 'D8', 'D9'] as const;
    expect(judgeDiscard(held, ['CJ', 'SJ'])).toEqual({ ok: true, value: ['CJ', 'SJ'] });
    expect(judgeDiscard(held, ['CJ'])).toEqual({ ok: false, refusal: { ruleId: 'R10', reason: 'the declarer discards exactly two cards, not 1' } });
    expect(judgeDiscard(held, ['CJ', 'SJ', 'CA']).ok).toBe(false);
    expect(judgeDiscard(held, ['CJ', 'CJ'])).toEqual({ ok: false, refusal: { ruleId: 'R10', reason: 'CJ cannot be discarded twice' } });
    expect(judgeDiscard(held, ['CJ', 'HJ'])).toEqual({ ok: false, refusal: { ruleId: 'R10', reason: 'the declarer does not hold HJ' } });
    expect(judgeDiscard(held, ['CJ', 'ZZ'])).toEqual({ ok: false, refusal: { ruleId: 'R10', reason: '"ZZ" is not a card' } });
  });

  it('R13: a switch is allowed only to a game of higher value (spades bid 22 -> null 23)', () => {
    // Spades without 1 (no CJ): 11 x 2 = 22; null = 23.
    const cards = ['SJ', 'SA', 'ST', 'S9', 'S8', 'S7', 'H7', 'H8', 'D7', 'D8', 'C7', 'C8'] as const;
    expect(declaredValue(decl('spades'), cards)).toBe(22);
    expect(judgeRedeclaration(decl('spades'), decl('null'), cards).ok).toBe(true);
    const down = judgeRedeclaration(decl('null'), decl('spades'), cards);
    expect(!down.ok && down.refusal.ruleId).toBe('R13');
  });

  it('R13/R28: declared values follow the multiplier (clubs ouvert with 2 = 108, grand ouvert with 4 = 264)', () => {
    const two = ['CJ', 'SJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8', 'C7', 'HA', 'HT', 'HK'] as const;
    expect(declaredValue(decl('clubs', { hand: true, ouvert: true, schneiderAnnounced: true, schwarzAnnounced: true }), two)).toBe(108);
    const four = ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8', 'C7', 'HA'] as const;
    expect(declaredValue(decl('grand', { hand: true, ouvert: true, schneiderAnnounced: true, schwarzAnnounced: true }), four)).toBe(264);
    expect(declaredValue(decl('null', { hand: true, ouvert: true }), four)).toBe(59);
  });
});
