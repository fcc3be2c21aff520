import { deciderSpec } from '../../test/support/decider-spec';
import { accessDecider } from './access-decider';
import type { AccessEvent } from './events';

describe('access decider (the token register)', () => {
  const access = deciderSpec(accessDecider('organiser'));
  const token = { tokenId: 'tok-1', role: 'player', player: 'Anna', table: 't1', tournament: null, expiresAt: null };
  const issued: AccessEvent = { type: 'TokenIssued', data: { ...token, issuedBy: 'organiser' } };
  const revoked: AccessEvent = { type: 'TokenRevoked', data: { tokenId: 'tok-1', reason: 'lost phone', revokedBy: 'organiser' } };

  it('records an issued token once, with who issued it; a repeat records nothing', () => {
    access.given().when({ type: 'RecordTokenIssued', token }).then([issued]);
    access.given(issued).when({ type: 'RecordTokenIssued', token }).thenNothing();
  });

  it('a revocation names the token (L10) and gives a reason (L5); it is recorded once, trimmed', () => {
    access.given(issued).when({ type: 'RevokeToken', tokenId: '', reason: 'x' }).thenRefused('L10');
    access.given(issued).when({ type: 'RevokeToken', tokenId: 'tok-1', reason: '  ' }).thenRefused('L5');
    access.given(issued).when({ type: 'RevokeToken', tokenId: 'tok-1', reason: ' lost phone ' }).then([revoked]);
    access.given(issued, revoked).when({ type: 'RevokeToken', tokenId: 'tok-1', reason: 'again' }).thenNothing();
  });
});
