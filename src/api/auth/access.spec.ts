import { grantPerspective, mayRecord, widestPerspective } from './access';
import type { Principal } from './role';

const live = { status: 'inProgress', tableId: 't1', players: ['Anna', 'Ben', 'Cleo'] };
const done = { ...live, status: 'scored' };
const player = (name: string): Principal => ({ role: 'player', player: name, tokenId: 'j', key: 'k' });
const recorder = (table: string): Principal => ({ role: 'recorder', table, tokenId: 'j', key: 'k' });
const anon: Principal = { role: 'anonymous', key: 'a' };

describe('who sees which cards', () => {
  it('a player sees only their own seat of a live deal', () => {
    expect(widestPerspective(player('Ben'), live)).toEqual({ kind: 'seat', seat: 1 });
    expect(widestPerspective(player('Zoe'), live)).toEqual({ kind: 'public' });
  });

  it('anonymous readers see the public view of a live deal and everything of a finished one', () => {
    expect(widestPerspective(anon, live)).toEqual({ kind: 'public' });
    expect(widestPerspective(anon, done)).toEqual({ kind: 'all' });
  });

  it("a recorder sees all of their own table's deals only", () => {
    expect(widestPerspective(recorder('t1'), live)).toEqual({ kind: 'all' });
    expect(widestPerspective(recorder('t2'), live)).toEqual({ kind: 'public' });
  });

  it('refuses a wider perspective than granted', () => {
    expect(grantPerspective({ kind: 'seat', seat: 1 }, 'middlehand')).toEqual({ kind: 'seat', seat: 1 });
    expect(grantPerspective({ kind: 'seat', seat: 1 }, 'forehand')).toBeNull();
    expect(grantPerspective({ kind: 'seat', seat: 1 }, 'all')).toBeNull();
    expect(grantPerspective({ kind: 'public' }, 'public')).toEqual({ kind: 'public' });
    expect(grantPerspective({ kind: 'all' }, 'rearhand')).toEqual({ kind: 'seat', seat: 2 });
  });

  it('a recorder records for their own table only; admins anywhere', () => {
    expect(mayRecord(recorder('t1'), 't1')).toBe(true);
    expect(mayRecord(recorder('t1'), 't2')).toBe(false);
    expect(mayRecord(recorder('t1'), null)).toBe(false);
    expect(mayRecord({ role: 'admin', tokenId: 'j', key: 'k' }, null)).toBe(true);
    expect(mayRecord(player('Anna'), 't1')).toBe(false);
  });
});
