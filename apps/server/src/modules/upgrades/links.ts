import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { API_BASE, CALLS } from '@roompilot/contract';

/**
 * The download links of the `upgrade` command: `<public URL>/apis/upgradedownload?job&room&exp&sig`,
 * where `sig` is HMAC-SHA256 (base64url) of `job.room.sha256.exp` under a key derived from the
 * device-key secret (device-keys.ts: the data folder's file or DEVICE_KEY_SECRET, which every
 * instance of a deployment shares). A link names one job and one room, the file by its hash, and
 * when it stops working; the download route checks too that the job has not ended.
 */
export interface UpgradeLink {
  job: number;
  room: number;
  /** Milliseconds since the epoch. */
  exp: number;
}

export interface UpgradeLinks {
  url(base: string, link: UpgradeLink, sha256: string): string;
  /** Whether `sig` is this secret's signature of the link and file. */
  verify(link: UpgradeLink, sha256: string, sig: string): boolean;
}

export function createUpgradeLinks(secret: string): UpgradeLinks {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'roompilot upgrade links', 32));
  const sign = (link: UpgradeLink, sha256: string) =>
    createHmac('sha256', key).update(`${link.job}.${link.room}.${sha256}.${link.exp}`).digest('base64url');
  return {
    url(base, link, sha256) {
      const query = new URLSearchParams({
        job: String(link.job),
        room: String(link.room),
        exp: String(link.exp),
        sig: sign(link, sha256),
      });
      return `${base}${API_BASE}${CALLS.upgrades.calls.download.path}?${query}`;
    },
    verify(link, sha256, sig) {
      const expected = Buffer.from(sign(link, sha256));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
