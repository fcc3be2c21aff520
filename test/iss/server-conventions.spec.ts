import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getProfile } from '../../src/rules/variant';
import { verifyIssLine, type IssVerdict } from '../../src/format/iss/iss-verify';
import { importIssText } from '../../src/archive/import/import-iss';
import { bulkImportTarget } from '../../src/archive/import/bulk-import-target';
import { exportIssLines } from '../../src/archive/export/export-iss';
import { eventStoreDealSource } from '../../src/archive/export/deal-stream-source';
import { Ledger } from '../../src/ledger/ledger';
import { SHARED_DIR } from './corpus';
import { ledgerStore } from '../../src/ledger/store-port';

/**
 * D3/R19: the ISS server's own conventions (its 2012 scoring classes), one record per convention.
 * Records the server scored come from data/iss-server-conventions/; where it holds none of a
 * kind, the record is built here on a hand-made deal and its R[...] worked out by hand from
 * rules.md (the arithmetic is in each case's comment), never taken from the engine.
 */

const ISS = getProfile('iss');
const ISKO = getProfile('isko');

const serverRecords = readFileSync(join(SHARED_DIR, 'data', 'iss-server-conventions', 'resignations.sgf'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');

/**
 * Deal S (seat 0 = forehand declares spades): trumps CJ HJ SA ST SK S9 S8 (with 1: SJ is missing);
 * card points: seat 0 51, seat 1 38, seat 2 28, skat DQ D9 3.
 */
const DEAL_S = [
  ['CJ', 'HJ', 'SA', 'ST', 'SK', 'S9', 'S8', 'HA', 'CA', 'D7'],
  ['SJ', 'DJ', 'SQ', 'S7', 'HT', 'HK', 'HQ', 'CT', 'CK', 'D8'],
  ['H9', 'H8', 'H7', 'C9', 'C8', 'C7', 'CQ', 'DA', 'DT', 'DK'],
  ['DQ', 'D9'],
];
/** Deal N (seat 0 declares null): seat 0 holds only low cards; the skat DT D9 is worth 10. */
const DEAL_N = [
  ['S7', 'S8', 'S9', 'H7', 'H8', 'H9', 'C7', 'C8', 'D7', 'D8'],
  ['SA', 'SK', 'SQ', 'SJ', 'ST', 'HA', 'HK', 'HQ', 'HJ', 'HT'],
  ['CA', 'CK', 'CQ', 'CJ', 'CT', 'C9', 'DA', 'DK', 'DQ', 'DJ'],
  ['DT', 'D9'],
];
/** Middlehand says 18, forehand holds, both others pass: forehand declares at 18. */
const BIDDING = '1 18 0 y 1 p 2 p';

let nextId = 9_900_000;
function record(deal: string[][], moves: string, result: string): string {
  const id = nextId++;
  return (
    `(;GM[Skat]PC[International Skat Server]CO[built for the D3 specs]SE[990001]ID[${id}]DT[2026-02-01/10:00:00/UTC]` +
    `P0[anna]P1[bernd]P2[cem]R0[]R1[]R2[]MV[w ${deal.flat().join('.')} ${BIDDING} ${moves} ]R[${result}] ;)`
  );
}
const R = (fields: string, resigned: 0 | 1) => `${fields} p0:0 p1:0 p2:0 l:-1 to:-1 r:${resigned}`;

/** Trick 1 of deal S: SA S7 C7, the declarer takes 11 (with the skat: 14 points, 1 trick). */
const S_TRICK_SA = '0 SA 1 S7 2 C7';
/** Trick of deal S: D7 D8 DA, the defenders (rearhand) take 11. */
const S_TRICK_DA = '0 D7 1 D8 2 DA';

const cases: ReadonlyArray<{ name: string; rule: string; line: string; isko?: RegExp }> = [
  {
    name: 'declarer resigns during the first trick: no schneider/schwarz level',
    rule: 'D3',
    // spades hand with 1: 11 × (1 + game + hand) = 33, lost −66; p = skat 3, t 0.
    line: record(DEAL_S, '0 SH 0 CJ 0 RE', R('d:0 loss v:-66 m:1 bidok p:3 t:0 s:0 z:0', 1)),
    // ISkO (R21): the remaining tricks go to the defenders: schneider and schwarz, 11 × 5 → −110.
    isko: /"field":"v","recorded":-66,"recomputed":-110/,
  },
  {
    name: 'declarer resigns after one trick with 30 or fewer points: lost schneider, points and tricks as played',
    rule: 'D3',
    // CJ S7 DK: declarer 6 + skat 3 = 9, 1 trick; 11 × (1 + game + hand + schneider) = 44 → −88.
    line: record(DEAL_S, '0 SH 0 CJ 1 S7 2 DK 0 RE', R('d:0 loss v:-88 m:1 bidok p:9 t:1 s:1 z:0', 1)),
  },
  {
    name: 'declarer resigns after a trick without one of his own: lost schneider and schwarz',
    rule: 'D3',
    // D7 D8 DA to rearhand; declarer skat 3, 0 tricks: 11 × (1 + 1 + 1 + schneider + schwarz) = 55 → −110.
    line: record(DEAL_S, `0 SH ${S_TRICK_DA} 0 RE`, R('d:0 loss v:-110 m:1 bidok p:3 t:0 s:1 z:1', 1)),
  },
  {
    name: 'declarer resigns with 31-60 points: lost at the simple level, points and tricks as played',
    rule: 'D3',
    // SA S7 DT (24) and HA HT H7 (21): 3 + 24 + 21 = 48 in 2 tricks; 33 → −66.
    line: record(DEAL_S, '0 SH 0 SA 1 SQ 2 DT 0 HA 1 HT 2 H7 0 RE', R('d:0 loss v:-66 m:1 bidok p:48 t:2 s:0 z:0', 1)),
  },
  {
    name: 'declarer resigns with 61 or more points as played: still won',
    rule: 'D3',
    // 48 as above plus CA CT C7 (21) = 69 in 3 tricks: won 33.
    // (ISkO agrees here: a game already won by points can no longer be lost, R21.)
    line: record(DEAL_S, '0 SH 0 SA 1 SQ 2 DT 0 HA 1 HT 2 H7 0 CA 1 CT 2 C7 0 RE', R('d:0 win v:33 m:1 bidok p:69 t:3 s:0 z:0', 1)),
  },
  {
    name: 'one defender resigning changes nothing; both defenders resign a suit game: every remaining trick and its points go to the declarer',
    rule: 'D3',
    // After D7 D8 DA (11 to the defenders) the declarer gets the rest: 120 − 11 = 109 in 9 tricks;
    // schneider, no schwarz: 11 × (1 + 1 + 1 + 1) = 44.
    line: record(DEAL_S, `0 SH ${S_TRICK_DA} 1 RE 2 H7 0 HA 1 HQ 2 RE`, R('d:0 win v:44 m:1 bidok p:109 t:9 s:1 z:0', 1)),
  },
  {
    name: 'both defenders resign a suit game before the declarer lost a trick: schneider and schwarz',
    rule: 'D3',
    // SA S7 C7, then both resign: 120 points, 10 tricks: 11 × (1 + 1 + 1 + 1 + 1) = 55.
    line: record(DEAL_S, `0 SH ${S_TRICK_SA} 1 RE 2 RE`, R('d:0 win v:55 m:1 bidok p:120 t:10 s:1 z:1', 1)),
  },
  {
    name: 'both defenders resign a null game: won, with card points and tricks as played',
    rule: 'D3',
    // null hand 35; S7 SA CA to middlehand; the declarer keeps only the skat's 10 points, 0 tricks.
    line: record(DEAL_N, '0 NH 0 S7 1 SA 2 CA 1 RE 2 RE', R('d:0 win v:35 m:0 bidok p:10 t:0 s:0 z:0', 1)),
  },
  {
    name: 'a null declarer resigns: lost, card points and tricks as played',
    rule: 'D3',
    // null hand 35 lost → −70; skat 10, 0 tricks (the remaining tricks go to nobody).
    line: record(DEAL_N, '0 NH 0 S7 1 SA 2 CA 0 RE', R('d:0 loss v:-70 m:0 bidok p:10 t:0 s:0 z:0', 1)),
    isko: /"field":"p","recorded":10,"recomputed":98/,
  },
  {
    name: 'schneider announced, ended by the server when the defenders pass 30 points (not at 30): complete, not truncated',
    rule: 'R19',
    // SA S7 C7 (declarer 11), D7 D8 DA (def 11), DK CA HK (def 30: play on), DT S8 SQ (def 43: ended).
    // Spades hand schneider announced with 1: 11 × (1 + 1 + 1 + schneider + announced) = 55 → −110;
    // p 14 ≤ 30 but schneider was announced: s:0 (D3).
    line: record(DEAL_S, `0 SHS ${S_TRICK_SA} ${S_TRICK_DA} 2 DK 0 CA 1 HK 2 DT 0 S8 1 SQ`, R('d:0 loss v:-110 m:1 bidok p:14 t:1 s:0 z:0', 0)),
    isko: /truncated/,
  },
  {
    name: 'schneider announced, ended at 31 defender points while the declarer has no trick: the schwarz level (and s with it) counts',
    rule: 'D3',
    // D7 D8 DA (def 11), DK CA HK (def 30), DT S8 SQ (def 43): declarer skat 3, 0 tricks, 3 tricks completed:
    // 11 × (1 + 1 + 1 + schneider + announced + schwarz) = 66 → −132.
    line: record(DEAL_S, `0 SHS ${S_TRICK_DA} 2 DK 0 CA 1 HK 2 DT 0 S8 1 SQ`, R('d:0 loss v:-132 m:1 bidok p:3 t:0 s:1 z:1', 0)),
  },
  {
    name: "schwarz announced, ended at the defenders' first trick: announced levels only, s:0 z:0",
    rule: 'R19',
    // 11 × (1 + 1 + 1 + 1 + 1 + 1 + 1) = 77 → −154 (D1); p 14, 1 trick.
    line: record(DEAL_S, `0 SHZ ${S_TRICK_SA} ${S_TRICK_DA}`, R('d:0 loss v:-154 m:1 bidok p:14 t:1 s:0 z:0', 0)),
  },
  {
    name: "schwarz announced, lost at the defenders' first trick with 90 or more points: still s:0 (an announced game lost never reaches a level by points)",
    rule: 'D3',
    // SA SQ DT (24), ST S7 DA (21), HA HT H7 (21), CA CT CQ (24): 3 + 90 = 93 in 4 tricks; then D7 D8 DK
    // to rearhand ends it: 11 × 7 = 77 → −154.
    line: record(
      DEAL_S,
      '0 SHZ 0 SA 1 SQ 2 DT 0 ST 1 S7 2 DA 0 HA 1 HT 2 H7 0 CA 1 CT 2 CQ 0 D7 1 D8 2 DK',
      R('d:0 loss v:-154 m:1 bidok p:93 t:4 s:0 z:0', 0),
    ),
  },
  {
    name: "spades ouvert, ended at the defenders' first trick: s:0 z:0",
    rule: 'R19',
    // ouvert adds one more: 11 × 8 = 88 → −176.
    line: record(DEAL_S, `0 SO.${DEAL_S[0].join('.')} ${S_TRICK_SA} ${S_TRICK_DA}`, R('d:0 loss v:-176 m:1 bidok p:14 t:1 s:0 z:0', 0)),
  },
];

function explain(v: IssVerdict): string {
  return v.status === 'agree' ? 'agree' : JSON.stringify(v);
}

describe('D3/R19: the ISS server conventions under the iss profile', () => {
  it.each(serverRecords.map((l) => [l.match(/ID\[(\d+)\]/)![1], l.match(/CO\[synthetic (\w)/)![1], l]))(
    'D3: server-scored record %s (category %s) agrees',
    (_id, _category, line) => {
      expect(explain(verifyIssLine(line, 1, ISS))).toBe('agree');
    },
  );

  it.each(cases.map((c) => [c.rule, c.name, c]))('%s: %s', (_rule, _name, c) => {
    expect(explain(verifyIssLine(c.line, 1, ISS))).toBe('agree');
    // The isko profile keeps ISkO where it differs.
    if (c.isko) expect(explain(verifyIssLine(c.line, 1, ISKO))).toMatch(c.isko);
  });

  it('D3: imported, each record is stored with the same result in its summary, and exported byte for byte', async () => {
    const lines = [...serverRecords, ...cases.map((c) => c.line)];
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      const target = bulkImportTarget(ledger);
      const summary = await importIssText(target, lines.join('\n'));
      expect(summary.rejected).toEqual([]);
      expect(summary.imported).toBe(lines.length);
      for (const line of lines) {
        const id = line.match(/ID\[(\d+)\]/)![1];
        const v = Number(line.match(/ v:(-?\d+) /)![1]);
        const deal = await ledger.deal(`iss-${id}`);
        expect({ id, score: deal?.score, won: deal?.won }).toEqual({ id, score: v, won: v > 0 });
        // The replay ends where the record ends: tricks as played, the rest left in the hands (D3).
        const frames = await ledger.frames(`iss-${id}`, {}, { kind: 'all' });
        const last = frames.at(-1)!;
        const t = Number(line.match(/ t:(\d+) /)![1]);
        expect(last.finished).toBe(true);
        const declarer = Number(line.match(/R\[d:(\d) /)![1]);
        expect(last.completedTricks.filter((k) => k.winner === declarer).length).toBe(t);
      }
      // Declarer resigns during the first trick: the led card lies on the table, no trick is taken.
      const resignedEarly = (await ledger.frames(`iss-${cases[0].line.match(/ID\[(\d+)\]/)![1]}`, {}, { kind: 'all' })).at(-1)!;
      expect(resignedEarly.completedTricks).toHaveLength(0);
      expect(resignedEarly.currentTrick?.cards.map((c) => c.card)).toEqual(['CJ']);
      expect(resignedEarly.hands[1].cards.length + resignedEarly.hands[2].cards.length).toBe(20);
      const exported: string[] = [];
      for await (const l of exportIssLines(eventStoreDealSource(ledgerStore(ledger)), {})) exported.push(l.line ?? `error: ${l.error}`);
      expect([...exported].sort()).toEqual([...lines].sort());
    } finally {
      await ledger.close();
    }
  });
});
