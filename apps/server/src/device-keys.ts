// Device keys at rest: each RCU's MQTT password is stored sealed (AES-256-GCM) with a secret kept
// apart from the database, so that a copied database alone reveals none (docs/operations.md
// "Device-key secret").

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, SealedDeviceKey } from './db/schema.js';
import { countSealedDeviceKeys } from './modules/rooms/repository.js';
import { countTwoFactorSecrets } from './modules/twofactor/repository.js';

/** The secret's file in the data folder, made (0600) at first start unless DEVICE_KEY_SECRET is set. */
export const DEVICE_KEY_SECRET_FILE = 'device-key-secret';
/** A secret shorter than this is refused: 32 characters of base64 carry 192 bits. */
export const DEVICE_KEY_SECRET_MIN_LENGTH = 32;

const VERSION = 'v1';
const PREFIX = `${VERSION}:`;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface DeviceKeys {
  /** The key as stored: `v1:<iv>:<tag>:<ciphertext>` (base64), a fresh random IV each time. */
  seal(key: string): SealedDeviceKey;
  /**
   * The key of a stored value; null when it does not open with this secret (another secret, or
   * the value was changed). A value without the `v1:` prefix is a key stored before sealing
   * (plaintext) and is answered as it is until the start-up pass seals it.
   */
  open(stored: string): string | null;
}

/** Whether a stored value is sealed (else a plaintext key from before sealing). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/**
 * Values opened are remembered (a stored value, with its random IV, always opens to the same key):
 * opening costs some 15 µs, a room list page of 500 for a pm_roomdetail holder 7 ms without this.
 * 50,000 entries (some 10 MB) hold the keys of a large deployment; the oldest go first.
 */
const OPENED_KEPT = 50_000;

/** Seals and opens short strings (AES-256-GCM) under a key of its own derived from the secret. */
export interface Sealer {
  /** `v1:<iv>:<tag>:<ciphertext>` (base64), a fresh random IV each time. */
  seal(plain: string): string;
  /** The string of a sealed value; null when it does not open (another secret or purpose, or changed). */
  open(sealed: string): string | null;
}

/**
 * A sealer for one purpose: its key is derived from the secret with `purpose.info`, and
 * `purpose.associated` is bound into every value, so a value of one purpose never opens as
 * another's. The device keys use it, and so do the two-factor secrets (modules/twofactor).
 */
export function createSealer(secret: string, purpose: { info: string; associated: string }): Sealer {
  if (secret.length < DEVICE_KEY_SECRET_MIN_LENGTH) {
    throw new Error(`the device-key secret must be at least ${DEVICE_KEY_SECRET_MIN_LENGTH} characters`);
  }
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose.info, 32));
  const associated = Buffer.from(purpose.associated);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(associated);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${PREFIX}${iv.toString('base64')}:${tag.toString('base64')}:${ciphertext.toString('base64')}`;
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) return null;
      const parts = sealed.slice(PREFIX.length).split(':');
      if (parts.length !== 3) return null;
      const [iv, tag, ciphertext] = parts.map((part) => Buffer.from(part as string, 'base64')) as [
        Buffer,
        Buffer,
        Buffer,
      ];
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(associated);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** Seals and opens device keys with a secret (any string of at least 32 characters). */
export function createDeviceKeys(secret: string, { kept = OPENED_KEPT }: { kept?: number } = {}): DeviceKeys {
  const sealer = createSealer(secret, { info: 'roompilot device keys', associated: 'roompilot device key v1' });
  const opened = new Map<string, string | null>();
  const remember = (stored: string, plain: string | null) => {
    if (opened.size >= kept) opened.delete(opened.keys().next().value as string);
    opened.set(stored, plain);
  };
  return {
    seal(plain) {
      const sealed = sealer.seal(plain);
      remember(sealed, plain);
      return sealed as SealedDeviceKey;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const known = opened.get(stored);
      if (known !== undefined) return known;
      const plain = sealer.open(stored);
      remember(stored, plain);
      return plain;
    },
  };
}

export interface DeviceKeySecret {
  secret: string;
  /** Where it came from: the setting, the data folder's file, or that file just made. */
  source: 'setting' | 'file' | 'created';
  file: string;
}

/** What the database holds sealed with the device-key secret (nothing before its first migrations). */
export interface SealedWithSecret {
  rooms: number;
  twoFactorUsers: number;
}

export async function sealedWithSecret(db: Kysely<Database>): Promise<SealedWithSecret> {
  const tables = new Set((await db.introspection.getTables()).map((table) => table.name));
  return {
    rooms: tables.has('rooms') ? await countSealedDeviceKeys(db) : 0,
    twoFactorUsers: tables.has('user_two_factor') ? await countTwoFactorSecrets(db) : 0,
  };
}

function noSecretMessage(file: string, sealed: SealedWithSecret): string {
  const held = [
    sealed.rooms > 0 ? (sealed.rooms === 1 ? "1 room's key" : `${sealed.rooms} rooms' keys`) : null,
    sealed.twoFactorUsers > 0
      ? sealed.twoFactorUsers === 1
        ? "1 user's two-factor secret"
        : `${sealed.twoFactorUsers} users' two-factor secrets`
      : null,
  ].filter((part) => part !== null);
  return `device keys: the database holds ${held.join(' and ')} sealed with a device-key secret, and there is no secret here (no ${file}, DEVICE_KEY_SECRET not set): put the secret back from its backup as ${file} (mode 0600), or set DEVICE_KEY_SECRET, then start again. A new secret would open none of them, so none was made (docs/operations.md "Device-key secret")`;
}

/**
 * DEVICE_KEY_SECRET when set; else the data folder's `device-key-secret`, made at first start
 * (32 random bytes, base64url, mode 0600). A file that is there but empty or short is refused
 * rather than replaced: a new secret would leave every stored key unreadable. For the same reason
 * none is made while `db` holds values sealed with a secret (a database restored into a new data
 * folder without its secret).
 */
export async function loadDeviceKeySecret(
  dataDir: string,
  setting: string | null,
  db: Kysely<Database>,
): Promise<DeviceKeySecret> {
  const file = path.join(dataDir, DEVICE_KEY_SECRET_FILE);
  if (setting !== null) return { secret: setting, source: 'setting', file };
  const read = (): string => {
    const secret = fs.readFileSync(file, 'utf8').trim();
    if (secret.length < DEVICE_KEY_SECRET_MIN_LENGTH) {
      throw new Error(
        `${file} holds no device-key secret (at least ${DEVICE_KEY_SECRET_MIN_LENGTH} characters): restore it from its backup (docs/operations.md)`,
      );
    }
    return secret;
  };
  if (fs.existsSync(file)) return { secret: read(), source: 'file', file };
  const sealed = await sealedWithSecret(db);
  if (sealed.rooms > 0 || sealed.twoFactorUsers > 0) throw new Error(noSecretMessage(file, sealed));
  const secret = randomBytes(32).toString('base64url');
  try {
    // `wx`: another process starting on the same folder at the same time keeps its own file.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { secret: read(), source: 'file', file };
    throw error;
  }
  fs.chmodSync(file, 0o600);
  return { secret, source: 'created', file };
}
