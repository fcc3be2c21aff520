import { dealSeating, nextDealer, seatOfPosition } from './table-seats';

const ok = <T>(j: { ok: true; value: T } | { ok: false; refusal: { reason: string } }): T => {
  if (!j.ok) throw new Error(j.refusal.reason);
  return j.value;
};

describe('table seats', () => {
  it('R2: at a 3-table forehand is left of the dealer and rearhand is the dealer', () => {
    const s = ok(dealSeating({ size: 3 }, 0));
    expect(s.seats).toEqual([1, 2, 0]);
    expect(s.sittingOut).toEqual([]);
    expect(seatOfPosition(s, 0)).toBe(2);
  });

  it('R3: at a 4-table the dealer sits out; rearhand is his right-hand neighbour', () => {
    const s = ok(dealSeating({ size: 4 }, 2));
    expect(s.sittingOut).toEqual([2]);
    expect(s.seats).toEqual([3, 0, 1]);
    expect(seatOfPosition(s, 2)).toBeNull();
  });

  it('D5: at a 5-table the dealer and the player opposite sit out (a table setting)', () => {
    const s = ok(dealSeating({ size: 5 }, 0));
    expect(s.sittingOut).toEqual([0, 3]);
    expect(s.seats).toEqual([1, 2, 4]);
    const other = ok(dealSeating({ size: 5, fiveTableSitOutOffset: 2 }, 4));
    expect(other.sittingOut).toEqual([4, 1]);
    expect(other.seats).toEqual([0, 2, 3]);
  });

  it('D5: refuses table sizes other than 3, 4, 5 and bad dealer positions', () => {
    const r = dealSeating({ size: 6 as never }, 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.ruleId).toBe('D5');
    expect(dealSeating({ size: 4 }, 4).ok).toBe(false);
    expect(dealSeating({ size: 4, fiveTableSitOutOffset: 2 }, 0).ok).toBe(false);
  });

  it('R37: the deal passes to the left after every game; R3: nobody deals twice in a row', () => {
    expect(ok(nextDealer(0, 3))).toBe(1);
    expect(ok(nextDealer(2, 3))).toBe(0);
    expect(ok(nextDealer(3, 4))).toBe(0);
    let dealer = 0;
    for (let i = 0; i < 20; i++) {
      const next = ok(nextDealer(dealer, 5));
      expect(next).not.toBe(dealer);
      dealer = next;
    }
  });
});
