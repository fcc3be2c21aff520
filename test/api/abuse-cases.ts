/**
 * Issue 24's cases for the API fuzz (api-requests.fuzz.spec.ts): each is scripted, so the code it
 * must earn is met on every run whatever the random part does, and run against a server of its own
 * (they fork, delete, issue tokens and hold an export, which the random part's "nothing appended"
 * check must not see). Each case sends what a hostile caller would and returns the problems found;
 * every answer is also handed to `seen` (the fuzz's own checks: no 500, every error coded, no stack).
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { GqlResponse, TestServer } from './harness';
import { newCommandId, openTableAndDeal, playOn } from './deal-flow';

const FORK = `mutation($c: ID!, $i: ForkBranchInput!) { forkBranch(commandId: $c, input: $i) { id capability } }`;
const DELETE = `mutation($c: ID!, $i: DeleteBranchInput!) { deleteBranch(commandId: $c, input: $i) { id deleted frames { hands { forehand { code } middlehand { code } rearhand { code } } } } }`;
const LIST = `query($id: ID!, $caps: [String!]) { deal(id: $id) { branches(capabilities: $caps) { id } } }`;
const IMPORT = `mutation($r: String!) { importIss(records: $r) { imported rejectedCount } }`;
const ISSUE = `mutation($c: ID!, $i: IssueTokenInput!) { issueToken(commandId: $c, input: $i) { token tokenId expiresAt } }`;
const REVOKE = `mutation($c: ID!, $i: RevokeTokenInput!) { revokeToken(commandId: $c, input: $i) { revision } }`;

export const ISS_RECORDS = readFileSync(join(__dirname, '..', '..', '..', 'shared', 'data', 'iss', 'iss-dranidis-go-skat-history.sgf'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');
const recordId = (line: string): string => /ID\[(\d+)\]/.exec(line)![1];

export const aliases = (n: number, one: (k: number) => string): string => `{ ${Array.from({ length: n }, (_, k) => `x${k}: ${one(k)}`).join(' ')} }`;
const codes = (r: GqlResponse): string[] => (r.body.errors ?? []).map((e) => String(e.extensions?.code));
const reason = (r: GqlResponse): unknown => r.body.errors?.[0]?.extensions?.reason;
const ruleId = (r: GqlResponse): unknown => r.body.errors?.[0]?.extensions?.ruleId;

type Post = (body: string, headers?: Record<string, string>) => Promise<GqlResponse>;

/** Every case below, by kind: the fuzz requires each to be met. */
export const ABUSE_CASE_KINDS = [
  'i24-erroring-aliases',
  'i24-playerstats-aliases',
  'i24-refused-documents',
  'i24-dead-branches',
  'i24-fork-reserved-ids',
  'i24-forwarded-for-untrusted',
  'i24-issue-token-retry',
  'i24-delete-branch-without-read-access',
  'i24-stalled-export',
] as const;

export interface AbuseCase {
  readonly kind: string;
  run(): Promise<string[]>;
}

/** The cases, against `s` (started with exportIdleMs ≤ 2 s, the other limits at their defaults, no trusted proxy). */
export async function abuseCases(s: TestServer, post: Post, seen: (kind: string, r: GqlResponse) => void): Promise<AbuseCase[]> {
  const admin = s.token({ role: 'admin' });
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });
  const ask = async (kind: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const r = await post(JSON.stringify({ query, variables }), headers);
    seen(kind, r);
    return r;
  };
  const expectThat = (problems: string[], kind: string, ok: boolean, what: string, r?: GqlResponse) => {
    if (!ok) problems.push(`${kind}: ${what}${r ? ` (HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)})` : ''}`);
  };
  // A finished deal to fork, and a live one with a recorder.
  const imported = await s.gql(IMPORT, { r: ISS_RECORDS[0] }, admin);
  if (imported.body.data?.importIss?.imported !== 1) throw new Error(`abuse cases: import failed ${JSON.stringify(imported.body)}`);
  const finished = `iss-${recordId(ISS_RECORDS[0])}`;
  const recorder = s.token({ role: 'recorder', table: 'ab24' });
  const live = await openTableAndDeal(s, 'ab24', ['Anna', 'Ben', 'Cleo'], admin, recorder);
  await playOn(s, live, recorder, 4);
  // A deal not yet bid on: its recorder's first command id is the one a fork takes first.
  const freshRecorder = s.token({ role: 'recorder', table: 'ab24b' });
  const fresh = await openTableAndDeal(s, 'ab24b', ['Dora', 'Emil', 'Fritz'], admin, freshRecorder);
  const longId = 'x'.repeat(300);

  return [
    {
      kind: 'i24-erroring-aliases',
      async run() {
        const p: string[] = [];
        const admitted = await ask(
          this.kind,
          aliases(100, (k) => `deal(id: "${longId}${k}") { id }`),
        );
        expectThat(p, this.kind, admitted.status === 200, '100 erroring aliases not answered 200', admitted);
        const errors = admitted.body.errors ?? [];
        expectThat(p, this.kind, errors.length === 51 && errors.slice(0, 50).every((e) => e.extensions?.code === 'BAD_USER_INPUT'), 'not 50 errors', admitted);
        expectThat(p, this.kind, errors[50]?.extensions?.reason === 'ERROR_LIMIT', 'no ERROR_LIMIT error', admitted);
        const over = await ask(
          this.kind,
          aliases(105, (k) => `deal(id: "${longId}${k}") { id }`),
        );
        expectThat(p, this.kind, over.status === 400 && reason(over) === 'QUERY_TOO_COMPLEX', '105 erroring aliases admitted', over);
        return p;
      },
    },
    {
      kind: 'i24-playerstats-aliases',
      async run() {
        const p: string[] = [];
        const admitted = await ask(
          this.kind,
          aliases(100, () => `playerStats(player: "Anna") { dealsPlayed }`),
        );
        expectThat(p, this.kind, admitted.status === 200 && !admitted.body.errors, '100 playerStats aliases not answered', admitted);
        const over = await ask(
          this.kind,
          aliases(400, () => `playerStats(player: "Anna") { dealsPlayed }`),
        );
        expectThat(p, this.kind, over.status === 400 && reason(over) === 'QUERY_TOO_COMPLEX', '400 playerStats aliases admitted', over);
        return p;
      },
    },
    {
      kind: 'i24-refused-documents',
      async run() {
        const p: string[] = [];
        const refusals: Array<[string, string, string]> = [
          ['a 150 KB document', `{ __typename ${'#'.padEnd(150_000, 'x')}\n}`, 'DOCUMENT_TOO_LARGE'],
          ['2,400 short aliases (tokens)', aliases(2400, (k) => `deal(id: "y${k}") { id }`), 'DOCUMENT_TOO_LARGE'],
          ['800 aliased audits (cost)', aliases(800, (k) => `audit(dealId: "iss-${k}") { intact }`), 'QUERY_TOO_COMPLEX'],
          ['nesting 100 deep', `{ ${'deals { nodes { '.repeat(50)} id ${'} } '.repeat(50)} }`, 'DOCUMENT_TOO_DEEP'],
        ];
        for (const [what, query, why] of refusals) {
          const r = await ask(this.kind, query);
          expectThat(p, this.kind, r.status === 400 && codes(r)[0] === 'BAD_USER_INPUT' && reason(r) === why, `${what} not refused as ${why}`, r);
        }
        return p;
      },
    },
    {
      kind: 'i24-dead-branches',
      async run() {
        const p: string[] = [];
        const player = s.token({ role: 'player', player: 'Fuzz', table: 'none' });
        const deleted: string[] = [];
        for (let i = 0; i < 25; i++) {
          const f = await ask(this.kind, FORK, { c: newCommandId(), i: { dealId: finished, step: 3 } }, auth(player));
          if (!f.body.data?.forkBranch) {
            expectThat(p, this.kind, false, `fork-and-delete cycle ${i}: fork refused`, f);
            break;
          }
          deleted.push(f.body.data.forkBranch.id);
          const d = await ask(this.kind, DELETE, { c: newCommandId(), i: { branchId: f.body.data.forkBranch.id } }, auth(player));
          expectThat(p, this.kind, d.body.data?.deleteBranch?.deleted === true, `cycle ${i}: not deleted`, d);
        }
        // 25 cycles never reach the 20 live branches a caller may hold, and none of them is listed to their owner any more.
        const listed = await ask(this.kind, LIST, { id: finished }, auth(player));
        const ids: unknown = listed.body.data?.deal?.branches?.map((b: { id: string }) => b.id);
        expectThat(p, this.kind, Array.isArray(ids) && !ids.some((id) => deleted.includes(id)), 'a deleted branch is listed', listed);
        return p;
      },
    },
    {
      kind: 'i24-fork-reserved-ids',
      async run() {
        const p: string[] = [];
        for (const c of [`import:iss:${recordId(ISS_RECORDS[1])}`, 'branch:squat', `import:${newCommandId()}`]) {
          const f = await ask(this.kind, FORK, { c, i: { dealId: finished, step: 2 } });
          expectThat(p, this.kind, codes(f).join() === 'ILLEGAL_MOVE' && ruleId(f) === 'L17', `fork with command id ${c} not refused by L17`, f);
        }
        const imported = await ask(this.kind, IMPORT, { r: ISS_RECORDS[1] }, auth(admin));
        expectThat(p, this.kind, imported.body.data?.importIss?.imported === 1, 'the record whose import id a fork asked for does not import', imported);
        // A fork with the recorder's next command id: the recorder's command still records (branch event ids are namespaced).
        const next = `ab24-next-${newCommandId()}`;
        const fork = await ask(this.kind, FORK, { c: next, i: { dealId: finished, step: 1 } });
        expectThat(p, this.kind, !fork.body.errors, 'a fork with an ordinary command id refused', fork);
        const move = await ask(
          this.kind,
          `mutation($c: ID!, $d: ID!) { callBid(commandId: $c, input: { dealId: $d, seat: MIDDLEHAND, value: 18 }) { alreadyApplied } }`,
          { c: next, d: fresh },
          auth(freshRecorder),
        );
        expectThat(p, this.kind, !move.body.errors && move.body.data?.callBid?.alreadyApplied === false, "the recorder's command was blocked by a fork", move);
        return p;
      },
    },
    {
      kind: 'i24-forwarded-for-untrusted',
      async run() {
        const p: string[] = [];
        // No trusted proxy: a client naming another address in X-Forwarded-For or Forwarded is still its socket, one caller (B6: 20 live branches).
        let refused: GqlResponse | null = null;
        for (let i = 0; i < 22 && !refused; i++) {
          const headers: Record<string, string> = i % 2 ? { 'x-forwarded-for': `203.0.113.${i}` } : { forwarded: `for=198.51.100.${i}` };
          const f = await ask(this.kind, FORK, { c: newCommandId(), i: { dealId: finished, step: 1 } }, headers);
          if (f.body.errors) refused = f;
        }
        expectThat(
          p,
          this.kind,
          refused !== null && ruleId(refused) === 'B6',
          'forwarded addresses from an untrusted peer counted as other callers',
          refused ?? undefined,
        );
        return p;
      },
    },
    {
      kind: 'i24-issue-token-retry',
      async run() {
        const p: string[] = [];
        const c = `ab24-issue-${newCommandId()}`;
        const input = { role: 'ARBITER', ttlSeconds: 3600 };
        const first = await ask(this.kind, ISSUE, { c, i: input }, auth(admin));
        const again = await ask(this.kind, ISSUE, { c, i: input }, auth(admin));
        expectThat(
          p,
          this.kind,
          !!first.body.data?.issueToken && JSON.stringify(first.body.data) === JSON.stringify(again.body.data),
          'a retry handed out another token',
          again,
        );
        const other = await ask(this.kind, ISSUE, { c, i: { role: 'ADMIN', ttlSeconds: 3600 } }, auth(admin));
        expectThat(
          p,
          this.kind,
          codes(other).join() === 'BAD_USER_INPUT' && !other.body.data?.issueToken,
          'another input under a used command id admitted',
          other,
        );
        // A token issued by a token is refused once its issuer is revoked.
        const parent = (await ask(this.kind, ISSUE, { c: newCommandId(), i: { role: 'ADMIN', ttlSeconds: 3600 } }, auth(admin))).body.data?.issueToken;
        const child =
          parent && (await ask(this.kind, ISSUE, { c: newCommandId(), i: { role: 'ARBITER', ttlSeconds: 3600 } }, auth(parent.token))).body.data?.issueToken;
        if (!child) return [...p, `${this.kind}: parent or child token not issued`];
        await ask(this.kind, REVOKE, { c: newCommandId(), i: { tokenId: parent.tokenId, reason: 'fuzz' } }, auth(admin));
        const refused = await ask(this.kind, '{ __typename }', {}, auth(child.token));
        expectThat(p, this.kind, refused.status === 401 && codes(refused).join() === 'UNAUTHENTICATED', "a revoked issuer's token still admitted", refused);
        return p;
      },
    },
    {
      kind: 'i24-delete-branch-without-read-access',
      async run() {
        const p: string[] = [];
        const arbiterAnna = s.token({ role: 'arbiter', player: 'Anna' });
        const f = await ask(this.kind, FORK, { c: newCommandId(), i: { dealId: live, step: 2 } }, auth(arbiterAnna));
        const id = f.body.data?.forkBranch?.id;
        if (!id) return [`${this.kind}: the arbiter's fork was refused: ${JSON.stringify(f.body).slice(0, 300)}`];
        for (const who of [s.token({ role: 'player', player: 'Anna', table: 'elsewhere' }), undefined]) {
          const d = await ask(this.kind, DELETE, { c: newCommandId(), i: { branchId: id } }, who ? auth(who) : {});
          expectThat(
            p,
            this.kind,
            ['NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN'].includes(codes(d)[0]) && !d.body.data?.deleteBranch,
            'deleted without read access',
            d,
          );
          expectThat(p, this.kind, !/"code":"[CSHD][AKQJT987]"/.test(JSON.stringify(d.body)), 'a refused deletion showed a card', d);
        }
        return p;
      },
    },
    {
      kind: 'i24-stalled-export',
      async run() {
        const p: string[] = [];
        const { port } = new URL(s.url);
        // An endless list while this case runs: an export that never runs out while its client does not read.
        const page = await s.ledger.deals({}, { first: 1 });
        const endless = jest
          .spyOn(s.ledger, 'deals')
          .mockImplementation(async () => ({ items: Array(200).fill(page.items[0]), totalCount: 1_000_000, endCursor: 'more', hasNextPage: true }));
        const stalled = connect(Number(port), '127.0.0.1', () => {
          stalled.write(`GET /api/export/deals.ndjson HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
          stalled.pause();
        });
        stalled.on('error', () => undefined);
        const exportOne = async (headers: Record<string, string> = {}) => {
          const r = await fetch(s.url.replace('/graphql', '/api/export/deals.ndjson?max=1'), { headers });
          await r.text();
          return r.status;
        };
        try {
          // Anonymous callers together hold one of the two slots: while the stalled stream holds it, another anonymous export waits.
          let anonymous = 200;
          const started = Date.now();
          while (anonymous === 200 && Date.now() - started < 10_000) {
            await new Promise((r) => setTimeout(r, 20));
            anonymous = await exportOne();
          }
          expectThat(p, this.kind, anonymous === 429, `a second anonymous export beside a held one answered ${anonymous}`);
          // The stalled stream ends once its client read nothing for the idle time; then an anonymous export is admitted again.
          while (anonymous !== 200 && Date.now() - started < 60_000) {
            await new Promise((r) => setTimeout(r, 100));
            anonymous = await exportOne();
          }
          expectThat(p, this.kind, anonymous === 200, `the stalled export's slot was not freed (last ${anonymous})`);
          const arbiter = await exportOne(auth(s.token({ role: 'arbiter' })));
          expectThat(p, this.kind, arbiter === 200, `an arbiter's export refused (${arbiter})`);
        } finally {
          stalled.destroy();
          endless.mockRestore();
        }
        return p;
      },
    },
  ];
}
