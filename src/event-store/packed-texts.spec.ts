import { packTexts, unpackTexts } from './packed-texts';

describe('packed texts (rows handed over by a worker thread)', () => {
  it('gives back every string exactly, list by list, whatever its characters', () => {
    const lists = [['CardPlayed', '{"card":"SA"}', ''], [], ['{"player":"Jürgen Öztürk","note":"♣ 🂡 漢字"}', '\u0000x\u00ff']];
    const pack = packTexts(lists);
    expect(pack).not.toBeNull();
    const out = unpackTexts(
      pack!,
      lists.map((l) => l.length),
    );
    expect(out.map((l) => Array.from({ length: l.length }, (_, i) => l.at(i)))).toEqual(lists);
    expect(out[0].at(3)).toBeUndefined();
    expect(out[0].at(-1)).toBeUndefined();
  });

  it('refuses to pack a string UTF-8 cannot carry (a lone surrogate), so it travels as it is', () => {
    expect(packTexts([['fine', 'half \ud83c of a pair']])).toBeNull();
  });

  it('refuses lengths that do not add up to the pack', () => {
    const pack = packTexts([['a', 'b']])!;
    expect(() => unpackTexts(pack, [1])).toThrow(/hold 1 strings, the pack 2/);
  });
});
