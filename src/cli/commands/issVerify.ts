import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { flag, has, parseArgs } from '../args';
import { UsageError, type CliCommand, type CliIo } from '../command';
import { getProfile, isProfileId, PROFILE_IDS } from '../../rules/variant';
import { addVerdict, emptySummary, verifyIssStream, type IssVerdict, type IssVerifySummary } from '../../format/iss/issVerify';

const HELP = `Usage: skat-ledger iss verify FILE... [--json] [--profile iss]

Reads ISS game records (one per line, blank lines skipped), replays every record's moves through
the rules engine and compares the result with the recorded R[...] fields: declarer d, win/loss,
value v, matadors m, overbid/bidok, card points p, tricks t, schneider s, schwarz z, and passed.
Files are streamed line by line, so memory stays flat whatever their size.

Records that ended in a time-out (TI), a player leaving (LE) or a server penalty are replayed
but not scored (D3): they are counted as not scoreable, with the reason.
A malformed line (unreadable, bad card code, duplicate card, wrong card count, a card played
twice or out of turn, an illegal bid, a truncated record) is reported with its file, line
number, the record's ID when readable and the reason (the rule it breaks); the run goes on.

Options:
  --json           print exactly one JSON object:
                   {"records":N,"agree":A,"disagree":D,"notScoreable":S,
                    "mismatches":[{"id","field","recorded","recomputed","file","line"}],
                    "notScoreableReasons":{"<id>":"reason"},
                    "malformed":[{"file","line","id","reason"}]}
  --profile NAME   rule profile to score under (default iss; known: ${PROFILE_IDS.join(', ')})

Exit codes: 0 every record agrees or is not scoreable; 1 at least one record disagrees or a
line is malformed; 2 bad usage, or a file is missing or unreadable.`;

const command: CliCommand = {
  path: ['iss', 'verify'],
  summary: 'Recompute ISS records and compare with their recorded results',
  help: HELP,
  async run(argv: readonly string[], io: CliIo): Promise<number> {
    const args = parseArgs(argv, { values: ['profile'], switches: ['json'] });
    const files = args.positional;
    if (files.length === 0) throw new UsageError('name at least one ISS record file');
    const profileId = flag(args, 'profile') ?? 'iss';
    if (!isProfileId(profileId)) throw new UsageError(`unknown profile "${profileId}"; known: ${PROFILE_IDS.join(', ')}`);
    const profile = getProfile(profileId);
    const json = has(args, 'json');

    for (const file of files) {
      const problem = await unreadable(file);
      if (problem) {
        io.stderr.write(`skat-ledger iss verify: ${problem}\n`);
        return 2;
      }
    }

    const summary = emptySummary();
    for (const file of files) {
      // One await per 64 KiB chunk, lines verified synchronously; memory stays flat.
      const input = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 });
      try {
        await verifyIssStream(input, profile, (verdict) => {
          addVerdict(summary, file, verdict);
          if (!json) {
            const text = describe(file, verdict);
            if (text) io.stdout.write(text + '\n');
          }
        });
      } catch (err) {
        io.stderr.write(`skat-ledger iss verify: cannot read ${file}: ${(err as Error).message}\n`);
        return 2;
      } finally {
        input.destroy();
      }
    }

    io.stdout.write((json ? JSON.stringify(summary) : humanSummary(summary, profileId)) + '\n');
    return summary.disagree > 0 || summary.malformed.length > 0 ? 1 : 0;
  },
};

export default command;

async function unreadable(file: string): Promise<string | null> {
  try {
    const s = await stat(file);
    return s.isDirectory() ? `${file} is a directory, not a record file` : null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file}: ${(err as Error).message}`;
  }
}

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
