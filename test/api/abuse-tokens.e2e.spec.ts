/**
 * Issue 24 item 5: a token issued by a token lives no longer than its issuer and is revoked with
 * it; a retried issueToken returns the same token, recorded once in the access log.
 */
import { ACCESS_STREAM } from '../../src/access/events';
import { codesOf, startServer, type TestServer } from './harness';
import { ledgerStore } from '../../src/ledger/store-port';

const ISSUE = `mutation($c: ID!, $i: IssueTokenInput!) { issueToken(commandId: $c, input: $i) { token tokenId expiresAt } }`;
const REVOKE = `mutation($c: ID!, $i: RevokeTokenInput!) { revokeToken(commandId: $c, input: $i) { revision } }`;
const tokenId = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).jti;

describe('abuse: tokens cannot outlive their issuer, and an issue is recorded once (issue 24 item 5)', () => {
  let s: TestServer;
  let root: string;
  beforeAll(async () => {
    s = await startServer();
    root = s.token({ role: 'admin' });
  });
  afterAll(async () => s.close());

  it('a short-lived admin token mints no longer-lived token: the child expires with its parent', async () => {
    const parent = s.token({ role: 'admin', ttlSeconds: 60 });
    const parentExp = JSON.parse(Buffer.from(parent.split('.')[1], 'base64url').toString('utf8')).exp as number;
    const r = await s.gql(ISSUE, { c: 'mint-long', i: { role: 'ADMIN', ttlSeconds: 31_536_000 } }, parent);
    expect(r.body.errors).toBeUndefined();
    expect(Date.parse(r.body.data.issueToken.expiresAt) / 1000).toBeLessThanOrEqual(parentExp);
  });

  it('revoking the issuer revokes what it issued, over HTTP, with the revocation restored from the log', async () => {
    const parent = (await s.gql(ISSUE, { c: 'parent-1', i: { role: 'ADMIN', ttlSeconds: 3600 } }, root)).body.data.issueToken;
    const child = (await s.gql(ISSUE, { c: 'child-1', i: { role: 'ADMIN', ttlSeconds: 3600 } }, parent.token)).body.data.issueToken;
    const grandchild = (await s.gql(ISSUE, { c: 'grandchild-1', i: { role: 'ARBITER', ttlSeconds: 3600 } }, child.token)).body.data.issueToken;
    expect((await s.gql('{ __typename }', {}, grandchild.token)).status).toBe(200);
    const revoked = await s.gql(REVOKE, { c: 'revoke-parent-1', i: { tokenId: parent.tokenId, reason: 'leaked' } }, root);
    expect(revoked.body.errors).toBeUndefined();
    for (const t of [parent.token, child.token, grandchild.token]) expect((await s.gql('{ __typename }', {}, t)).status).toBe(401);
    expect(await s.ledger.revokedTokenIds()).toEqual([parent.tokenId]); // the descendants follow from their own claims
    expect((await s.gql('{ __typename }', {}, root)).status).toBe(200);
  });

  it('a retried issueToken (same command id) returns the same token, recorded once; another input under that id is refused', async () => {
    const input = { role: 'ARBITER', ttlSeconds: 3600 };
    const first = await s.gql(ISSUE, { c: 'issue-retry', i: input }, root);
    await new Promise((r) => setTimeout(r, 1100)); // a later second: a fresh token would have another iat
    const second = await s.gql(ISSUE, { c: 'issue-retry', i: input }, root);
    expect(second.body.data.issueToken).toEqual(first.body.data.issueToken);
    expect(tokenId(first.body.data.issueToken.token)).toBe(first.body.data.issueToken.tokenId);
    const log = (await ledgerStore(s.ledger).readStream(ACCESS_STREAM)).events.filter(
      (e) => e.type === 'TokenIssued' && (e.data as { tokenId: string }).tokenId === first.body.data.issueToken.tokenId,
    );
    expect(log).toHaveLength(1);
    const other = await s.gql(ISSUE, { c: 'issue-retry', i: { role: 'ADMIN', ttlSeconds: 3600 } }, root);
    expect(codesOf(other)).toEqual(['BAD_USER_INPUT']);
    // Another admin's command of that id is refused too (command ids are one namespace), never handed out unrecorded.
    const theirs = await s.gql(ISSUE, { c: 'issue-retry', i: input }, s.token({ role: 'admin' }));
    expect(codesOf(theirs)).toEqual(['BAD_USER_INPUT']);
    expect(theirs.body.data?.issueToken ?? null).toBeNull();
  });

  it('given no table "ghost", when a recorder (or player) token is asked for it, then it is refused as not found and nothing is recorded (issue 22)', async () => {
    const before = (await ledgerStore(s.ledger).readStream(ACCESS_STREAM)).events.length;
    for (const input of [
      { role: 'RECORDER', tableId: 'ghost', ttlSeconds: 3600 },
      { role: 'PLAYER', player: 'Anna', tableId: 'ghost', ttlSeconds: 3600 },
    ]) {
      const r = await s.gql(ISSUE, { c: `ghost-${input.role}`, i: input }, root);
      expect(codesOf(r)).toEqual(['NOT_FOUND']);
      expect(r.body.errors?.[0].message).toMatch(/table ghost/);
      expect(r.body.data?.issueToken ?? null).toBeNull();
    }
    expect((await ledgerStore(s.ledger).readStream(ACCESS_STREAM)).events.length).toBe(before);
  });
});
