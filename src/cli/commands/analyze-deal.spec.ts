import Ajv2020 from 'ajv/dist/2020';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusFiles } from '../../../test/iss/corpus';
import schema from '../../archive/ndjson/deal.schema.json';
import { runCliCaptured as cli } from '../testing/captured-io';

describe('skat-ledger analyze deal (issue 15 item 6)', () => {
  let dir: string;
  let store: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'analyze-deal-'));
    store = `sqlite:${join(dir, 'store.db')}`;
    const file = corpusFiles().find((f) => f.includes('jskat-MessageParserTest'))!;
    expect((await cli(['import', 'iss', file, '--store', store])).code).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints one JSON object with every position, its moves and exact JSON types; an overbid game is lost at every step (R33)', async () => {
    const r = await cli(['analyze', 'deal', 'iss-8650652', '--store', store, '--json']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const a = JSON.parse(lines[0]);
    expect(a).toMatchObject({ id: 'iss-8650652', game: 'suit', declarer: 2 });
    expect(a.steps).toHaveLength(30);
    for (const s of a.steps) {
      expect(Number.isInteger(s.value)).toBe(true);
      expect(s.verdict).toBe('lost');
      expect(new Set(s.moves.map((m: { card: string }) => m.card)).size).toBe(s.moves.length);
      expect(s.moves.map((m: { card: string }) => m.card)).toContain(s.move);
    }
    // Record 8650652 ends with 75 card points for the declarer and is lost as overbid.
    expect(a.steps[a.steps.length - 1].after).toEqual({ value: 75, verdict: 'lost' });
    expect(a.turningPoints).toEqual([]);
  });

  it('--best: all 66 discards for the declared game (R10) and the best game against the bid (R11, R33)', async () => {
    const r = await cli(['analyze', 'deal', 'iss-8650652', '--store', store, '--json', '--best']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout);
    expect(a.bestDiscard.discards).toHaveLength(66);
    expect(new Set(a.bestDiscard.discards.map((d: { discard: string[] }) => [...d.discard].sort().join(' '))).size).toBe(66);
    expect(a.bestDiscard.best.value).toBeGreaterThanOrEqual(a.bestDiscard.actual.value);
    for (const d of a.bestDiscard.discards) expect(d.value ?? d.atMost).toBeLessThanOrEqual(a.bestDiscard.best.value);
    expect(a.bestGame.options.map((o: { game: string }) => o.game)).toEqual(['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null']);
    expect(a.bestGame.bid).toBe(36);
    // The declared diamonds game cannot reach the bid whatever the discard (overbid, R33).
    expect(a.bestGame.options.find((o: { game: string }) => o.game === a.bestGame.declared).won).toBe(false);
    if (a.bestGame.best) expect(a.bestGame.best.gameValue).toBeGreaterThanOrEqual(36);
  });

  it("export ndjson --analysis adds each deal's verdicts, valid against deal.schema.json; without it there are none", async () => {
    const out = join(dir, 'with.ndjson');
    expect((await cli(['export', 'ndjson', '--store', store, '--game-type', 'diamonds', '--analysis', '--out', out])).code).toBe(0);
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThan(0);
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    for (const l of lines) {
      expect(l.analysis.id).toBe(l.dealId);
      expect(l.analysis.steps.length).toBeGreaterThan(0);
      expect(validate(l)).toBe(true);
    }
    const plain = await cli(['export', 'ndjson', '--store', store, '--game-type', 'diamonds']);
    expect(
      plain.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .every((l) => l.analysis === undefined),
    ).toBe(true);
  });

  it('reads in words without --json, and exits 2 for a deal that is not there', async () => {
    const r = await cli(['analyze', 'deal', 'iss-8650652', '--store', store]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^iss-8650652: suit game, declarer rearhand/);
    expect(r.stdout).toMatch(/No turning point/);
    const missing = await cli(['analyze', 'deal', 'nope', '--store', store]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no deal nope/);
    expect((await cli(['analyze', 'deal', '--store', store])).code).toBe(2);
  });
});
