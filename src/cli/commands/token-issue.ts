import { parseArgs, flag } from '../args';
import { UsageError, type CliCommand } from '../command';
import { claimProblem, issueToken } from '../../auth/token';
import { isRole, ROLES } from '../../auth/role';
import { DEFAULT_STORE_URL, resolveTokenSecret, secretFileFor } from '../../settings/token-secret';

const help = `Usage: skat-ledger token issue --role <${ROLES.join('|')}> [--player <name>] [--table <id>] [--ttl <seconds>] [--store <url>]

Prints a signed API token on stdout. Send it as "Authorization: Bearer <token>" over HTTP, or as
connectionParams { authorization: "Bearer <token>" } over graphql-ws.

  --role     player: sees its own hand in live deals (needs --player)
             recorder: records deals of one table (needs --table)
             arbiter: corrects scores; admin: manages tables, tournaments and imports
  --player   the player name the token speaks for
  --table    the table a recorder may record for
  --ttl      lifetime in seconds (default: no expiry)
  --store    the store whose secret signs the token (default SKAT_LEDGER_STORE or ${DEFAULT_STORE_URL})

The secret is SKAT_LEDGER_TOKEN_SECRET when set; otherwise the file <database>.token-secret beside
the SQLite database, created (mode 0600) if missing, the same file the server uses.`;

const tokenIssue: CliCommand = {
  path: ['token', 'issue'],
  summary: 'Issue an API token for a role',
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['role', 'player', 'table', 'ttl', 'store'] });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    const role = flag(args, 'role');
    if (!isRole(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
    const player = flag(args, 'player');
    const table = flag(args, 'table');
    const ttlText = flag(args, 'ttl');
    const ttlSeconds = ttlText === undefined ? undefined : Number(ttlText);
    if (ttlSeconds !== undefined && (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0)) {
      throw new UsageError('--ttl must be a positive whole number of seconds');
    }
    const problem = claimProblem({ role, player, table });
    if (problem) throw new UsageError(problem);
    const storeUrl = flag(args, 'store') ?? io.env.SKAT_LEDGER_STORE ?? DEFAULT_STORE_URL;
    if (secretFileFor(storeUrl) === null && !io.env.SKAT_LEDGER_TOKEN_SECRET) {
      throw new UsageError('an in-memory or remote store keeps no secret file; set SKAT_LEDGER_TOKEN_SECRET');
    }
    const { secret } = resolveTokenSecret(io.env, storeUrl);
    io.stdout.write(issueToken(secret, { role, player, table, ttlSeconds }) + '\n');
    return 0;
  },
};

export default tokenIssue;
