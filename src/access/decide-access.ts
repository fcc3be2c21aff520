import { LEDGER_RULES as L } from '../deal/ledger-rules';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import type { AccessEvent, TokenIssuedData } from './events';

export type AccessCommand =
  | { readonly type: 'RecordTokenIssued'; readonly token: Omit<TokenIssuedData, 'issuedBy'> }
  | { readonly type: 'RevokeToken'; readonly tokenId: string; readonly reason: string };

export interface AccessState {
  readonly issued: ReadonlySet<string>;
  readonly revoked: ReadonlySet<string>;
}

export const initialAccessState: AccessState = { issued: new Set(), revoked: new Set() };

export function evolveAccess(state: AccessState, event: AccessEvent): AccessState {
  if (event.type === 'TokenIssued') return { ...state, issued: new Set([...state.issued, event.data.tokenId]) };
  if (event.type === 'TokenRevoked') return { ...state, revoked: new Set([...state.revoked, event.data.tokenId]) };
  return state;
}

/** Issuing is recorded once per token id; a revocation needs a reason and is recorded once (a second one changes nothing). */
export function decideAccess(command: AccessCommand, state: AccessState, actorId: string): Judgement<AccessEvent[]> {
  if (command.type === 'RecordTokenIssued') {
    if (state.issued.has(command.token.tokenId)) return allow([]);
    return allow([{ type: 'TokenIssued', data: { ...command.token, issuedBy: actorId } }]);
  }
  if (command.type === 'RevokeToken') {
    if (typeof command.tokenId !== 'string' || command.tokenId.trim() === '') return refuse(L.badCommand, 'name the token id to revoke');
    if (typeof command.reason !== 'string' || command.reason.trim() === '') return refuse(L.reasonRequired, 'a revocation needs a reason');
    if (state.revoked.has(command.tokenId)) return allow([]);
    return allow([{ type: 'TokenRevoked', data: { tokenId: command.tokenId, reason: command.reason.trim(), revokedBy: actorId } }]);
  }
  return refuse(L.badCommand, 'unknown access command');
}
