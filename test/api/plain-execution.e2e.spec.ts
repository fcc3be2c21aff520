/**
 * The query fast path (src/api/execution/plain-executor.ts) must answer exactly as graphql-js does.
 * Each query is sent twice over HTTP: as written (fast path) and wrapped in an inline fragment,
 * which the fast path declines so graphql-js answers; the two bodies must be identical. The
 * queries cover what viewers and organisers ask for, over every deal and table of the ISS corpus.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer, type TestServer } from './harness';

const CORPUS = resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');
const CARD = '{ code suit rank points }';

const DEAL = `query($id: ID!, $p: Perspective!) { deal(id: $id) {
  id dealNumber startedAt players tableId tournamentId source profileId profileVersion status declarer game revision sittingOut
  result { passedIn notScoreable notScoreableReason declarer declarerName game hand ouvert schneiderAnnounced schwarzAnnounced bid won
    gameValue score matadors overbid declarerPoints declarerTricks schneider schwarz derivation corrected originalScore }
  frames(perspective: $p) { step phase toAct declarer highestBid cardsShown finished players dealId
    event { id type revision } hands { forehand ${CARD} middlehand ${CARD} rearhand ${CARD} }
    hidden { forehand middlehand rearhand skat } skat ${CARD} bidding { seat call value }
    declaration { game hand ouvert schneiderAnnounced schwarzAnnounced }
    currentTrick { leader cards { seat card ${CARD} } } completedTricks { leader winner points unplayed cards { seat card ${CARD} } }
    cardPoints { declarer defenders } legalMoves { kind seat value card ${CARD} cards ${CARD} } }
  second: frame(step: 2, perspective: $p) { step hands { forehand { code } } }
  audit { intact agrees brokenAt chainProblem recomputeError derivation { ruleId text eventIds } differences { field recorded recomputed }
    events { eventId type revision hash prevHash data metadata { key value } } }
} }`;

const SHEET = `query($t: ID!) { scoreSheet(tableId: $t) { tableId players seriesLength dealsPlayed complete profileId round tournamentId
  rows { dealNumber dealId dealer declarer game won entry passedIn notScoreable corrected correctionReason originalEntry totals { player total } }
  totals { player gamePoints won lost wonLostPoints opponentsLost opponentsLostPoints seegerFabian computer } } }`;

const LIST = `query($f: DealFilter, $after: String) { deals(filter: $f, first: 7, after: $after) { totalCount pageInfo { hasNextPage endCursor }
  edges { cursor node { id players result { score won } } } nodes { id } } }`;

const STATS = `query($p: String!) { playerStats(player: $p) { player dealsPlayed declarerGames declarerShare wonAsDeclarer lostAsDeclarer averageGameValue
  gameTypeMix { game count } handRate ouvertRate nullRate overbidRate defenceGames defenceWon defenceSuccess seegerFabianPerSeries { tableId total } } }`;

/** The same operation with its selection inside `... on Query { }`: the fast path declines fragments. */
function viaGraphqlJs(query: string): string {
  const open = query.indexOf('{');
  return `${query.slice(0, open)}{ ... on Query ${query.slice(open)} }`;
}

let server: TestServer;
let dealIds: string[];
let tableIds: string[];
let players: string[];

beforeAll(async () => {
  server = await startServer();
  const records = readdirSync(CORPUS)
    .filter((f) => f.endsWith('.sgf'))
    .map((f) => readFileSync(join(CORPUS, f), 'utf8'))
    .join('\n');
  const imported = await server.gql('mutation($r: String!) { importIss(records: $r) { imported } }', { r: records }, server.token({ role: 'admin' }));
  expect(imported.body.data.importIss.imported).toBe(33);
  const all = await server.gql('{ deals(first: 100) { nodes { id tableId players } } }');
  const nodes: Array<{ id: string; tableId: string; players: string[] }> = all.body.data.deals.nodes;
  dealIds = nodes.map((n) => n.id);
  tableIds = [...new Set(nodes.map((n) => n.tableId))];
  players = [...new Set(nodes.flatMap((n) => n.players))];
  expect(dealIds).toHaveLength(33);
});

afterAll(async () => {
  await server?.close();
});

async function expectSameAnswer(query: string, variables: Record<string, unknown>): Promise<void> {
  const fast = await server.gql(query, variables);
  const reference = await server.gql(viaGraphqlJs(query), variables);
  expect(reference.body.errors).toBeUndefined();
  expect(fast.status).toBe(reference.status);
  expect(JSON.stringify(fast.body)).toBe(JSON.stringify(reference.body));
}

describe('query fast path answers exactly as graphql-js', () => {
  it('every corpus deal: result, all frames, one frame and the audit, from every perspective', async () => {
    for (const id of dealIds) for (const p of ['ALL', 'PUBLIC', 'FOREHAND', 'AUTO']) await expectSameAnswer(DEAL, { id, p });
  }, 180_000); // 132 full answers compared twice: about 15 s alone, far longer on a loaded machine

  it('a deal read again is answered from its serialised frames (src/api/execution/raw-json.ts), still identical', async () => {
    for (const id of dealIds.slice(0, 6)) {
      for (const p of ['ALL', 'PUBLIC']) {
        await expectSameAnswer(DEAL, { id, p });
        await expectSameAnswer(DEAL, { id, p });
      }
    }
  });

  it('every ISS series score sheet, and a table that does not exist', async () => {
    for (const t of [...tableIds, 'no-such-table']) await expectSameAnswer(SHEET, { t });
  });

  it('the deal list with filters and cursors', async () => {
    await expectSameAnswer(LIST, {});
    const first = await server.gql(LIST, {});
    await expectSameAnswer(LIST, { after: first.body.data.deals.pageInfo.endCursor });
    for (const f of [{ player: 'xskat' }, { game: 'GRAND' }, { result: 'LOST' }, { result: 'PASSED_IN' }, { from: '2017-01-01', to: '2018-01-01' }])
      await expectSameAnswer(LIST, { f });
  });

  it("every player's statistics", async () => {
    for (const p of players) await expectSameAnswer(STATS, { p });
  });
});
