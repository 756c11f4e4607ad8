import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { requireBinaries } from './binaries.js';

const run = promisify(execFile);

/** A throwaway CA and one server certificate it signed, as PEM files. */
export interface TlsMaterial {
  caCert: string;
  serverCert: string;
  serverKey: string;
  /** The DNS names the server certificate is valid for (no IP addresses: a client must send the right SNI). */
  names: string[];
}

/**
 * Makes a CA and a server certificate for `names` with openssl in `dir`. Clients trust the CA explicitly, so a test
 * passes only if the client verifies the certificate against the SNI it was given.
 */
export async function createTlsMaterial(dir: string, names: string[]): Promise<TlsMaterial> {
  const { openssl } = requireBinaries(['openssl']);
  mkdirSync(dir, { recursive: true });
  const file = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const opts = { cwd: dir, timeout: 20_000 };
  await run(
    openssl,
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      '/CN=Proxy test CA',
    ],
    opts,
  );
  await run(
    openssl,
    ['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${names[0]}`],
    opts,
  );
  writeFileSync(
    file('server.ext'),
    [
      `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
      '',
    ].join('\n'),
  );
  await run(
    openssl,
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-set_serial',
      `0x${randomBytes(8).toString('hex')}`,
      '-days',
      '2',
      '-extfile',
      'server.ext',
      '-out',
      'server.crt',
    ],
    opts,
  );
  return { caCert: file('ca.crt'), serverCert: file('server.crt'), serverKey: file('server.key'), names };
}
