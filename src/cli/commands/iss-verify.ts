import { flag, has, parseArgs } from '../args';
import { UsageError, type CliCommand, type CliIo } from '../command';
import { isProfileId, PROFILE_IDS } from '../../rules/variant';
import { addAgreed, addVerdict, emptySummary, type IssVerifySummary } from '../../format/iss/iss-verify-summary';
import type { IssVerdict } from '../../format/iss/iss-verdict';
import { issInputProblem, STDIN_NAME } from '../../archive/iss-input';
import { verifyIssInputs } from '../../archive/verify/verify-iss-inputs';
import { quietWhenPipeCloses } from '../closed-pipe';

const HELP = `Usage: skat-ledger iss verify FILE... [--json] [--profile iss] [--workers N]

Reads ISS game records (one per line, blank lines skipped), replays every record's moves through
the rules engine and compares the result with the recorded R[...] fields: declarer d, win/loss,
value v, matadors m, overbid/bidok, card points p, tricks t, schneider s, schwarz z, and passed.
A FILE is a record file (.sgf), a dump compressed as the server publishes it (.sgf.gz, .sgf.bz2:
recognised by its first bytes), or - for standard input. Everything is streamed, so memory stays
flat whatever the size; a UTF-8 byte-order mark is skipped, and a line that is not valid UTF-8 is
read as Latin-1. A large input is verified on every core: a plain file is cut into byte ranges
that the main thread and worker threads each read and verify themselves; standard input and
compressed dumps are read by the main thread and verified in batches on every thread. The output
is the same, byte for byte, whatever the threads.

Records are judged exactly as \`import iss\` judges them (the same records are rejected, for the
same reasons). Records that ended in a time-out (TI), a player leaving (LE) or a server penalty
are replayed but not scored (D3): they are counted as not scoreable, with the reason.
A malformed line (unreadable, bad card code, duplicate card, wrong card count, a card played
twice or out of turn, an illegal bid, a move after the end of the deal, a truncated record, a
header without ID, DT or three different players) is reported with its file, line number, the
record's ID when readable and the reason (the rule it breaks); the run goes on.

Options:
  --json           print exactly one JSON object:
                   {"records":N,"agree":A,"disagree":D,"notScoreable":S,
                    "mismatches":[{"id","field","recorded","recomputed","file","line"}],
                    "notScoreableReasons":{"<id>":"reason"},
                    "malformed":[{"file","line","id","reason"}]}
  --profile NAME   rule profile to score under (default iss; known: ${PROFILE_IDS.join(', ')})
  --workers N      verify on N worker threads besides the main one, which verifies too
                   (0: the main thread only); default for an input over 4 MiB or standard
                   input: one per core but one (at least one), else 0

Output to a closed pipe (iss verify FILE | head) is dropped quietly; the run still ends with its
own exit code.
Exit codes: 0 every record agrees or is not scoreable; 1 at least one record disagrees or a
line is malformed; 2 bad usage, a file is missing or unreadable, or a worker thread failed (the
run stops: no record is left out silently).`;

const command: CliCommand = {
  path: ['iss', 'verify'],
  summary: 'Recompute ISS records and compare with their recorded results',
  help: HELP,
  async run(argv: readonly string[], io: CliIo): Promise<number> {
    const args = parseArgs(argv, { values: ['profile', 'workers'], switches: ['json'] });
    const files = args.positional;
    if (files.length === 0) throw new UsageError('name at least one ISS record file (or - for standard input)');
    if (files.filter((f) => f === STDIN_NAME).length > 1) throw new UsageError('standard input (-) can be read only once');
    const profileId = flag(args, 'profile') ?? 'iss';
    if (!isProfileId(profileId)) throw new UsageError(`unknown profile "${profileId}"; known: ${PROFILE_IDS.join(', ')}`);
    const json = has(args, 'json');
    const workersText = flag(args, 'workers');
    const workers = workersText === undefined ? undefined : Number(workersText);
    if (workers !== undefined && !(Number.isInteger(workers) && workers >= 0 && workers <= 64))
      throw new UsageError(`--workers takes a whole number from 0 to 64, got "${workersText}"`);

    for (const file of files) {
      const problem = issInputProblem(file);
      if (problem) {
        io.stderr.write(`skat-ledger iss verify: ${problem}\n`);
        return 2;
      }
    }

    const out = quietWhenPipeCloses(io.stdout);
    const summary = emptySummary();
    try {
      await verifyIssInputs(
        files,
        profileId,
        {
          onVerdicts(file, agree, others) {
            addAgreed(summary, agree);
            for (const verdict of others) {
              addVerdict(summary, file, verdict);
              if (!json) {
                const text = describe(file, verdict);
                if (text) out.stream.write(text + '\n');
              }
            }
          },
        },
        workers === undefined ? {} : { workers },
      );
    } catch (err) {
      io.stderr.write(`skat-ledger iss verify: cannot read the records: ${(err as Error).message}\n`);
      return 2;
    }

    out.stream.write((json ? JSON.stringify(summary) : humanSummary(summary, profileId)) + '\n');
    return summary.disagree > 0 || summary.malformed.length > 0 ? 1 : 0;
  },
};

export default command;

function describe(file: string, v: IssVerdict): string | null {
  const where = `${file}:${v.line} ID ${v.id ?? '?'}`;
  switch (v.status) {
    case 'agree':
      return null;
    case 'disagree':
      return `${where} disagrees: ${v.mismatches.map((m) => `${m.field} recorded ${m.recorded}, recomputed ${m.recomputed}`).join('; ')}`;
    case 'notScoreable':
      return `${where} not scoreable: ${v.reason}`;
    case 'malformed':
      return `${where} malformed: ${v.reason}`;
  }
}

function humanSummary(s: IssVerifySummary, profileId: string): string {
  return (
    `${s.records} records (profile ${profileId}): ${s.agree} agree, ${s.disagree} disagree, ` +
    `${s.notScoreable} not scoreable, ${s.malformed.length} malformed`
  );
}
