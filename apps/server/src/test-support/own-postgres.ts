import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './waiting.js';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, on a free loopback port, that the test may stop and start
 * again (the fault tests: the database gone and back). Made with the machine's initdb, as the
 * postgres user when the test runs as root (as scripts/services.sh does).
 */
export interface OwnPostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const last = versions.at(-1);
  if (!last) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin): `npm test` installs it');
  return path.join(root, last, 'bin');
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = pgBin();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-own-pg-'));
  fs.chmodSync(root, 0o755);
  const data = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const as = async (tool: string, args: string[]) => {
    const file = path.join(bin, tool);
    await (asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args));
  };
  if (asRoot) await run('chown', ['postgres', root]);
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off -c full_page_writes=off`;
  const start = () => as('pg_ctl', ['-D', data, '-l', path.join(root, 'pg.log'), '-w', '-o', options, 'start']);
  const stop = () => as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async remove() {
      await stop().catch(() => {});
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
