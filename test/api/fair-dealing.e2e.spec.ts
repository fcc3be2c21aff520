/**
 * Issue 28, item 1 at the API: a server-shuffled deal whose cards wait for client seeds, seeds
 * given by the seats' own player tokens, and every role's answers before the end (queries,
 * frames, audit, the deal list, the NDJSON export and a subscription) free of the server seed;
 * after the end the seed is answered and the shuffle verifies.
 */
import { seedStreamName } from '../../src/deal/events';
import { ledgerStore } from '../../src/ledger/store-port';
import { playOut } from '../projections/helpers';
import { codesOf, collect, startServer, untilSubscribers, type TestServer } from './harness';

const EVERYTHING = `query($id: ID!) { deal(id: $id) { id status revision
  fairness { verdict scheme commitment awaitsClientSeeds serverSeed problems clientSeeds { seat seed } }
  frames { step hands { forehand { code } middlehand { code } rearhand { code } } skat { code } }
  audit { events { type data } } } deals(first: 5) { nodes { id status } } }`;

describe('fair dealing through the API (issue 28)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('client seeds by the seats, no seed in any role’s answers before the end, VERIFIED after it', async () => {
    const admin = server.token({ role: 'admin' });
    const roles: Record<string, string | undefined> = {
      anonymous: undefined,
      anna: server.token({ role: 'player', player: 'Anna' }),
      ben: server.token({ role: 'player', player: 'Ben' }),
      cleo: server.token({ role: 'player', player: 'Cleo' }),
      arbiter: server.token({ role: 'arbiter' }),
      admin,
    };
    const started = await server.gql(
      `mutation { startDeal(commandId: "fair-start", input: { dealId: "fx", dealer: "Cleo", players: ["Anna", "Ben", "Cleo"], cards: { shuffle: CRYPTO, awaitClientSeeds: true } }) { events { type } } }`,
      {},
      admin,
    );
    expect(started.body.data.startDeal.events.map((e: { type: string }) => e.type)).toEqual(['DealStarted', 'ShuffleCommitted']);
    const seed = (await ledgerStore(server.ledger).readStream(seedStreamName('fx'))).events[0].data as { serverSeed: string };
    const sub = collect(server.ws(admin), `subscription { dealUpdates(dealId: "fx") { eventType frame { step } } }`, {});
    await untilSubscribers(server, 'fx', 1);
    const addSeed = (token: string | undefined, seat: string, text: string, id: string) =>
      server.gql(`mutation { addClientSeed(commandId: "${id}", dealId: "fx", seat: ${seat}, seed: "${text}") { events { type } } }`, {}, token);
    // Ben may not give Anna's seed; anonymous may give none.
    expect(codesOf(await addSeed(roles.ben, 'FOREHAND', 'not mine', 'fs-0'))).toEqual(['FORBIDDEN']);
    expect(codesOf(await addSeed(undefined, 'FOREHAND', 'x', 'fs-00'))).toEqual(['UNAUTHENTICATED']);
    expect((await addSeed(roles.anna, 'FOREHAND', 'anna-1', 'fs-1')).body.errors).toBeUndefined();
    expect((await addSeed(roles.ben, 'MIDDLEHAND', 'ben-2', 'fs-2')).body.errors).toBeUndefined();
    const answersBefore: string[] = [];
    const readAll = async () => {
      for (const token of Object.values(roles)) {
        answersBefore.push(JSON.stringify((await server.gql(EVERYTHING, { id: 'fx' }, token)).body));
        const res = await fetch(server.url.replace('/graphql', '/api/export/deals.ndjson'), {
          headers: { accept: 'application/x-ndjson', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        answersBefore.push(await res.text());
      }
    };
    await readAll();
    expect((await addSeed(roles.cleo, 'REARHAND', 'cleo-3', 'fs-3')).body.errors).toBeUndefined();
    await readAll();
    const pending = await server.gql(EVERYTHING, { id: 'fx' }, admin);
    expect(pending.body.data.deal.fairness).toMatchObject({ verdict: 'PENDING', serverSeed: null, awaitsClientSeeds: false });
    expect(pending.body.data.deal.fairness.clientSeeds).toEqual([
      { seat: 'FOREHAND', seed: 'anna-1' },
      { seat: 'MIDDLEHAND', seed: 'ben-2' },
      { seat: 'REARHAND', seed: 'cleo-3' },
    ]);
    await sub.until((r) => r.some((m) => m.data?.dealUpdates?.frame?.step === 0));
    answersBefore.push(JSON.stringify(sub.received));
    for (const answer of answersBefore) expect(answer).not.toContain(seed.serverSeed);
    await playOut(server.ledger, 'fx', 'fair-api');
    const after = await server.gql(EVERYTHING, { id: 'fx' }, undefined);
    expect(after.body.data.deal.fairness).toMatchObject({ verdict: 'VERIFIED', serverSeed: seed.serverSeed, problems: [] });
    sub.stop();
    // A second client seed after the cards is refused with the rule.
    const late = await server.gql(`mutation { addClientSeed(commandId: "fs-9", dealId: "fx", seat: FOREHAND, seed: "late") { events { type } } }`, {}, admin);
    expect(JSON.stringify(late.body.errors)).toContain('L31');
  });
});
