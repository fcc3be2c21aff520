/**
 * EventStoreDB adapter throughput over gRPC: DEALS deal streams of EVENTS events, appended one event
 * per call with the exact revision (as command handling does: tail read + chained append), then
 * whole-stream reads, a prefix-filtered $all read and a subscription catch-up.
 * Against the in-process test double by default — client, adapter and server share one process and
 * one core, so the figures bound the adapter and client overhead, not EventStoreDB. With
 * EVENTSTORE_CONNECTION_STRING set it measures that server instead.
 * `npm run bench -- esdb` (DEALS=100, EVENTS=40 by default).
 */
import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../src/eventStore/eventStore';
import { openEsdbEventStore } from '../../src/eventStore/esdb/esdbEventStore';
import { startEsdbTestServer } from '../eventStore/esdb/esdbTestServer';

const DEALS = Number(process.env.DEALS ?? 100);
const EVENTS = Number(process.env.EVENTS ?? 40);

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const rate = (n: number, s: number) => `${Math.round(n / s).toLocaleString('en-US')}/s`;
/** CPU seconds of this process (client, adapter and, by default, the server): meaningful on a busy machine. */
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};
const cpu = (n: number, since: NodeJS.CpuUsage) => `${((cpuSeconds(since) * 1e6) / n).toFixed(0)} µs CPU each`;

async function main(): Promise<void> {
  const real = process.env.EVENTSTORE_CONNECTION_STRING;
  const server = real ? undefined : await startEsdbTestServer();
  const store: EventStore = await openEsdbEventStore(real ?? server!.connectionString);
  const prefix = `benchdeal${randomUUID().slice(0, 8)}`;
  const streams = Array.from({ length: DEALS }, (_, i) => `${prefix}-${i}`);
  try {
    let start = process.hrtime.bigint();
    let cpuStart = process.cpuUsage();
    for (const s of streams) {
      for (let i = 0; i < EVENTS; i++) {
        const expectedRevision = i === 0 ? 'noStream' : BigInt(i - 1);
        await store.appendToStream(s, [{ type: 'CardPlayed', data: { seat: i % 3, card: `C${i}`, trick: Math.floor(i / 3) }, metadata: { eventId: randomUUID() } }], {
          expectedRevision,
        });
      }
    }
    const appendS = seconds(start);
    const total = DEALS * EVENTS;
    const appendCpu = cpu(total, cpuStart);

    start = process.hrtime.bigint();
    cpuStart = process.cpuUsage();
    let read = 0;
    for (const s of streams) read += (await store.readStream(s)).events.length;
    const readS = seconds(start);
    const readCpu = cpu(read, cpuStart);

    start = process.hrtime.bigint();
    cpuStart = process.cpuUsage();
    let scanned = 0;
    for await (const _ of store.readAll({ streamPrefixes: [prefix] })) scanned++;
    const scanS = seconds(start);
    const scanCpu = cpu(scanned, cpuStart);

    start = process.hrtime.bigint();
    cpuStart = process.cpuUsage();
    let delivered = 0;
    await new Promise<void>((resolve, reject) => {
      const sub = store.subscribeToAll(
        { onEvent: () => void delivered++, onCaughtUp: () => void sub.close().then(resolve, reject), onError: reject },
        { streamPrefixes: [prefix] },
      );
    });
    const subS = seconds(start);
    const subCpu = cpu(delivered, cpuStart);

    if (read !== total || scanned !== total || delivered !== total) throw new Error(`counts differ: ${read} ${scanned} ${delivered} of ${total}`);
    console.log(`target: ${real ? 'EventStoreDB at EVENTSTORE_CONNECTION_STRING' : 'in-process test double (not EventStoreDB)'}`);
    console.log(`${DEALS} deals × ${EVENTS} events = ${total} events`);
    console.log(`append (1 event/call, tail read + chain + exact revision): ${rate(total, appendS)} appends, ${((appendS * 1000) / total).toFixed(2)} ms wall, ${appendCpu}`);
    console.log(`readStream (whole deal):   ${rate(DEALS, readS)} streams, ${rate(read, readS)} events, ${readCpu} event`);
    console.log(`readAll (prefix filter):   ${rate(scanned, scanS)} events, ${scanCpu}`);
    console.log(`subscription catch-up:     ${rate(delivered, subS)} events, ${subCpu}`);
    console.log(`peak RSS: ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MiB`);
  } finally {
    await store.dispose();
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
