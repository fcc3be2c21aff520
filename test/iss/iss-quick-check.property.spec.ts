import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quickVerdict } from '../../src/format/iss/iss-quick-check';
import { verifyIssLine, verifyIssLineFully } from '../../src/format/iss/iss-verify';
import { writeLiveIssRecord } from '../../src/format/iss/iss-writer';
import { ALL_CARDS } from '../../src/rules/card';
import { getProfile, PROFILE_IDS } from '../../src/rules/variant';
import type { RuleProfile } from '../../src/rules/variant/rule-profile';
import { corpusLines, SHARED_DIR } from './corpus';
import { playRandomGame, seededRandom } from './random-games';

/**
 * The quick check (iss-quick-check.ts) may only ever confirm what the full judgement confirms:
 * for every line and profile, verifyIssLine (quick check first) gives exactly the verdict of
 * verifyIssLineFully (reader, header, engine replay, comparison). The lines are random legal
 * games under every profile, the corpus and server-convention records, and those lines mutated
 * where the quick check reads them: a move's action or actor, the bidding, the declaration, the
 * result's numbers and words, the header fields, the spacing.
 */
const SEED = 20261207;
/** Mutated lines per run; ISS_QUICK_CASES raises it. */
const CASES = Number(process.env.ISS_QUICK_CASES ?? 6_000);
const PROFILES: RuleProfile[] = [...PROFILE_IDS.map((id) => getProfile(id)), getProfile('iss', { ramsch: true })];

const rand = seededRandom(SEED);
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];

function generated(profile: RuleProfile, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count && i < count * 3; i++) {
    const g = playRandomGame(rand, profile);
    const w = writeLiveIssRecord({
      players: ['ann', 'bea', 'cem'],
      date: new Date(Date.UTC(2026, 0, 1 + i)),
      series: 7,
      id: 500 + i,
      dealt: g.dealt,
      moves: g.moves,
      profile,
    });
    if (w.ok) out.push(w.line);
  }
  return out;
}

const conventions = readFileSync(join(SHARED_DIR, 'data', 'iss-server-conventions', 'resignations.sgf'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');
const bases = [...corpusLines().map((l) => l.text), ...conventions, ...PROFILES.flatMap((p) => generated(p, 150))];

const BIDS = ['18', '20', '22', '23', '24', '27', '30', '33', '36', '17', '19', '21', '264', '265', '0', '018', '1000000', '46', '59'];
const card = () => pick(ALL_CARDS);
const cards = (n: number) => Array.from({ length: n }, card).join('.');
function declaration(): string {
  const mods = ['', 'O', 'H', 'S', 'Z', 'HS', 'HZ', 'OH', 'HO', 'SH', 'ZH', 'HH', 'SZ', 'HSZ'];
  const n = pick([0, 0, 2, 2, 10, 12, 1, 3]);
  return `${pick(['G', 'C', 'S', 'H', 'D', 'N', 'X'])}${pick(mods)}${n ? '.' + cards(n) : ''}`;
}
const ACTIONS: Array<() => string> = [
  card,
  card,
  card,
  () => pick(BIDS),
  () => pick(['y', 'p', 's', 'RE', 'SC', '??', 'SC.' + cards(2), 'SC.', 'TI.1', 'LE.2', cards(2)]),
  declaration,
];

function mvWords(line: string): { before: string; words: string[]; trailing: string; after: string } | null {
  const m = /^(.*MV\[)(.*?)( ?)(\].*)$/.exec(line);
  return m ? { before: m[1], words: m[2].split(' '), trailing: m[3], after: m[4] } : null;
}
/** The MV words changed by `f`, the space after the last word kept where there was one. */
function withWords(line: string, f: (words: string[]) => string[]): string {
  const p = mvWords(line);
  return p ? p.before + f(p.words).join(' ') + p.trailing + p.after : line;
}
/** The index of a random word after the deal: even indices are actors, odd ones actions. */
const wordAt = (words: string[], parity: 0 | 1) => 2 + 2 * int(Math.max(1, Math.floor((words.length - 2) / 2))) + parity;

const MUTATORS: Record<string, (line: string) => string> = {
  none: (l) => l,
  action: (l) =>
    withWords(l, (w) => {
      const out = w.slice();
      out[Math.min(wordAt(w, 1), out.length - 1)] = pick(ACTIONS)();
      return out;
    }),
  actor: (l) =>
    withWords(l, (w) => {
      const out = w.slice();
      out[Math.min(wordAt(w, 0), out.length - 2)] = pick(['0', '1', '2', 'w', '3', '01']);
      return out;
    }),
  swapPairs: (l) =>
    withWords(l, (w) => {
      const out = w.slice();
      const i = wordAt(w, 0);
      const j = wordAt(w, 0);
      if (i + 1 < out.length && j + 1 < out.length) [out[i], out[i + 1], out[j], out[j + 1]] = [w[j], w[j + 1], w[i], w[i + 1]];
      return out;
    }),
  dropPair: (l) =>
    withWords(l, (w) => {
      const i = wordAt(w, 0);
      return [...w.slice(0, i), ...w.slice(i + 2)];
    }),
  duplicatePair: (l) =>
    withWords(l, (w) => {
      const i = wordAt(w, 0);
      return [...w.slice(0, i + 2), ...w.slice(i, i + 2), ...w.slice(i + 2)];
    }),
  bidding: (l) =>
    withWords(l, (w) => {
      const out = w.slice();
      const calls = out.map((x, i) => (i % 2 === 1 && i > 1 && /^(\d+|y|p)$/.test(x) ? i : -1)).filter((i) => i >= 0);
      if (calls.length === 0) return out;
      const i = pick(calls);
      out[i] = pick([...BIDS, 'y', 'p', 's', String(Number(out[i]) + 1), String(Number(out[i]) - 1)]);
      return out;
    }),
  declarationEdit: (l) =>
    withWords(l, (w) => {
      const out = w.slice();
      const at = out.findIndex((x, i) => i % 2 === 1 && i > 1 && /^[GCSHDN][OHSZ]*(\.|$)/.test(x) && !/^[CSHD][ATKQJ987]$/.test(x));
      if (at < 0) return out;
      const [head, ...rest] = out[at].split('.');
      out[at] = pick([
        () => [pick(['G', 'C', 'S', 'H', 'D', 'N']) + head.slice(1), ...rest].join('.'),
        () => [head[0] + pick(['', 'O', 'H', 'S', 'Z', 'HS', 'HZ', 'OH', 'ZS']), ...rest].join('.'),
        () => [head[0] + head.slice(1).replace('H', ''), ...rest].join('.'),
        () => [head + 'H', ...rest].join('.'),
        () => head,
        () => [head, ...rest, ...cards(10).split('.')].join('.'),
        () => [head, ...rest.reverse()].join('.'),
        () => [head, rest[0] ?? card(), rest[0] ?? card(), ...rest.slice(2)].join('.'),
      ])();
      return out;
    }),
  insertClaim: (l) =>
    withWords(l, (w) => {
      const i = wordAt(w, 0);
      return [...w.slice(0, i), pick(['0', '1', '2']), pick(['RE', 'RE', 'SC', 'SC.' + cards(3)]), ...w.slice(i)];
    }),
  repeatClaim: (l) =>
    withWords(l, (w) => {
      const claims = w.map((x, i) => (i % 2 === 1 && /^(RE|SC)/.test(x) ? i - 1 : -1)).filter((i) => i >= 0);
      if (claims.length === 0) return w;
      const c = pick(claims);
      const at = c + 2 + 2 * int(Math.max(1, (w.length - c) / 2));
      return [...w.slice(0, at), w[c], w[c + 1], ...w.slice(at)];
    }),
  specialActor: (l) =>
    withWords(l, (w) => {
      const out = w.slice();
      const special = out.map((x, i) => (i % 2 === 1 && i > 1 && !/^([CSHD][ATKQJ987]|\d+|y|p)$/.test(x) ? i - 1 : -1)).filter((i) => i >= 0);
      if (special.length) out[pick(special)] = pick(['0', '1', '2', 'w']);
      return out;
    }),
  skatShown: (l) =>
    withWords(l, (w) => {
      const out = w.slice();
      const at = out.findIndex((x, i) => i > 1 && i % 2 === 1 && out[i - 1] === 'w' && /^..\...$/.test(x));
      if (at < 0) return out;
      const [a, b] = out[at].split('.');
      out[at] = pick([`${b}.${a}`, `${a}.${card()}`, `${card()}.${b}`, `${a}.${a}`, `${a}.??`, '??.??', `${a}${b}`]);
      return out;
    }),
  abandon: (l) =>
    withWords(l, (w) => {
      const i = wordAt(w, 0);
      const token = ['w', `${pick(['TI', 'LE', 'TI', 'LE', 'XX'])}.${pick(['0', '1', '2', '3', '', '12'])}`];
      return pick([
        () => [...w.slice(0, i), ...token],
        () => [...w.slice(0, i), ...token, ...w.slice(i)],
        () => [...w, ...token],
        () => [...w, pick(['0', '1', '2']), '??', ...token],
        () => [...w, pick(['0', '1', '2']), '??'],
      ])();
    }),
  unknownCard: (l) =>
    withWords(l, (w) => {
      const plays = w.map((x, i) => (i % 2 === 1 && i > 1 && /^[CSHD][ATKQJ987]$/.test(x) ? i : -1)).filter((i) => i >= 0);
      if (plays.length === 0) return w;
      const at = pick(plays);
      const rest = w.slice(at + 1, at + 1 + 2 * int(4));
      if (rand() < 0.3) rest.push(pick(['0', '1', '2', 'w']), pick(ACTIONS)());
      const out = [...w.slice(0, at), '??', ...rest];
      return rand() < 0.8 ? [...out, 'w', pick(['LE.1', 'TI.0', 'LE.2'])] : out;
    }),
  swapCards: (l) =>
    withWords(l, (w) => {
      const out = w.slice();
      const plays = out.map((x, i) => (i % 2 === 1 && i > 1 && /^[CSHD][ATKQJ987]$/.test(x) ? i : -1)).filter((i) => i >= 0);
      if (plays.length < 2) return out;
      const a = pick(plays);
      const b = pick(plays);
      [out[a], out[b]] = [out[b], out[a]];
      return out;
    }),
  truncateMoves: (l) => withWords(l, (w) => w.slice(0, 2 + 2 * int(Math.floor(w.length / 2)))),
  dealCard: (l) => withWords(l, (w) => [w[0], w[1].slice(0, 3 * int(32)) + card() + w[1].slice(3 * int(32) + 2), ...w.slice(2)].slice(0, w.length)),
  resultNumber: (l) =>
    l.replace(/R\[([^\]]*)\]/, (_all, inner: string) => {
      const parts = inner.split(' ');
      const i = int(parts.length);
      parts[i] = parts[i].replace(/-?\d+$/, (n) => pick([String(Number(n) + 1), String(Number(n) - 1), '-' + n, '0' + n, '-0', '1234567890', '-1', '2', '3']));
      return `R[${parts.join(' ')}]`;
    }),
  resultWord: (l) =>
    l.replace(/R\[([^\]]*)\]/, (_all, inner: string) =>
      pick([
        `R[${inner.replace(/win|loss/, (w) => (w === 'win' ? 'loss' : 'win'))}]`,
        `R[${inner.replace(/overbid|bidok/, (w) => (w === 'overbid' ? 'bidok' : 'overbid'))}]`,
        `R[${inner.replace(/ r:[01]$/, '')}]`,
        `R[${inner} r:0]`,
        `R[${inner.replace(/win|loss/, 'penalty')}]`,
        `R[${inner.replace(/l:-1/, 'l:1')}]`,
        `R[${inner.replace(/to:-1/, 'to:0')}]`,
        `R[${inner.replace(/p1:0/, 'p1:-5')}]`,
        'R[passed]',
        'R[passed ]',
        'R[]',
        `R[${inner}] R[${inner}]`,
      ]),
    ),
  header: (l) =>
    pick<(s: string) => string>([
      (s) => s.replace(/P1\[[^\]]*\]/, 'P1[ann]'),
      (s) => s.replace(/P2\[[^\]]*\]/, 'P2[]'),
      (s) => s.replace(/P0\[[^\]]*\]/, 'P0[J\u00fcrgen]').replace(/P1\[[^\]]*\]/, 'P1[J\u00fcrgen]'),
      (s) => s.replace(/P0\[[^\]]*\]/, 'P0[J\u00fcrgen]').replace(/P1\[[^\]]*\]/, 'P1[J\u00fcrgen ]'),
      (s) => s.replace(/P0\[[^\]]*\]/, 'P0[\ud800]').replace(/P1\[[^\]]*\]/, 'P1[\udc00]'),
      (s) => s.replace(/P2\[[^\]]*\]/, ''),
      (s) =>
        s.replace(
          /DT\[[^\]]*\]/,
          `DT[${pick(['2024-02-29', '2023-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-12-31'])}/${pick(['00:00:00', '23:59:59', '24:00:00', '12:60:00', '1:00:00'])}/UTC]`,
        ),
      (s) => s.replace(/DT\[[^\]]*\]/, 'DT[2026-01-01T00:00:00Z]'),
      (s) => s.replace(/ID\[([^\]]*)\]/, (_a, id: string) => `ID[${pick([id + '!', '', 'x'.repeat(65), 'a.b:c-d_9', id + '\u0130', 'ID' + id])}]`),
      (s) => s.replace(/ID\[([^\]]*)\]/, (a) => `${a}ID[other]`),
      (s) => s.replace(/SE\[([^\]]*)\]/, pick(['', 'SE[a b]', 'SE[]', 'SE[x]SE[bad one]'])),
      (s) => s.replace(/MV\[/, 'MV[w x] MV['),
      (s) => s.replace(/MV\[/, 'XX[w]MV['),
      (s) => s.replace('(;', pick(['( ;', '(;;', '(;\t'])),
    ])(l),
  spacing: (l) =>
    pick<(s: string) => string>([
      (s) => s.replace(/ \]R\[/, ']R['),
      (s) => s.replace(/ \]R\[/, '  ]R['),
      (s) => s.replace(/MV\[w /, 'MV[ w '),
      (s) => s.replace(/ ;\)$/, ';)'),
      (s) => s.replace(/ ;\)$/, ' \t ;)'),
      (s) => s.replace(/ ;\)$/, ' ;) '),
      (s) => s.replace(/ ;\)$/, ' ;);)'),
      (s) => s + '\r',
      (s) => withWords(s, (w) => [...w.slice(0, 4), '', ...w.slice(4)]),
    ])(l),
};
const NAMES = Object.keys(MUTATORS);

describe(`the quick check agrees with the full judgement (seed ${SEED}, ${CASES} mutated lines, ${PROFILES.length} profiles)`, () => {
  const cases = [
    ...bases,
    ...Array.from({ length: CASES }, () => {
      let line = MUTATORS[pick(NAMES)](pick(bases));
      if (rand() < 0.3) line = MUTATORS[pick(NAMES)](line);
      return line;
    }),
  ];

  it.each(PROFILES.map((p) => [p.id + (p.allPassed === 'ramsch' ? ' (Ramsch)' : ''), p] as const))(
    'profile %s: every verdict is the full judgement',
    (_name, profile) => {
      const problems: string[] = [];
      let quick = 0;
      for (const line of cases) {
        const full = verifyIssLineFully(line, 1, profile);
        if (quickVerdict(line, 1, profile) !== null) quick++;
        const verdict = verifyIssLine(line, 1, profile);
        if (JSON.stringify(verdict) !== JSON.stringify(full)) problems.push(`${JSON.stringify(verdict)} instead of ${JSON.stringify(full)} for ${line}`);
      }
      expect(problems.slice(0, 5)).toEqual([]);
      // The check is exercised: it confirms a good share of the lines (a third are unchanged games).
      expect(quick).toBeGreaterThan(cases.length / 10);
    },
  );

  it('judges every random game under the iss profile (time-outs and departures too) without the full judgement', () => {
    const iss = getProfile('iss');
    const games = generated(iss, 400);
    expect(games.filter((l) => quickVerdict(l, 1, iss) === null)).toEqual([]);
  });
});
