import { flag, has, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { asOfOfText } from '../../ledger/ledger';
import type { PlayerRating } from '../../projections/ratings/ratings-queries';
import type { PlayerStats } from '../../projections/player-stats/player-stats';
import { asOfFlag, EXIT_CODES_HELP, STORE_HELP, storeUrlOf, withLedger } from './ledger-command-support';

const help = `Usage: skat-ledger stats --player NAME [--as-of POSITION|TIME] [--store URL] [--json]

A player's statistics over every deal in the store: deals played, games as declarer (share, won,
lost, average game value, game types, hand / ouvert / null / overbid rates), defence games and
success, the Seeger-Fabian total of every series (table) the player sat at, and his rating under
every model (docs/ratings.md; with --as-of, as of that moment). Computer seats are left out (D5 duel rule).

  --player NAME  the player (ISS imports: the ISS name)
  --as-of AT     as the statistics stood at that moment of the log: a log position (digits, an
                 event's position as the audit shows it) or an ISO 8601 time (2017-09-04,
                 2017-09-04T14:00:00Z); corrections and deals after it are left out
${STORE_HELP}
  --json        print the statistics as one JSON object

${EXIT_CODES_HELP} Here 2 also = no deals for that player.`;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function statsText(s: PlayerStats): string {
  const mix = Object.entries(s.gameTypeMix)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  const series = s.seegerFabianPerSeries.map((x) => `  ${x.tableId}: ${x.total}`);
  return [
    `Player ${s.player}`,
    `  deals played        ${s.dealsPlayed}`,
    `  as declarer         ${s.declarerGames} (${pct(s.declarerShare)}): won ${s.wonAsDeclarer}, lost ${s.lostAsDeclarer}, average game value ${s.averageGameValue.toFixed(1)}`,
    `  game types          ${mix || '-'}`,
    `  hand / ouvert / null / overbid   ${pct(s.handRate)} / ${pct(s.ouvertRate)} / ${pct(s.nullRate)} / ${pct(s.overbidRate)}`,
    `  as defender         ${s.defenceGames}, won ${s.defenceWon} (${pct(s.defenceSuccess)})`,
    `Seeger-Fabian per series${series.length ? '' : ': none'}`,
    ...series,
  ].join('\n');
}

function ratingsText(ratings: readonly PlayerRating[] | undefined): string {
  if (ratings === undefined) return '';
  if (ratings.length === 0) return '\nRatings: none (no rated game)';
  return ['', 'Ratings (docs/ratings.md)', ...ratings.map((r) => `  ${r.model.padEnd(14)} ${r.rating.toFixed(1)} (${r.games} games)`)].join('\n');
}

const stats: CliCommand = {
  path: ['stats'],
  summary: "A player's statistics",
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store', 'player', 'as-of'], switches: ['json'] });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    const player = flag(args, 'player');
    if (player === undefined || player.trim() === '') throw new UsageError('--player NAME is required');
    const asOf = asOfFlag(args);
    // As of a moment, the ratings too (docs/ratings.md: each model folded over the rating log up to it; no cost limit here).
    const [s, ratings] = await withLedger(
      storeUrlOf(args, io),
      async (ledger) => {
        await ledger.catchUp();
        if (asOf !== undefined) {
          const view = await ledger.asOf(asOfOfText(asOf));
          return [await view.sheets.playerStats(player, {}), await view.ratings.player(player)] as const;
        }
        return [await ledger.playerStats(player), await ledger.playerRatings(player)] as const;
      },
      io.env,
    );
    if (!s || s.dealsPlayed === 0) {
      io.stderr.write(`skat-ledger stats: no deals for player ${player}\n`);
      return 2;
    }
    const withRatings = ratings === undefined ? s : { ...s, ratings };
    io.stdout.write(has(args, 'json') ? JSON.stringify(withRatings) + '\n' : statsText(s) + ratingsText(ratings) + '\n');
    return 0;
  },
};

export default stats;
