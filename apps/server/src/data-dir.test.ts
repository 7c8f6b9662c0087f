import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, dataDirUser, IN_USE_FILE, markDataDirInUse, processStartTime } from './data-dir.js';
import { endedPid, runningProcess } from './test-support/processes.js';

// The data folder's in-use mark (docs/operations.md "Data and backup"): a server on the SQLite
// database marks its folder with its pid, so that a restore does not replace the database under it.

describe('the data folder marked in use', () => {
  const folders: string[] = [];
  const ends: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const end of ends.splice(0)) await end();
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });
  const folder = () => {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-in-use-'));
    folders.push(made);
    return path.join(made, 'data');
  };
  /** A mark as a process writes it: its pid, what it is, when it started. */
  const mark = (dataDir: string, pid: number, what = 'server', started = processStartTime(pid) ?? '') =>
    fs.writeFileSync(path.join(dataDir, IN_USE_FILE), `${pid}\n${what}\n${started}\n`);
  const own = () => `${process.pid}\nserver\n${processStartTime(process.pid)}\n`;

  it('holds the pid while the server runs (0600) and goes at a clean stop', () => {
    const dataDir = folder();
    const release = markDataDirInUse(dataDir, 'server');
    const file = path.join(dataDir, IN_USE_FILE);
    expect(fs.readFileSync(file, 'utf8')).toBe(own());
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // This process's own mark is not another server's.
    expect(dataDirUser(dataDir)).toBeNull();
    release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses a second process while the first runs, and names it', async () => {
    const dataDir = folder();
    fs.mkdirSync(dataDir);
    const other = await runningProcess();
    ends.push(other.end);
    mark(dataDir, other.pid);
    expect(dataDirUser(dataDir)).toEqual({ pid: other.pid, what: 'server', started: processStartTime(other.pid) });
    expect(() => markDataDirInUse(dataDir, 'server')).toThrow(
      new DataDirInUseError(
        `a RoomPilot server (pid ${other.pid}) is using this data folder (${dataDir}); stop it first`,
      ),
    );
    mark(dataDir, other.pid, 'restore');
    expect(() => markDataDirInUse(dataDir, 'server')).toThrow(
      `a restore (pid ${other.pid}) is writing this data folder (${dataDir}); wait for it to end`,
    );
    expect(fs.readFileSync(path.join(dataDir, IN_USE_FILE), 'utf8')).toBe(
      `${other.pid}\nrestore\n${processStartTime(other.pid)}\n`,
    );
  });

  it('takes a mark whose pid runs but is another program now (started at another time) for a stale one', async () => {
    const dataDir = folder();
    fs.mkdirSync(dataDir);
    // A container restarted after a crash: the mark's pid is used again, by a process that started later.
    const other = await runningProcess();
    ends.push(other.end);
    mark(dataDir, other.pid, 'server', '1');
    expect(dataDirUser(dataDir)).toBeNull();
    markDataDirInUse(dataDir, 'server')();
    expect(fs.existsSync(path.join(dataDir, IN_USE_FILE))).toBe(false);
  });

  it("replaces a stale mark (its process ended without a clean stop), and a release leaves another process's alone", async () => {
    const dataDir = folder();
    fs.mkdirSync(dataDir);
    const file = path.join(dataDir, IN_USE_FILE);
    mark(dataDir, await endedPid(), 'server', '');
    expect(dataDirUser(dataDir)).toBeNull();
    const release = markDataDirInUse(dataDir, 'server');
    expect(fs.readFileSync(file, 'utf8')).toBe(own());
    // Another process took the folder over meanwhile (--ignore-in-use): its mark stays.
    mark(dataDir, 4_000_000, 'server', '');
    release();
    expect(fs.readFileSync(file, 'utf8')).toBe('4000000\nserver\n\n');
    // A mark that holds no pid is stale too.
    fs.writeFileSync(file, 'not a pid\n');
    markDataDirInUse(dataDir, 'server')();
    expect(fs.existsSync(file)).toBe(false);
  });
});
