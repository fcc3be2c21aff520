/**
 * A self-signed CA and a node certificate it signed (for 127.0.0.1 and localhost), made with the
 * `openssl` CLI in a temporary folder, as EventStoreDB's `es-gencert-cli` makes them for a cluster.
 * node:crypto parses certificates but cannot issue them, hence the CLI. Nothing is downloaded.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  readonly folder: string;
  readonly caFile: string;
  readonly ca: Buffer;
  readonly cert: Buffer;
  readonly key: Buffer;
  /** A second CA that signed nothing here: a client trusting only it must refuse the nodes. */
  readonly otherCaFile: string;
}

function openssl(args: readonly string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'pipe' });
}

function makeCa(cwd: string, name: string): void {
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
    ],
    cwd,
  );
}

export function makeTestCertificates(): TestCertificates {
  const folder = mkdtempSync(join(tmpdir(), 'esdb-certs-'));
  makeCa(folder, 'ca');
  makeCa(folder, 'other-ca');
  openssl(
    ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'node.key', '-out', 'node.csr', '-subj', '/CN=eventstoredb-node'],
    folder,
  );
  writeFileSync(join(folder, 'node.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\n');
  openssl(
    ['x509', '-req', '-in', 'node.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'node.crt', '-days', '2', '-extfile', 'node.ext'],
    folder,
  );
  return {
    folder,
    caFile: join(folder, 'ca.crt'),
    ca: readFileSync(join(folder, 'ca.crt')),
    cert: readFileSync(join(folder, 'node.crt')),
    key: readFileSync(join(folder, 'node.key')),
    otherCaFile: join(folder, 'other-ca.crt'),
  };
}
