import { randomUUID } from 'node:crypto';
import type { CommandContext, Ledger, LedgerCommand } from '../../ledger/ledger';
import type { Principal } from '../../auth/role';
import type { ApiContext } from '../context/api-context';
import { forbidden, unauthenticated } from '../errors/api-error';
import * as valid from '../inputs/validate';
import type { CommandResultType } from '../types/command-result.type';
import { ledgerEventTypeOf } from '../types/event-types';

/** A role check: may this principal do it? */
export type Gate = (p: Principal) => boolean;

/** Refuses the request unless the principal passes: UNAUTHENTICATED without a token, FORBIDDEN with the wrong one. */
export function gate(ctx: ApiContext, allowed: Gate, what: string): void {
  if (allowed(ctx.principal)) return;
  if (ctx.principal.role === 'anonymous') throw unauthenticated(`a token is needed to ${what}`);
  throw forbidden(`a ${ctx.principal.role} token may not ${what}`);
}

/** Every mutation's last step: the command context from the token, the command through the Ledger, the result shaped for the API. */
export async function runCommand(
  ledger: Ledger,
  ctx: ApiContext,
  command: LedgerCommand,
  commandId: string,
  expectedRevision: string | undefined,
): Promise<CommandResultType> {
  const p = ctx.principal;
  if (p.role === 'anonymous') throw unauthenticated('commands need a token');
  const expected = valid.revision(expectedRevision);
  const context: CommandContext = {
    commandId: valid.id(commandId, 'commandId'),
    actorId: p.player ?? `${p.role}:${p.tokenId}`,
    ...(p.role === 'arbiter' ? { role: 'arbiter' as const } : p.role === 'admin' ? { role: 'system' as const } : { role: 'player' as const }),
    source: 'live',
    correlationId: ctx.requestId || randomUUID(),
    ...(expected !== undefined ? { expectedRevision: expected } : {}),
  };
  const outcome = await ledger.execute(command, context);
  return {
    streamName: outcome.streamName,
    events: outcome.events.map((e) => ({ ...e, type: ledgerEventTypeOf(e.type) })),
    revision: outcome.nextExpectedRevision.toString(),
    alreadyApplied: outcome.alreadyApplied,
    dealId: outcome.dealId ?? ('dealId' in command ? (command.dealId ?? null) : null),
  };
}
