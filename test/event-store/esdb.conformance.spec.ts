/**
 * The shared event store contract against the EventStoreDB adapter: always against the in-process
 * test double (both append paths of the client: BatchAppend as against 21.10+ servers, Append as
 * against older ones), and against a real server when EVENTSTORE_CONNECTION_STRING is set.
 */
import { openEventStore } from '../../src/event-store/store-url';
import { describeEventStoreConformance } from './conformance';
import { startEsdbTestServer, type EsdbTestServer } from './esdb/esdb-test-server';

for (const legacy of [false, true]) {
  describe(`EventStoreDB test double (${legacy ? 'Append, no server features' : 'BatchAppend'})`, () => {
    let server: EsdbTestServer;
    beforeAll(async () => {
      server = await startEsdbTestServer({ legacy });
    });
    afterAll(async () => {
      await server.stop();
    });
    describeEventStoreConformance(`EventStoreDB test double${legacy ? ' (legacy)' : ''}`, (options) => openEventStore(server.connectionString, options));
  });
}

// A real server is the authority; without one this block registers nothing (no skipped or empty tests).
const realServer = process.env.EVENTSTORE_CONNECTION_STRING;
if (realServer) {
  describeEventStoreConformance('EventStoreDB real server', (options) => openEventStore(realServer, options));
}
