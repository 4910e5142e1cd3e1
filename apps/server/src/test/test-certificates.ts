import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * Certificates for the TLS tests, made by `openssl` at test time in a temporary folder: a CA, the
 * server's (127.0.0.1 and localhost) and charge points' client certificates signed by it. An
 * expired one is signed by `openssl ca` with its dates given (OpenSSL 3.0's `x509 -days` cannot
 * go back in time).
 */

const run = promisify(execFile);

export interface TestCertificates {
  dir: string;
  /** PEM paths, as TLS_CERT, TLS_KEY and OCPP_CLIENT_CA take them. */
  caFile: string;
  serverCertFile: string;
  serverKeyFile: string;
  /** The CA's certificate, for a client to trust the server with. */
  ca: Buffer;
  /** A client certificate and key signed by the CA, with `cn` as its subject CN. */
  client(cn: string, dates?: { start: string; end: string }): Promise<{ cert: Buffer; key: Buffer }>;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

async function openssl(dir: string, ...args: string[]): Promise<void> {
  await run('openssl', args, { cwd: dir });
}

/** A key and a signing request for `cn` in `dir` as `<name>.key` and `<name>.csr`. */
async function request(dir: string, name: string, cn: string): Promise<void> {
  await openssl(dir, 'req', '-new', ...EC_KEY, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`);
}

export async function makeTestCertificates(): Promise<TestCertificates> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evcms-tls-'));
  const file = (name: string) => path.join(dir, name);
  // No system openssl.cnf is read: each command gets what it needs here.
  await writeFile(
    file('ca.cnf'),
    [
      '[req]',
      'distinguished_name = dn',
      '[dn]',
      '[ca_ext]',
      'basicConstraints = critical, CA:true',
      'keyUsage = critical, keyCertSign, cRLSign',
      '[server_ext]',
      'subjectAltName = IP:127.0.0.1, DNS:localhost',
      'extendedKeyUsage = serverAuth',
      '[client_ext]',
      'extendedKeyUsage = clientAuth',
      '[ca]',
      'default_ca = test_ca',
      '[test_ca]',
      `database = ${file('index.txt')}`,
      `new_certs_dir = ${dir}`,
      `serial = ${file('serial')}`,
      'default_md = sha256',
      'policy = any_name',
      'unique_subject = no',
      'x509_extensions = client_ext',
      '[any_name]',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  await writeFile(file('index.txt'), '');
  await writeFile(file('serial'), '1000\n');
  const config = ['-config', 'ca.cnf'];
  await openssl(
    dir,
    'req',
    ...config,
    '-x509',
    ...EC_KEY,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-subj',
    '/CN=EVCMS Test Charge Point CA',
    '-days',
    '2',
    '-extensions',
    'ca_ext',
  );
  await request(dir, 'server', 'localhost');
  await openssl(
    dir,
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-set_serial',
    '1',
    '-days',
    '2',
    '-out',
    'server.pem',
    '-extfile',
    'ca.cnf',
    '-extensions',
    'server_ext',
  );
  let clients = 0;
  return {
    dir,
    caFile: file('ca.pem'),
    serverCertFile: file('server.pem'),
    serverKeyFile: file('server.key'),
    ca: await readFile(file('ca.pem')),
    async client(cn, dates) {
      const name = `client-${++clients}`;
      await request(dir, name, cn);
      const validity = dates ? ['-startdate', dates.start, '-enddate', dates.end] : ['-days', '2'];
      await openssl(
        dir,
        'ca',
        '-batch',
        ...config,
        '-cert',
        'ca.pem',
        '-keyfile',
        'ca.key',
        '-in',
        `${name}.csr`,
        '-out',
        `${name}.pem`,
        '-notext',
        ...validity,
      );
      return { cert: await readFile(file(`${name}.pem`)), key: await readFile(file(`${name}.key`)) };
    },
  };
}
