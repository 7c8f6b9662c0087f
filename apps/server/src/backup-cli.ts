import { BackupError, backup, restore, restoreNextSteps } from './backup.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError } from './data-dir.js';

/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder> [--force] [--ignore-in-use]`: the
 * configured database (DATA_DIR's SQLite, or DATABASE_URL) into a backup folder and back. See
 * docs/operations.md "Data and backup".
 */
const USAGE = `usage:
  npm run backup -- <folder>   the database into a new folder (the server may run)
  npm run restore -- <folder> [--force] [--ignore-in-use]
                               a backup over the database, refused while a server uses it; --force replaces
                               a database that is there; --ignore-in-use restores even so, for a process or
                               session that is no RoomPilot server (docs/operations.md "Data and backup")`;

const RESTORE_FLAGS = ['--force', '--ignore-in-use'];

async function main(args: string[]): Promise<number> {
  const [command, folder, ...rest] = args;
  const force = rest.includes('--force');
  const ignoreInUse = rest.includes('--ignore-in-use');
  if (!folder || (command !== 'backup' && command !== 'restore') || rest.some((arg) => !RESTORE_FLAGS.includes(arg))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const where = config.database.kind === 'sqlite' ? config.database.file : 'DATABASE_URL';
  if (command === 'backup') {
    const manifest = await backup(config.database, folder);
    console.log(
      `backup: ${manifest.database} database (${where}) at ${manifest.migration ?? 'no migration'} → ${folder}`,
    );
    console.log('backup: the device-key secret is not in it: back it up apart (docs/operations.md)');
  } else {
    const manifest = await restore(config.database, folder, { force, ignoreInUse });
    console.log(`restore: ${folder} (made ${manifest.created_at}) → ${manifest.database} database (${where})`);
    for (const step of restoreNextSteps(config)) console.log(`restore: ${step}`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirInUseError;
    console.error(`${process.argv[2] ?? 'backup'}: ${known ? (error as Error).message : String(error)}`);
    process.exit(1);
  },
);
