import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { CALLS, ErrorCode, httpStatusFor } from '@roompilot/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerCalls } from '../../calls.js';
import { translate } from '../../i18n.js';
import { DownloadPacer } from './download-pacer.js';
import { uploadOf } from './files.js';
import { DOWNLOAD_RETRY_AFTER_S, type UpgradeService } from './service.js';

/** A download is written this many bytes at a time (read from memory, or from the database). */
const CHUNK_BYTES = 256 * 1024;
/** A file kept in memory is handed to the socket in views of this size, paced (DownloadPacer). */
const PIECE_BYTES = 64 * 1024;
/**
 * The downloads of this instance write at most this much a turn of the event loop, together: a
 * rollout of a 2 MB file to 1,000 rooms, 50 at once, takes as long as unpaced (21 s) and the room
 * list's p99 beside it went from 26–50 ms to 18–27 ms (docs/benchmarks.md).
 */
const pacer = new DownloadPacer(256 * 1024);

/**
 * A `Range: bytes=…` header against a file of `size` bytes: the one range asked for, `null` when
 * there is no header (the whole file), or `unsatisfiable` (416). Several ranges are not offered.
 */
export function rangeOf(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const match = /^bytes=(\d{0,16})-(\d{0,16})$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'unsatisfiable';
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

function refuse(request: FastifyRequest, reply: FastifyReply, code: number, key: Parameters<typeof translate>[1]) {
  return reply
    .status(httpStatusFor(code))
    .header('cache-control', 'no-store')
    .send({ code, message: translate(request.language, key), data: null });
}

/**
 * Sends the linked file (or the range asked for): kept in memory, in 64 KiB views of it; else read
 * from the database a chunk at a time. Either way the writes are paced with the instance's other
 * downloads (DownloadPacer). One 2 MB write per download, as before, held the loop for tens of
 * milliseconds when a batch of RCUs started together.
 */
async function download(upgrades: UpgradeService, request: FastifyRequest, reply: FastifyReply) {
  const { job, settings } = await upgrades.linkedFile(request.query as never);
  const size = job.file_size;
  const range = rangeOf(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${size}`)
      .send({ code: ErrorCode.invalid, message: translate(request.language, 'upgrades.badRange'), data: null });
  }
  const lease = await upgrades.takeDownload(job.id, settings.max_downloads);
  if (!lease) {
    reply.header('retry-after', String(DOWNLOAD_RETRY_AFTER_S));
    return refuse(request, reply, ErrorCode.tooManyRequests, 'upgrades.tooManyDownloads');
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const release = () => lease.release();
  reply.raw.on('close', release);
  const whole = request.method === 'HEAD' ? null : await upgrades.fileInMemory(job.file_id, size);
  async function* chunks() {
    try {
      for (let at = start; at <= end; at += CHUNK_BYTES) {
        const chunk = await upgrades.fileChunk(job.file_id, at, Math.min(CHUNK_BYTES, end + 1 - at));
        await pacer.turn(chunk.length);
        yield chunk;
      }
    } finally {
      release();
    }
  }
  reply
    .status(range ? 206 : 200)
    .header('content-type', 'application/octet-stream')
    .header('content-length', String(end + 1 - start))
    .header('accept-ranges', 'bytes')
    .header('etag', `"${job.file_sha256}"`)
    .header('cache-control', 'no-store');
  if (range) reply.header('content-range', `bytes ${start}-${end}/${size}`);
  if (request.method === 'HEAD' || size === 0) {
    release();
    return reply.send('');
  }
  return reply.send(whole ? pacer.stream(whole.subarray(start, end + 1), PIECE_BYTES) : Readable.from(chunks()));
}

/** Upgrades (API.md "Upgrades"): files, jobs and the RCUs' downloads. */
export async function upgradeRoutes(app: FastifyInstance) {
  await app.register(multipart);
  const { upgrades } = app.services;
  registerCalls(app, CALLS.upgrades, {
    // The form names the Administrator's hotel: resolved once it is read.
    fileAdd: async ({ actor, request }) => {
      const upload = await uploadOf(request, upgrades.fileMaxBytes);
      return upgrades.addFile(actor, await request.resolveHotel(upload.hotelId), upload);
    },
    limits: () => ({ file_max_bytes: upgrades.fileMaxBytes }),
    paramAdd: ({ actor, hotelId, body }) => upgrades.addParams(actor, hotelId, body),
    fileList: ({ actor, hotelId, body }) => upgrades.listFiles(actor, hotelId, body),
    fileParams: ({ hotelId, body }) => upgrades.fileParams(hotelId, body.id),
    fileRemove: ({ actor, hotelId, body }) => upgrades.removeFile(actor, hotelId, body.id),
    jobAdd: ({ actor, hotelId, body }) => upgrades.addJob(actor, hotelId, body),
    jobList: ({ actor, hotelId, body }) => upgrades.listJobs(actor, hotelId, body),
    jobDetail: ({ actor, hotelId, body }) => upgrades.jobDetail(actor, hotelId, body.id),
    jobRetry: ({ actor, hotelId, body }) => upgrades.retryJob(actor, hotelId, body.id),
    jobCancel: ({ actor, hotelId, body }) => upgrades.cancelJob(actor, hotelId, body.id),
    jobPause: ({ actor, hotelId, body }) => upgrades.pauseJob(actor, hotelId, body.id),
    jobResume: ({ actor, hotelId, body }) => upgrades.resumeJob(actor, hotelId, body.id),
    download: ({ request, reply }) => download(upgrades, request, reply),
  });
}
