/**
 * Drives a deal through the API the way a recorder would: read the position (all cards, as the
 * table's recorder may), pick a legal move, send it as a mutation. Shared by the e2e specs and the bench.
 */
import { ALL_CARDS } from '../../src/rules/card';
import type { TestServer } from './harness';

export const SEAT_NAMES = ['FOREHAND', 'MIDDLEHAND', 'REARHAND'] as const;

/** A fixed deal: forehand C and S high cards, etc. (R4: ten each, two in the skat). */
export const GIVEN_CARDS = {
  shuffle: 'GIVEN',
  hands: [ALL_CARDS.slice(0, 10), ALL_CARDS.slice(10, 20), ALL_CARDS.slice(20, 30)],
  skat: ALL_CARDS.slice(30, 32),
};

export const POSITION = `query Position($id: ID!) {
  deal(id: $id) { id status revision players
    frames { step phase toAct cardsShown
      hands { forehand { code } middlehand { code } rearhand { code } }
      legalMoves { kind seat value card { code } cards { code } declaration { game hand ouvert schneiderAnnounced schwarzAnnounced } } } } }`;

export interface NextMove {
  readonly mutation: string;
  readonly variables: Record<string, unknown>;
  readonly kind: string;
}

let counter = 0;
export const newCommandId = (): string => `cmd-${process.pid}-${Date.now()}-${++counter}`;

/** The move a simple recorder script takes: MH bids 18, FH holds, the rest pass; grand; lowest legal card. */
export function chooseMove(dealId: string, frame: any): NextMove | null {
  const moves: any[] = frame.legalMoves;
  if (frame.toAct === null || moves.length === 0) return null;
  const seat = frame.toAct as string;
  const pick = (kind: string, pred: (m: any) => boolean = () => true) => moves.find((m) => m.kind === kind && pred(m));
  const base = { dealId, seat, commandId: newCommandId() };
  let m: any;
  if (frame.phase === 'BIDDING') {
    if (seat === 'MIDDLEHAND') m = pick('bid', (x) => x.value === 18) ?? pick('pass');
    else if (seat === 'FOREHAND') m = pick('hold') ?? pick('pass');
    else m = pick('pass');
  } else {
    m =
      pick('pickUpSkat') ??
      pick('discard') ??
      pick('declare', (x) => x.declaration.game === 'GRAND' && !x.declaration.hand && !x.declaration.ouvert && !x.declaration.schneiderAnnounced) ??
      pick('declare') ??
      pick('play');
  }
  if (!m) m = moves[0];
  const header = '$commandId: ID!, $dealId: ID!, $seat: Seat!';
  const sel = '{ revision events { type } }';
  // Each move's mutation takes commandId and one input object: the deal, the seat and the move's fields (here from variables of their own).
  const input = (more = '') => `commandId: $commandId, input: { dealId: $dealId, seat: $seat${more} }`;
  switch (m.kind) {
    case 'bid':
      return {
        kind: 'bid',
        mutation: `mutation(${header}, $value: Int!) { callBid(${input(', value: $value')}) ${sel} }`,
        variables: { ...base, value: m.value },
      };
    case 'hold':
      return { kind: 'hold', mutation: `mutation(${header}) { holdBid(${input()}) ${sel} }`, variables: base };
    case 'pass':
      return { kind: 'pass', mutation: `mutation(${header}) { passBid(${input()}) ${sel} }`, variables: base };
    case 'pickUpSkat':
      return { kind: 'pickUpSkat', mutation: `mutation(${header}) { takeSkat(${input()}) ${sel} }`, variables: base };
    case 'discard':
      return {
        kind: 'discard',
        mutation: `mutation(${header}, $cards: [String!]!) { discardSkat(${input(', cards: $cards')}) ${sel} }`,
        variables: { ...base, cards: m.cards.map((c: any) => c.code) },
      };
    case 'declare':
      return {
        kind: 'declare',
        mutation: `mutation(${header}, $d: DeclarationInput!) { declareGame(${input(', declaration: $d')}) ${sel} }`,
        variables: { ...base, d: m.declaration },
      };
    case 'play':
      return {
        kind: 'play',
        mutation: `mutation(${header}, $card: String!) { playCard(${input(', card: $card')}) ${sel} }`,
        variables: { ...base, card: m.card.code },
      };
    default:
      throw new Error(`the script does not know the move ${m.kind}`);
  }
}

export async function position(server: TestServer, dealId: string, token: string): Promise<any> {
  const r = await server.gql(POSITION, { id: dealId }, token);
  if (r.body.errors) throw new Error(`position: ${JSON.stringify(r.body.errors)}`);
  const deal = r.body.data.deal;
  return { deal, last: deal.frames[deal.frames.length - 1] };
}

/** Plays moves until the deal ends or `stopAfter` moves were made; returns the moves sent. */
export async function playOn(server: TestServer, dealId: string, token: string, stopAfter = Infinity): Promise<NextMove[]> {
  const sent: NextMove[] = [];
  while (sent.length < stopAfter) {
    const { deal, last } = await position(server, dealId, token);
    if (deal.status !== 'IN_PROGRESS') break;
    const move = chooseMove(dealId, last);
    if (!move) break;
    const r = await server.gql(move.mutation, move.variables, token);
    if (r.body.errors) throw new Error(`${move.kind} refused: ${JSON.stringify(r.body.errors)}`);
    sent.push(move);
  }
  return sent;
}

/** Opens a table (admin); a table already open is fine. */
export async function openTable(server: TestServer, tableId: string, players: string[], adminToken: string): Promise<void> {
  const open = await server.gql(
    `mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`,
    { c: newCommandId(), i: { tableId, players, firstDealer: players[0] } },
    adminToken,
  );
  const alreadyOpen = open.body.errors?.length === 1 && /already open/.test(open.body.errors[0].message);
  if (open.body.errors && !alreadyOpen) throw new Error(`openTable: ${JSON.stringify(open.body.errors)}`);
}

export async function openTableAndDeal(server: TestServer, tableId: string, players: string[], adminToken: string, recorderToken: string): Promise<string> {
  await openTable(server, tableId, players, adminToken);
  const startNext = () =>
    server.gql(
      `mutation($c: ID!, $i: StartTableDealInput!) { startTableDeal(commandId: $c, input: $i) { dealId revision } }`,
      { c: newCommandId(), i: { tableId, cards: GIVEN_CARDS } },
      recorderToken,
    );
  let start = await startNext();
  // A table has one open deal at a time: a deal a previous test left open is abandoned first (a time-out, D3).
  const openDeal = start.body.errors?.[0]?.extensions?.ruleId === 'L13' ? /deal (\S+) of table/.exec(start.body.errors[0].message)?.[1] : undefined;
  if (openDeal) {
    const abandon = await server.gql(
      `mutation($c: ID!, $d: ID!) { abandonDeal(commandId: $c, input: { dealId: $d, reason: TIMEOUT, note: "the next deal of the table starts" }) { revision } }`,
      { c: newCommandId(), d: openDeal },
      recorderToken,
    );
    if (abandon.body.errors) throw new Error(`abandonDeal: ${JSON.stringify(abandon.body.errors)}`);
    start = await startNext();
  }
  if (start.body.errors) throw new Error(`startTableDeal: ${JSON.stringify(start.body.errors)}`);
  return start.body.data.startTableDeal.dealId;
}
