import { createHash } from 'node:crypto';

/**
 * How a virtual RCU fetches an upgrade file (docs/rcu-protocol.md "Upgrades"): over HTTP, resuming
 * with `Range: bytes=<from>-` after a dropped connection, waiting as told after a 429, then checking
 * the size and SHA-256 before anything is applied.
 */

/**
 * Upgrade failures a virtual RCU can be told to make:
 * - `checksum`: the file arrives but its check fails (`checksum mismatch`), the version stays;
 * - `timeout`: the command is acknowledged and then nothing is ever reported;
 * - `reboot`: halfway through the download the RCU loses its connection and comes back with its old version;
 * - `drop`: the download breaks off halfway and resumes with a Range request (it then succeeds).
 */
export const UPGRADE_FAULTS = ['checksum', 'timeout', 'reboot', 'drop'] as const;
export type UpgradeFault = (typeof UPGRADE_FAULTS)[number];

/** Random upgrade failures: a share of upgrades (0..1) failing in the given way. */
export interface UpgradeFaults {
  rate: number;
  fault: UpgradeFault;
}

/** `--upgrade-fail 0.2,checksum` → `{rate: 0.2, fault: 'checksum'}`. */
export function parseUpgradeFaults(text: string): UpgradeFaults {
  const [rateText = '', fault = ''] = text.split(',').map((part) => part.trim());
  const rate = Number(rateText);
  if (rateText === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new Error('--upgrade-fail: the rate must be a number in 0..1 (e.g. 0.2,checksum)');
  }
  if (!(UPGRADE_FAULTS as readonly string[]).includes(fault)) {
    throw new Error(`--upgrade-fail: the kind must be one of ${UPGRADE_FAULTS.join(', ')}`);
  }
  return { rate, fault: fault as UpgradeFault };
}

export interface DownloadOptions {
  url: string;
  size: number;
  /** Called with 0..100 as bytes arrive. */
  onProgress?: (percent: number) => void;
  /** Break the connection once this many bytes have arrived (once), as a network drop would. */
  dropAfter?: number;
  /** Stop at this many bytes and resolve with what arrived (a reboot halfway). */
  stopAfter?: number;
  /** How many times to resume after a drop or a failed request. */
  attempts?: number;
  /** Largest wait after a 429, in ms (the server's Retry-After is in seconds). */
  maxRetryWaitMs?: number;
  signal?: AbortSignal;
}

export class DownloadError extends Error {
  override name = 'DownloadError';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fetches a file, resuming with Range after a drop; resolves with its bytes. */
export async function download(options: DownloadOptions): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  let dropPending = options.dropAfter !== undefined;
  const attempts = options.attempts ?? 5;
  let lastReported = -1;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (options.signal?.aborted) throw new DownloadError('aborted');
    const abort = new AbortController();
    const onAbort = () => abort.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const headers: Record<string, string> = received > 0 ? { range: `bytes=${received}-` } : {};
      const response = await fetch(options.url, { headers, signal: abort.signal });
      if (response.status === 429) {
        const wait = Number(response.headers.get('retry-after') ?? '1') * 1000;
        await response.body?.cancel();
        await sleep(Math.min(Number.isFinite(wait) ? wait : 1000, options.maxRetryWaitMs ?? 5_000));
        attempt--;
        continue;
      }
      if (received > 0 && response.status === 200) {
        // The server ignored the range: start again from the first byte.
        chunks.length = 0;
        received = 0;
      } else if (response.status !== 200 && response.status !== 206) {
        const body = await response.text().catch(() => '');
        throw new DownloadError(`HTTP ${response.status} ${body.slice(0, 120)}`);
      }
      if (!response.body) throw new DownloadError('no body');
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        let chunk = Buffer.from(value);
        if (options.stopAfter !== undefined && received + chunk.length >= options.stopAfter) {
          chunk = chunk.subarray(0, options.stopAfter - received);
          chunks.push(chunk);
          received += chunk.length;
          abort.abort();
          return Buffer.concat(chunks);
        }
        chunks.push(chunk);
        received += chunk.length;
        const percent = options.size > 0 ? Math.min(100, Math.floor((received * 100) / options.size)) : 100;
        if (percent !== lastReported) {
          lastReported = percent;
          options.onProgress?.(percent);
        }
        if (dropPending && options.dropAfter !== undefined && received >= options.dropAfter) {
          dropPending = false;
          abort.abort();
          throw new DownloadError('connection dropped');
        }
      }
      return Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof DownloadError && error.message.startsWith('HTTP')) throw error;
      if (options.signal?.aborted) throw new DownloadError('aborted');
      // A drop: the next attempt asks for the rest.
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }
  throw new DownloadError(`download failed after ${attempts} attempts`);
}

export function sha256Hex(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Why a downloaded file is refused, or null when it is the one announced. */
export function fileProblem(content: Buffer, size: number, sha256: string): string | null {
  if (content.length !== size) return `size mismatch: ${content.length} of ${size} bytes`;
  if (sha256Hex(content) !== sha256) return 'checksum mismatch';
  return null;
}
