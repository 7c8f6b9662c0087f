// The data folder holds the SQLite database (password hashes, sealed device keys), the device-key
// secret and the first Administrator password: for the server's user alone. While a server runs
// on the SQLite database, its pid marks the folder in use.

import fs from 'node:fs';
import path from 'node:path';

export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/**
 * Makes the data folder (0700) when it is missing; an existing one that others may read, and the
 * files directly in it, are tightened (0700, 0600). Answers what was done, for the log: a line
 * per path tightened, and a warning for a folder that is not the server user's own or is shared
 * (sticky bit, as /tmp), which is left as it is.
 */
export function secureDataDir(dataDir: string): { tightened: string[]; untouched: string[] } {
  const tightened: string[] = [];
  const untouched: string[] = [];
  fs.mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const own = (stats: fs.Stats) => process.getuid === undefined || stats.uid === process.getuid();
  const folder = fs.statSync(dataDir);
  if ((folder.mode & 0o077) !== 0) {
    if (!own(folder) || (folder.mode & 0o1000) !== 0) {
      untouched.push(dataDir);
      return { tightened, untouched };
    }
    fs.chmodSync(dataDir, DATA_DIR_MODE);
    tightened.push(dataDir);
  }
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(dataDir, entry.name);
    const stats = fs.statSync(file);
    if ((stats.mode & 0o077) === 0 || !own(stats)) continue;
    fs.chmodSync(file, DATA_FILE_MODE);
    tightened.push(file);
  }
  return { tightened, untouched };
}

/** Creates a file the server will write (empty, 0600) unless it exists; an existing one is made 0600. */
export function privateFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: DATA_DIR_MODE });
  fs.closeSync(fs.openSync(file, 'a', DATA_FILE_MODE));
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, DATA_FILE_MODE);
}

/**
 * The file that marks a data folder in use while a server runs on its SQLite database (or a
 * restore writes it): the process's pid, then what it is. A restore refuses to replace the
 * database under a running server, which would go on writing to the replaced file and lose it all
 * at its next start.
 */
export const IN_USE_FILE = 'roompilot.pid';

export interface DataDirUser {
  pid: number;
  what: 'server' | 'restore';
  /** The process's start time (processStartTime), where the system tells it. */
  started?: string;
}

export class DataDirInUseError extends Error {}

/** What an operator is told when another process marks the folder in use. */
function inUseMessage(dataDir: string, user: DataDirUser): string {
  return user.what === 'server'
    ? `a RoomPilot server (pid ${user.pid}) is using this data folder (${dataDir}); stop it first`
    : `a restore (pid ${user.pid}) is writing this data folder (${dataDir}); wait for it to end`;
}

/**
 * When a process started, in clock ticks since boot (Linux's /proc/<pid>/stat, field 22), or null
 * where there is no /proc or no such process. With the pid it names one process for good: a pid
 * used again (a container's pids after a restart, a crash's stale mark) has another start time.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the process of a mark runs, and is not this one. This process's own pid in the mark
 * was left by an earlier process that had the same pid (a container's pid 1 after a crash); a pid
 * whose process started at another time than the mark says is another program's now.
 */
function runsElsewhere(user: DataDirUser): boolean {
  if (user.pid === process.pid) return false;
  if (user.started !== undefined) {
    const started = processStartTime(user.pid);
    if (started !== null || fs.existsSync('/proc/self/stat')) return started === user.started;
  }
  try {
    process.kill(user.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readMark(file: string): DataDirUser | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const [pid, what, started] = text.split('\n');
  const number = Number(pid);
  if (!Number.isSafeInteger(number) || number <= 0) return null;
  return { pid: number, what: what === 'restore' ? 'restore' : 'server', ...(started ? { started } : {}) };
}

/**
 * The running process that marks `dataDir` in use, or null: no mark, or a stale one (its process
 * ended without removing it: a crash, a kill -9).
 */
export function dataDirUser(dataDir: string): DataDirUser | null {
  const user = readMark(path.join(dataDir, IN_USE_FILE));
  return user && runsElsewhere(user) ? user : null;
}

/**
 * Marks `dataDir` in use by this process; answers the function that removes the mark (only while
 * it is still this process's). Refused (DataDirInUseError) while another running process marks
 * it, unless `ignoreOthers`; a stale mark is replaced.
 */
export function markDataDirInUse(
  dataDir: string,
  what: DataDirUser['what'],
  { ignoreOthers = false }: { ignoreOthers?: boolean } = {},
): () => void {
  const file = path.join(dataDir, IN_USE_FILE);
  fs.mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  for (let attempt = 1; ; attempt++) {
    try {
      // `wx`: of two processes marking the folder at once, one makes the file and the other sees it.
      fs.writeFileSync(file, `${process.pid}\n${what}\n${processStartTime(process.pid) ?? ''}\n`, {
        mode: DATA_FILE_MODE,
        flag: 'wx',
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === 3) throw error;
      const user = dataDirUser(dataDir);
      if (user && !ignoreOthers) throw new DataDirInUseError(inUseMessage(dataDir, user));
      fs.rmSync(file, { force: true });
    }
  }
  return () => {
    if (readMark(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}
