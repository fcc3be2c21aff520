/**
 * Names that belong to imports (issue 13): ISS deals are `iss-<ID>`, their series tables
 * `iss-series-<SE>`, and every command an import runs has an id starting `import:` (its event ids
 * derive from it). A command from any other source may not create such a deal or table nor use
 * such a command id, so a recorder can neither take a record's place ahead of its import nor make
 * the import's own commands collide. Applies to live commands (every API caller); commands on an
 * existing imported deal (a score correction) are not affected.
 */
import type { LedgerCommand, CommandContext } from '../../command-handling/command-types';

export { IMPORT_COMMAND_PREFIX } from '../../command-handling/import-command-prefix';
import { IMPORT_COMMAND_PREFIX } from '../../command-handling/import-command-prefix';
export const IMPORTED_DEAL_PREFIX = 'iss-';
/**
 * The commands of what-if branches record under `branch:<branch id>:<command id>` (Branches), so
 * no branch event id can equal one a live or import command derives; live commands may not use it.
 */
export const BRANCH_COMMAND_PREFIX = 'branch:';

/** Why a command id given by an API caller (live or branch command) is reserved, or null when it is not. */
export function reservedCommandIdProblem(commandId: string): string | null {
  if (commandId.startsWith(IMPORT_COMMAND_PREFIX)) return `command ids starting "${IMPORT_COMMAND_PREFIX}" are reserved for imports`;
  if (commandId.startsWith(BRANCH_COMMAND_PREFIX)) return `command ids starting "${BRANCH_COMMAND_PREFIX}" are reserved for what-if branches`;
  return null;
}

/** Why this command may not use the ids it names, or null when it may. */
export function reservedIdProblem(command: LedgerCommand, ctx: CommandContext): string | null {
  if (ctx.source !== undefined && ctx.source !== 'live') return null;
  const reservedCommandId = reservedCommandIdProblem(ctx.commandId);
  if (reservedCommandId) return reservedCommandId;
  const created =
    command.type === 'StartDeal'
      ? command.dealId
      : command.type === 'StartTableDeal'
        ? command.dealId
        : command.type === 'OpenTable'
          ? command.tableId
          : undefined;
  if (typeof created === 'string' && created.startsWith(IMPORTED_DEAL_PREFIX)) {
    return `ids starting "${IMPORTED_DEAL_PREFIX}" are reserved for ISS imports (deals iss-<ID>, tables iss-series-<SE>)`;
  }
  return null;
}
