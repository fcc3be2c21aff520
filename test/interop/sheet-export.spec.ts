import type { ScoreSheet } from '../../src/projections/score-sheet/score-sheet';
import { csvCell, scoreSheetCsv } from '../../src/archive/sheet/sheet-csv';
import { germanGameLabel, scoreSheetHtml } from '../../src/archive/sheet/sheet-html';

/** R35 worked example (3-table): the declarer loses clubs with 2 (-72): -122 for him, +40 for each defender. */
const sheet: ScoreSheet = {
  tableId: 't<1>',
  tournamentId: null,
  round: null,
  players: ['Anna', 'Bernd', '=Carl'],
  profileId: 'isko',
  seriesLength: 36,
  dealsPlayed: 2,
  complete: false,
  rows: [
    {
      dealNumber: 1,
      dealId: 'd1',
      dealer: '=Carl',
      declarer: 'Anna',
      gameLabel: 'clubs',
      passedIn: false,
      notScoreable: false,
      won: false,
      entry: -72,
      corrected: false,
      originalEntry: null,
      correctionReason: null,
      totals: { Anna: -72, Bernd: 0, '=Carl': 0 },
      provenance: 'cards',
      confirmedBy: [],
      openDisputes: 0,
      problems: [],
    },
    {
      dealNumber: 2,
      dealId: 'd2',
      dealer: 'Anna',
      declarer: null,
      gameLabel: 'passed in',
      passedIn: true,
      notScoreable: false,
      won: null,
      entry: 0,
      corrected: true,
      originalEntry: 12,
      correctionReason: 'wrote "12", said 0',
      totals: { Anna: -72, Bernd: 0, '=Carl': 0 },
      provenance: 'cards',
      confirmedBy: [],
      openDisputes: 0,
      problems: [],
    },
  ],
  seegerFabian: [
    {
      player: 'Anna',
      gamePoints: -72,
      won: 0,
      lost: 1,
      wonLostPoints: -50,
      opponentsLost: 0,
      opponentsLostPoints: 0,
      total: -122,
      rank: 3,
      lossFees: 1,
      lossFeeCents: 50,
      computer: false,
    },
    {
      player: 'Bernd',
      gamePoints: 0,
      won: 0,
      lost: 0,
      wonLostPoints: 0,
      opponentsLost: 1,
      opponentsLostPoints: 40,
      total: 40,
      rank: 1,
      lossFees: 0,
      lossFeeCents: 0,
      computer: false,
    },
    {
      player: '=Carl',
      gamePoints: 0,
      won: 0,
      lost: 0,
      wonLostPoints: 0,
      opponentsLost: 1,
      opponentsLostPoints: 40,
      total: 40,
      rank: 1,
      lossFees: 0,
      lossFeeCents: 0,
      computer: true,
    },
  ],
  derivation: [{ ruleId: 'R35', text: 'Anna: -72 - 50 = -122; each defender +40' }],
  problems: [],
  problem: null,
  closed: false,
  openDisputes: 0,
  strangers: [],
};

describe('score sheet export (R34 list, R35 Seeger-Fabian)', () => {
  it('CSV: one row per deal with running totals, then the Seeger-Fabian block (R35 worked example)', () => {
    const rows = scoreSheetCsv(sheet).split('\r\n');
    expect(rows[0]).toBe('table,t<1>,profile,isko,deals,2,series length,36,complete,no');
    expect(rows[1]).toBe(
      'deal,dealer,declarer,game,outcome,entry,total Anna,total Bernd,total =Carl,corrected from,correction reason,deal id,entered,problems',
    );
    expect(rows[2]).toBe(`1,"'=Carl",Anna,clubs,lost,-72,-72,0,0,,,d1,cards,`);
    expect(rows[3]).toBe('2,Anna,,passed in,passed in,0,-72,0,0,12,"wrote ""12"", said 0",d2,cards,');
    expect(rows[4]).toBe('');
    expect(rows[5]).toBe(
      'Seeger-Fabian,game points,won,lost,50 x (won - lost),opponents lost,opponents lost points,total,rank,lost games (fee),loss fee (cents),computer',
    );
    expect(rows[6]).toBe('Anna,-72,0,1,-50,0,0,-122,3,1,50,no');
    expect(rows[7]).toBe('Bernd,0,0,0,0,1,40,40,1,0,0,no');
    expect(rows[8]).toBe(`"'=Carl",0,0,0,0,1,40,40,1,0,0,yes`);
    expect(rows[9]).toBe('derivation,R35,Anna: -72 - 50 = -122; each defender +40');
    expect(rows.at(-1)).toBe('');
  });

  it('CSV cells: numbers stay numbers; text a spreadsheet would run as a formula is defused', () => {
    expect(csvCell(-72)).toBe('-72');
    expect(csvCell('-72')).toBe(`"'-72"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
  });

  it('HTML: a printable page with the list and the Seeger-Fabian block, every name escaped', () => {
    const html = scoreSheetHtml(sheet, { generatedAt: '2026-11-29 12:00 UTC' });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<title>Spielliste t&lt;1&gt;</title>');
    expect(html).not.toContain('<1>');
    expect(html).toContain('<h2>Seeger-Fabian</h2>');
    expect(html).toContain('<td class="n total">-122</td>');
    expect(html).toContain('=Carl (Computer)');
    expect(html).toContain('korrigiert von 12: wrote &quot;12&quot;, said 0');
    expect(html).toContain('@page { size: A4');
    expect(html).toContain('<li>R35: Anna: -72 - 50 = -122; each defender +40</li>');
    expect(html).toContain('0,50 €');
    expect(html).not.toMatch(/<script/i);
  });

  it('HTML: game names in German like the headings (no English game words on the German page)', () => {
    expect(germanGameLabel('clubs hand schneider announced')).toBe('Kreuz Hand Schneider angesagt');
    expect(germanGameLabel('grand ouvert')).toBe('Grand ouvert');
    expect(germanGameLabel('null hand ouvert')).toBe('Null Hand ouvert');
    expect(germanGameLabel('passed in')).toBe('eingepasst');
    const html = scoreSheetHtml(sheet, { generatedAt: '2026-11-29 12:00 UTC' });
    const list = html.slice(html.indexOf('<table class="list">'), html.indexOf('</table>'));
    expect(list).not.toMatch(/\b(clubs|spades|hearts|diamonds|grand|passed in|announced)\b/);
  });
});
