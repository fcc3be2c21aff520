import { has, parseArgs } from '../args';
import { UsageError, type CliCommand, type CliIo } from '../command';
import { analyzeIssRecord, type IssRecordAnalysis } from '../../analysis/deals/analyze-iss-record';
import { Solver } from '../../analysis/solver';
import { issLineBatches, overlongLineReason } from '../../format/iss/iss-line-source';
import { issInputProblem, openIssInput, STDIN_NAME } from '../../archive/iss-input';
import { quietWhenPipeCloses } from '../closed-pipe';

const HELP = `Usage: skat-ledger analyze iss FILE... [--json]

Reads ISS game records, one per line (blank lines skipped), each possibly cut anywhere during
the card play (also in the middle of a trick, without R[...]), and solves the position after the
last card with all cards open (perfect information), every remaining trick played out.
A FILE is a record file, one compressed as the server publishes its dumps (.gz, .bz2:
recognised by its first bytes), or - for standard input (compressed or not).

With --json, one JSON object per record on its own line, nothing else:
  {"id":"<ID>","toMove":<seat>,"value":<V>,"declarerCanTakeAll":<bool|null>,
   "defendersCanTakeTrick":<bool|null>,"moves":[{"card":"<card>","value":<V>},...]}
  toMove   the seat that plays the next card: 0 forehand, 1 middlehand, 2 rearhand
  value    suit/grand: the declarer's card points at the end (skat and tricks won so far
           included) when both sides play perfectly, an integer 0-120; null: "won" when the
           declarer can make sure he takes no further trick, else "lost"
  declarerCanTakeAll / defendersCanTakeTrick
           suit/grand: the declarer can win every trick not yet completed (the one on the table
           included) / the defenders can win at least one of them; null in null games
  moves    every legal card of the side to move, with the same value when it is played now
A record with no card left to play (all tricks played, or a null game after the declarer's
first trick) or one that cannot be read or replayed gets {"id":"<ID>","error":"<reason>"}.

Without --json, one line per record in words. Output to a closed pipe (analyze iss - | head)
ends the run quietly: no further record is solved. Exit codes: 0 done (also when records got
an error), 2 bad usage or a file that cannot be read.`;

const command: CliCommand = {
  path: ['analyze', 'iss'],
  summary: 'Solve the position of cut ISS records with all cards open',
  help: HELP,
  async run(argv: readonly string[], io: CliIo): Promise<number> {
    const args = parseArgs(argv, { switches: ['json'] });
    const files = args.positional;
    if (files.length === 0) throw new UsageError('name at least one ISS record file (or - for standard input)');
    if (files.filter((f) => f === STDIN_NAME).length > 1) throw new UsageError('standard input (-) can be read only once');
    const json = has(args, 'json');
    for (const file of files) {
      const problem = issInputProblem(file);
      if (problem) {
        io.stderr.write(`skat-ledger analyze iss: ${problem}\n`);
        return 2;
      }
    }
    const out = quietWhenPipeCloses(io.stdout);
    // One solver for the run: its table is reused by consecutive records of the same game.
    const solver = new Solver();
    for (const file of files) {
      // The input and line source import iss and iss verify read with (gzip/bzip2, stdin, BOM, Latin-1, overlong lines).
      const input = openIssInput(file);
      try {
        for await (const batch of issLineBatches(input.chunks)) {
          for (const l of batch) {
            // Nobody reads any more: solving the rest would be wasted work.
            if (out.closed()) return 0;
            if (!l.overlong && l.text.trim() === '') continue;
            const answer: IssRecordAnalysis = l.overlong ? { id: null, error: overlongLineReason } : analyzeIssRecord(l.text, solver);
            out.stream.write((json ? JSON.stringify(answer) : inWords(answer)) + '\n');
          }
        }
      } catch (err) {
        io.stderr.write(`skat-ledger analyze iss: cannot read ${file}: ${(err as Error).message}\n`);
        return 2;
      } finally {
        input.close();
      }
    }
    return 0;
  },
};

export default command;

const SEAT_WORDS = ['forehand', 'middlehand', 'rearhand'];

function inWords(a: IssRecordAnalysis): string {
  const id = `ID ${a.id ?? '?'}`;
  if ('error' in a) return `${id}: ${a.error}`;
  const moves = a.moves.map((m) => `${m.card} ${m.value}`).join(', ');
  const value = typeof a.value === 'number' ? `${a.value} card points to the declarer` : `null ${a.value}`;
  const all = a.declarerCanTakeAll === null ? '' : a.declarerCanTakeAll ? '; the declarer can take every remaining trick' : '; the defenders can take a trick';
  return `${id}: ${SEAT_WORDS[a.toMove]} to play; ${value}${all}; ${moves}`;
}
