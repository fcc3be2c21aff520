import type { ScoreSheet } from '../../projections/score-sheet/score-sheet';

/**
 * A printable Spielliste: one self-contained HTML page (no scripts, no external files) with the
 * list of deals and running totals (R34) and the Seeger-Fabian block (R35), laid out for A4 when
 * printed (or saved as PDF from the browser's print dialog).
 */
export function scoreSheetHtml(sheet: ScoreSheet, options: { readonly generatedAt?: string } = {}): string {
  const players = sheet.players;
  const th = (s: string) => `<th>${esc(s)}</th>`;
  const num = (n: number | null) => `<td class="n">${n === null ? '' : esc(String(n))}</td>`;
  const td = (s: string) => `<td>${esc(s)}</td>`;
  const rows = sheet.rows
    .map((r) => {
      const outcome = r.passedIn ? 'eingepasst' : r.notScoreable ? 'nicht gewertet' : r.won === null ? '' : r.won ? 'gewonnen' : 'verloren';
      const entry = r.corrected ? `${r.entry} (korrigiert von ${r.originalEntry ?? '–'}: ${r.correctionReason ?? ''})` : String(r.entry);
      const line = `<tr${r.won === false ? ' class="lost"' : ''}>${num(r.dealNumber)}${td(r.dealer)}${td(r.declarer ?? '')}${td(germanGameLabel(r.gameLabel) + (r.provenance === 'resultOnly' ? ' (nur Ergebnis)' : ''))}${td(outcome)}<td class="n">${esc(entry)}</td>${players.map((p) => num(r.totals[p] ?? 0)).join('')}</tr>`;
      // A problem is shown right below the row where it occurs, across the whole list.
      const flags = [...r.problems.map((p) => `${p.ruleId}: ${p.text}`), ...(r.openDisputes > 0 ? ['angefochten, Schiedsrichter entscheidet'] : [])];
      return flags.length ? `${line}\n<tr class="problem"><td colspan="${6 + players.length}">${esc(flags.join('; '))}</td></tr>` : line;
    })
    .join('\n');
  const sf = sheet.seegerFabian
    .map(
      (s) =>
        `<tr>${td(s.player + (s.computer ? ' (Computer)' : ''))}${num(s.gamePoints)}${num(s.won)}${num(s.lost)}${num(s.wonLostPoints)}${num(s.opponentsLost)}${num(s.opponentsLostPoints)}<td class="n total">${esc(String(s.total))}</td>${num(s.rank)}${num(s.lossFees)}<td class="n">${esc(euros(s.lossFeeCents))}</td></tr>`,
    )
    .join('\n');
  const bonus = players.length === 3 ? 40 : 30;
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>Spielliste ${esc(sheet.tableId)}</title>
<style>
  body { font: 10pt/1.3 system-ui, sans-serif; margin: 1.5cm; color: #000; }
  h1 { font-size: 14pt; margin: 0 0 .2cm; }
  p.meta { margin: 0 0 .4cm; color: #333; }
  table { border-collapse: collapse; width: 100%; margin-bottom: .6cm; }
  th, td { border: 1px solid #888; padding: 2px 4px; text-align: left; }
  th { background: #eee; }
  td.n { text-align: right; font-variant-numeric: tabular-nums; }
  td.total { font-weight: bold; }
  tr.lost td { background: #fbeaea; }
  p.problem, tr.problem td { color: #a00; font-weight: bold; }
  ul.derivation { font-size: 9pt; color: #333; }
  @page { size: A4; margin: 1.2cm; }
  @media print { body { margin: 0; } th { background: #eee !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; } tr { break-inside: avoid; } }
</style>
</head>
<body>
<h1>Spielliste ${esc(sheet.tableId)}</h1>
<p class="meta">Regelprofil ${esc(sheet.profileId)} · ${sheet.dealsPlayed} von ${sheet.seriesLength} Spielen${sheet.complete ? ' (Serie vollständig)' : ''}${sheet.tournamentId ? ` · Turnier ${esc(sheet.tournamentId)}${sheet.round !== null ? `, Runde ${sheet.round}` : ''}` : ''}${options.generatedAt ? ` · erstellt ${esc(options.generatedAt)}` : ''}</p>
<table class="list">
<thead><tr>${th('Nr.')}${th('Geber')}${th('Alleinspieler')}${th('Spiel')}${th('Ergebnis')}${th('Wert')}${players.map(th).join('')}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>Seeger-Fabian</h2>
<table class="seeger-fabian">
<thead><tr>${th('Spieler')}${th('Spielpunkte')}${th('gewonnen')}${th('verloren')}${th('50 × (gew. − verl.)')}${th('verlorene Spiele der Gegner')}${th(`× ${bonus}`)}${th('Gesamt')}${th('Platz')}${th('verlorene Spiele')}${th('Verlustgeld')}</tr></thead>
<tbody>
${sf}
</tbody>
</table>
${sheet.problem ? `<p class="problem">${esc(sheet.problem)}</p>\n` : ''}${sheet.derivation.length ? `<ul class="derivation">\n${sheet.derivation.map((d) => `<li>${esc(d.ruleId)}: ${esc(d.text)}</li>`).join('\n')}\n</ul>\n` : ''}</body>
</html>
`;
}

// The list's game labels come from a fixed English vocabulary (buildScoreSheet's gameLabel); the
// German page writes each of its words in German, so headings and games speak one language.
const GERMAN_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bschneider announced\b/g, 'Schneider angesagt'],
  [/\bschwarz announced\b/g, 'Schwarz angesagt'],
  [/\bpassed in\b/g, 'eingepasst'],
  [/\bnot scoreable\b/g, 'nicht gewertet'],
  [/\bclubs\b/g, 'Kreuz'],
  [/\bspades\b/g, 'Pik'],
  [/\bhearts\b/g, 'Herz'],
  [/\bdiamonds\b/g, 'Karo'],
  [/\bgrand\b/g, 'Grand'],
  [/\bnull\b/g, 'Null'],
  [/\bramsch\b/g, 'Ramsch'],
  [/\bhand\b/g, 'Hand'],
];

export function germanGameLabel(label: string): string {
  return GERMAN_WORDS.reduce((out, [en, de]) => out.replace(en, de), label);
}

function euros(cents: number): string {
  return `${(cents / 100).toFixed(2).replace('.', ',')} €`;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
