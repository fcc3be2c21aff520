/**
 * TLS with a self-signed CA, users and ACLs on a secure three-node double (issue #27, point 8),
 * and the cluster recipe of docs/esdb.md as far as the double allows: the CA made here with the
 * `openssl` CLI, the least-privilege user `ledger`, the default ACL and the ACL of `$all` set with
 * the shipped client exactly as the recipe does, then the ledger's connection string with
 * `tlsCAFile` and `nodePreference`. Access denied is reported with the missing right named.
 */
import { randomUUID } from 'node:crypto';
import { EventStoreDBClient, jsonEvent } from '@eventstore/db-client';
import type { EventStore, NewEvent } from '../../../src/event-store/event-store';
import { StoreAccessDeniedError, StoreConfigError, StoreUnavailableError } from '../../../src/event-store/errors';
import { type EsdbEventStoreOptions } from '../../../src/event-store/esdb/esdb-event-store';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { ADMIN_PASSWORD, startEsdbTestCluster, type EsdbTestCluster } from './esdb-test-server';
import { makeTestCertificates, type TestCertificates } from './test-certificates';

const quick: EsdbEventStoreOptions = {
  failover: { attempts: 2, initialBackoffMs: 10, maxBackoffMs: 50 },
  subscription: { initialBackoffMs: 10, maxBackoffMs: 100, livenessIntervalMs: 2_000 },
};
const event = (n: number): NewEvent => ({ type: 'CardPlayed', data: { n }, metadata: { eventId: randomUUID() } });

async function drain(iterable: AsyncIterable<unknown>): Promise<number> {
  let count = 0;
  for await (const _ of iterable) count++;
  return count;
}

describe('TLS, users and ACLs (the cluster recipe)', () => {
  let certs: TestCertificates;
  let cluster: EsdbTestCluster;
  const stores: EventStore[] = [];
  let hosts: string;
  const open = async (url: string) => {
    const store = await openEsdbEventStore(url, quick);
    stores.push(store);
    return store;
  };
  const ledgerUrl = (password = 'ledger-secret', extra = '') =>
    `esdb+discover://ledger:${password}@127.0.0.1:${cluster.nodes[0].port}?tlsCAFile=${encodeURIComponent(certs.caFile)}&nodePreference=follower${extra}`;

  beforeAll(async () => {
    certs = makeTestCertificates();
    cluster = await startEsdbTestCluster({
      tls: { cert: certs.cert, key: certs.key, ca: certs.ca },
      users: { ledger: { password: 'ledger-secret' }, auditor: { password: 'auditor-secret' } },
    });
    hosts = cluster.nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.dispose()));
  });
  afterAll(async () => {
    await cluster.stop();
  });

  it('before the ACL of $all is set, the ledger user may write its streams but not read $all: the error names the right and where to grant it', async () => {
    const store = await open(ledgerUrl());
    const stream = `deal-${randomUUID()}`;
    await store.appendToStream(stream, [event(1)], { expectedRevision: 'noStream' });
    expect((await store.readStream(stream)).events).toHaveLength(1);
    const denied = drain(store.readAll({ streamPrefixes: ['deal-'] }));
    await expect(denied).rejects.toThrow(StoreAccessDeniedError);
    await expect(drain(store.readAll())).rejects.toThrow(
      /user 'ledger' lacks the read right \(\$r\) on \$all; reading \$all is governed by the ACL of \$all itself/,
    );
  });

  it('the recipe: the default ACL and the ACL of $all, set with the shipped client as admin; then the ledger reads, writes and follows $all, and nobody else does', async () => {
    const admin = EventStoreDBClient.connectionString(`esdb://admin:${ADMIN_PASSWORD}@${hosts}?tlsCAFile=${encodeURIComponent(certs.caFile)}`);
    try {
      await admin.appendToStream(
        '$settings',
        jsonEvent({
          type: 'update-default-acl',
          data: {
            $userStreamAcl: { $r: ['ledger'], $w: ['ledger'], $d: [], $mr: [], $mw: [] },
            $systemStreamAcl: { $r: '$admins', $w: '$admins', $d: '$admins', $mr: '$admins', $mw: '$admins' },
          },
        }),
      );
      await admin.setStreamMetadata('$all', { acl: { readRoles: ['ledger'] } });
    } finally {
      await admin.dispose();
    }
    await cluster.settle();
    const store = await open(ledgerUrl());
    const stream = `deal-${randomUUID()}`;
    await store.appendToStream(stream, [event(1), event(2)], { expectedRevision: 'noStream' });
    expect(await drain(store.readAll({ streamPrefixes: [stream] }))).toBe(2);
    const seen = await new Promise<number>((resolve, reject) => {
      let count = 0;
      const sub = store.subscribeToAll(
        { onEvent: () => void count++, onCaughtUp: () => void sub.close().then(() => resolve(count)), onError: reject },
        { streamPrefixes: [stream] },
      );
    });
    expect(seen).toBe(2);
    const auditor = await open(`esdb://auditor:auditor-secret@${hosts}?tlsCAFile=${encodeURIComponent(certs.caFile)}`);
    await expect(auditor.appendToStream(`deal-${randomUUID()}`, [event(1)], { expectedRevision: 'noStream' })).rejects.toThrow(
      /user 'auditor' lacks the write right \(\$w\) on deal-.*\$userStreamAcl in \$settings/,
    );
    await expect(auditor.readStream(stream)).rejects.toThrow(/user 'auditor' lacks the read right \(\$r\) on deal-/);
  });

  it('a wrong password is named as refused credentials; a client that trusts another CA, or speaks plain text, never gets in', async () => {
    const wrong = await open(ledgerUrl('not-the-password'));
    const refused = wrong.readStream(`deal-${randomUUID()}`);
    await expect(refused).rejects.toThrow(StoreConfigError);
    await expect(wrong.readStream(`deal-${randomUUID()}`)).rejects.toThrow(/did not accept the credentials of user 'ledger'/);
    const untrusting = await open(`esdb://ledger:ledger-secret@127.0.0.1:${cluster.nodes[0].port}?tlsCAFile=${encodeURIComponent(certs.otherCaFile)}`);
    await expect(untrusting.readStream(`deal-${randomUUID()}`)).rejects.toThrow(StoreUnavailableError);
    const plain = await open(`esdb://ledger:ledger-secret@127.0.0.1:${cluster.nodes[0].port}?tls=false`);
    await expect(plain.readStream(`deal-${randomUUID()}`)).rejects.toThrow(StoreUnavailableError);
  });
});
