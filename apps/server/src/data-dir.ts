// The data folder holds the SQLite database (password hashes, sealed device keys), the device-key
// secret and the first Administrator password: for the server's user alone.

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
