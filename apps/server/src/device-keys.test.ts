import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from './db/database.js';
import type { Database, SealedTotpSecret } from './db/schema.js';
import { createDeviceKeys, DEVICE_KEY_SECRET_FILE, isSealed, loadDeviceKeySecret } from './device-keys.js';
import { insertUser } from './modules/roles/hotel-setup.js';

const SECRET = 'the first device-key secret, long enough';
const KEY = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5'; // the shape of a key (43 characters)

describe('device keys sealed at rest', () => {
  const keys = createDeviceKeys(SECRET);

  it('seals to a versioned value that holds nothing of the key, and opens it again', () => {
    const sealed = keys.seal(KEY);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain(KEY);
    expect(isSealed(sealed)).toBe(true);
    expect(keys.open(sealed)).toBe(KEY);
  });

  it('seals the same key differently each time (a fresh IV)', () => {
    const first = keys.seal(KEY);
    const second = keys.seal(KEY);
    expect(first).not.toBe(second);
    expect(first.split(':')[1]).not.toBe(second.split(':')[1]);
    expect(keys.open(second)).toBe(KEY);
  });

  it('refuses a value changed anywhere (tag, IV, ciphertext) or cut short', () => {
    const sealed = keys.seal(KEY);
    const [version, iv, tag, ciphertext] = sealed.split(':') as [string, string, string, string];
    const flip = (base64: string) => {
      const bytes = Buffer.from(base64, 'base64');
      bytes[0] = (bytes[0] as number) ^ 1;
      return bytes.toString('base64');
    };
    expect(keys.open([version, iv, flip(tag), ciphertext].join(':'))).toBeNull();
    expect(keys.open([version, flip(iv), tag, ciphertext].join(':'))).toBeNull();
    expect(keys.open([version, iv, tag, flip(ciphertext)].join(':'))).toBeNull();
    expect(keys.open([version, iv, tag].join(':'))).toBeNull();
    expect(keys.open('v1:not base64 at all')).toBeNull();
  });

  it('does not open with another secret', () => {
    const other = createDeviceKeys('another secret of at least 32 characters');
    expect(other.open(keys.seal(KEY))).toBeNull();
  });

  it('answers a value stored before sealing (no v1: prefix) as it is, for the start-up pass', () => {
    expect(isSealed(KEY)).toBe(false);
    expect(keys.open(KEY)).toBe(KEY);
  });

  it('opens every value again and again past the number of opened values it keeps', () => {
    const small = createDeviceKeys(SECRET, { kept: 3 });
    const plain = Array.from({ length: 10 }, (_, index) => `${KEY}${index}`);
    const stored = plain.map((key) => small.seal(key));
    for (let round = 0; round < 3; round++) expect(stored.map((value) => small.open(value))).toEqual(plain);
    // A value another server sealed (the cache of this one never saw it) opens too.
    expect(stored.map((value) => keys.open(keys.seal(small.open(value) as string)))).toEqual(plain);
    expect(createDeviceKeys(SECRET).open(stored[0] as string)).toBe(plain[0]);
  });

  it('refuses a secret shorter than 32 characters', () => {
    expect(() => createDeviceKeys('short')).toThrow(/at least 32/);
  });
});

describe('the device-key secret', () => {
  const folders: string[] = [];
  const databases: Kysely<Database>[] = [];
  afterEach(async () => {
    for (const db of databases.splice(0)) await db.destroy();
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });
  const folder = () => {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-secret-'));
    folders.push(made);
    return made;
  };
  /** A new SQLite database in the folder, before its first migrations (as at a first start). */
  const newDatabase = (dataDir: string) => {
    const db = createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'roompilot.db') });
    databases.push(db);
    return db;
  };

  it('is made at first start in the data folder (0600) and read from there after', async () => {
    const dataDir = folder();
    const db = newDatabase(dataDir);
    const made = await loadDeviceKeySecret(dataDir, null, db);
    expect(made.source).toBe('created');
    const file = path.join(dataDir, DEVICE_KEY_SECRET_FILE);
    expect(made.file).toBe(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(made.secret.length).toBeGreaterThanOrEqual(32);
    const again = await loadDeviceKeySecret(dataDir, null, db);
    expect(again).toEqual({ ...made, source: 'file' });
  });

  it('is DEVICE_KEY_SECRET when set, and no file is made', async () => {
    const dataDir = folder();
    expect(await loadDeviceKeySecret(dataDir, SECRET, newDatabase(dataDir))).toMatchObject({
      secret: SECRET,
      source: 'setting',
    });
    expect(fs.existsSync(path.join(dataDir, DEVICE_KEY_SECRET_FILE))).toBe(false);
  });

  it("is not made over a database that holds values sealed with a secret (a user's two-factor secret)", async () => {
    const dataDir = folder();
    const db = newDatabase(dataDir);
    await migrateToLatest(db);
    const at = new Date().toISOString();
    const user_id = await insertUser(db, { hotel_id: null, user_name: 'two_factor', password: 'a-password-1' }, at);
    const secret = createDeviceKeys(SECRET).seal(KEY) as string as SealedTotpSecret;
    await db
      .insertInto('user_two_factor')
      .values({ user_id, secret, enabled_at: at, pending_secret: null, pending_at: null })
      .execute();
    const file = path.join(dataDir, DEVICE_KEY_SECRET_FILE);
    await expect(loadDeviceKeySecret(dataDir, null, db)).rejects.toThrow(
      `device keys: the database holds 1 user's two-factor secret sealed with a device-key secret, and there is no secret here (no ${file}, DEVICE_KEY_SECRET not set)`,
    );
    expect(fs.existsSync(file)).toBe(false);
    expect(await loadDeviceKeySecret(dataDir, SECRET, db)).toMatchObject({ source: 'setting' });
  });

  it('is refused, not replaced, when its file is there but empty', async () => {
    const dataDir = folder();
    fs.writeFileSync(path.join(dataDir, DEVICE_KEY_SECRET_FILE), '\n', { mode: 0o600 });
    await expect(loadDeviceKeySecret(dataDir, null, newDatabase(dataDir))).rejects.toThrow(
      /holds no device-key secret/,
    );
    expect(fs.readFileSync(path.join(dataDir, DEVICE_KEY_SECRET_FILE), 'utf8')).toBe('\n');
  });
});
