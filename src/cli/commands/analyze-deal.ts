import { has, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import type { DiscardValue, GameOption } from '../../analysis';
import { analyzeDeal } from '../../analysis/deals/analyze-deal';
import { bestDiscardOf, bestGameOf, type BestDiscardAnalysis, type BestGameAnalysis } from '../../analysis/deals/after-the-fact';
import type { DealAnalysis, Outcome } from '../../analysis/deals/deal-analysis';
import { SEAT_NAMES } from '../../rules/seat';
import { EXIT_CODES_HELP, STORE_HELP, storeUrlOf, withLedger } from './ledger-command-support';

const help = `Usage: skat-ledger analyze deal ID [--store URL] [--best] [--json]

Perfect-information verdicts for every position of a stored deal's card play: the outcome with
best play of both sides and all cards open (suit/grand: the declarer's final card points, skat
included; won or lost as declared and bid), the card the record played, every legal alternative,
and the turning points where the card played flipped won/lost.

  ID            the deal id (ISS imports: iss-<ID>)
  --best        also the best discard (all 66 for the game declared) and the best game (each of
                the six game types with a winning discard, won/lost and value against the bid);
                in JSON "bestDiscard" and "bestGame" (null without a declarer game)
${STORE_HELP}
  --json        one JSON object: {"id", "game", "declarer", "steps": [{"step", "trick", "toMove",
                "value", "verdict", "move", "after", "moves": [{"card", "value", "verdict"}]}],
                "turningPoints": [...], "nodes"}; value is null in null games

${EXIT_CODES_HELP} Here 2 also = no such deal.`;

/** The JSON contract of `analyze deal --json` (stable field names, exact JSON types). */
export function analysisJson(a: DealAnalysis): Record<string, unknown> {
  const outcome = (o: Outcome | null) => (o ? { value: o.value, verdict: o.verdict } : null);
  return {
    id: a.dealId,
    game: a.game,
    declarer: a.declarer,
    ...(a.note ? { note: a.note } : {}),
    steps: a.steps.map((s) => ({
      step: s.step,
      trick: s.trick,
      toMove: s.toMove,
      value: s.outcome.value,
      verdict: s.outcome.verdict,
      move: s.played,
      after: outcome(s.after),
      moves: s.alternatives.map((m) => ({ card: m.card, value: m.value, verdict: m.verdict })),
    })),
    turningPoints: a.turningPoints.map((t) => ({
      step: t.step,
      trick: t.trick,
      seat: t.seat,
      move: t.card,
      before: outcome(t.before),
      after: outcome(t.after),
      better: t.better ? { card: t.better.card, value: t.better.value, verdict: t.better.verdict } : null,
      text: t.text,
    })),
    nodes: a.nodes,
  };
}

function analysisText(a: DealAnalysis): string {
  if (a.steps.length === 0) return `${a.dealId}: ${a.note ?? 'nothing to analyse'}`;
  const o = (x: Outcome) => (x.value === null ? x.verdict : `${x.value} ${x.verdict}`);
  const lines = [`${a.dealId}: ${a.game} game, declarer ${a.declarer === null ? '?' : SEAT_NAMES[a.declarer]}`];
  for (const s of a.steps) {
    const played = s.played && s.after ? `, played ${s.played} -> ${o(s.after)}` : '';
    lines.push(
      `  step ${s.step} trick ${s.trick} ${SEAT_NAMES[s.toMove]}: ${o(s.outcome)}${played}; ${s.alternatives.map((m) => `${m.card} ${o(m)}`).join(', ')}`,
    );
  }
  lines.push(a.turningPoints.length ? 'Turning points:' : 'No turning point: the verdict never changed.');
  for (const t of a.turningPoints) lines.push(`  ${t.text}`);
  return lines.join('\n');
}

const discardJson = (d: DiscardValue) => ({
  discard: [...d.discard],
  ...(d.value !== undefined ? { value: d.value } : {}),
  ...(d.atMost !== undefined ? { atMost: d.atMost } : {}),
  ...(d.won !== undefined ? { won: d.won } : {}),
});

export function bestDiscardJson(b: BestDiscardAnalysis): Record<string, unknown> {
  return {
    declarer: b.declarer,
    game: b.gameType,
    pickedUp: b.pickedUp,
    best: discardJson(b.best),
    actual: discardJson(b.actual),
    discards: b.discards.map(discardJson),
  };
}

export function bestGameJson(b: BestGameAnalysis): Record<string, unknown> {
  const option = (o: GameOption) => ({ game: o.gameType, won: o.won, discard: o.discard ? [...o.discard] : null, gameValue: o.gameValue });
  return { declarer: b.declarer, bid: b.bid, declared: b.declared, options: b.options.map(option), best: b.best ? option(b.best) : null };
}

const discardWords = (d: DiscardValue) =>
  `${d.discard.join(' ')}${d.value !== undefined ? ` ${d.value}` : ''}${d.won !== undefined ? ` ${d.won ? 'won' : 'lost'}` : ''}`;

function bestDiscardText(b: BestDiscardAnalysis): string {
  return `Best discard for ${b.gameType}: ${discardWords(b.best)} (put away: ${discardWords(b.actual)})`;
}

function bestGameText(b: BestGameAnalysis): string {
  const options = b.options.map((o) => `${o.gameType} ${o.won ? `won (${o.discard?.join(' ')}, value ${o.gameValue})` : 'lost'}`).join('; ');
  return `Best game against bid ${b.bid}: ${b.best ? `${b.best.gameType}, value ${b.best.gameValue}` : 'none wins'} — ${options}`;
}

const analyzeDealCommand: CliCommand = {
  path: ['analyze', 'deal'],
  summary: "Perfect-information verdicts for every position of a stored deal's card play",
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store'], switches: ['json', 'best'] });
    if (args.positional.length !== 1) throw new UsageError('name exactly one deal id');
    const dealId = args.positional[0];
    const best = has(args, 'best');
    const found = await withLedger(
      storeUrlOf(args, io),
      async (ledger) => {
        const events = await ledger.dealEvents(dealId);
        if (events.length === 0) return null;
        return { analysis: await analyzeDeal(dealId, events), ...(best ? { bestDiscard: bestDiscardOf(events), bestGame: bestGameOf(events) } : {}) };
      },
      io.env,
    );
    if (!found) {
      io.stderr.write(`skat-ledger analyze deal: no deal ${dealId}\n`);
      return 2;
    }
    if (has(args, 'json')) {
      const extra = best
        ? { bestDiscard: found.bestDiscard ? bestDiscardJson(found.bestDiscard) : null, bestGame: found.bestGame ? bestGameJson(found.bestGame) : null }
        : {};
      io.stdout.write(JSON.stringify({ ...analysisJson(found.analysis), ...extra }) + '\n');
    } else {
      const lines = [analysisText(found.analysis)];
      if (found.bestDiscard) lines.push(bestDiscardText(found.bestDiscard));
      if (found.bestGame) lines.push(bestGameText(found.bestGame));
      io.stdout.write(lines.join('\n') + '\n');
    }
    return 0;
  },
};

export default analyzeDealCommand;
