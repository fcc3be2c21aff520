import { CursorSeal } from './cursor-seal';

const inner = Buffer.from(JSON.stringify(['2026-11-29T19:30:00.000Z', 'cup-t1-7'])).toString('base64url');

describe('CursorSeal (cursors that tell nothing)', () => {
  const seal = new CursorSeal(Buffer.from('a-token-secret-of-some-length-0123'));

  it('round-trips, gives the same text for the same position, and hides what it holds', () => {
    const sealed = seal.seal(inner);
    expect(seal.open(sealed)).toBe(inner);
    expect(seal.seal(inner)).toBe(sealed);
    expect(seal.seal(inner + 'x')).not.toBe(sealed);
    const visible = Buffer.from(sealed, 'base64url').toString('latin1');
    for (const secret of ['cup-t1-7', '2026-11-29', inner]) {
      expect(sealed).not.toContain(secret);
      expect(visible).not.toContain(secret);
    }
  });

  it("refuses a store cursor, a changed cursor, another secret's cursor and junk", () => {
    const sealed = seal.seal(inner);
    const flipped = Buffer.from(sealed, 'base64url');
    flipped[14] ^= 1;
    expect(seal.open(inner)).toBeNull();
    expect(seal.open(flipped.toString('base64url'))).toBeNull();
    expect(new CursorSeal(Buffer.from('another-secret-of-some-length-0123')).open(sealed)).toBeNull();
    for (const junk of ['', 'x', '!!!', 'a'.repeat(40), '"quoted"']) expect(seal.open(junk)).toBeNull();
  });
});
