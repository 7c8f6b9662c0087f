import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import { API_BASE, ErrorCode, httpStatusFor } from '@roompilot/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translate } from '../i18n.js';

export interface ProtectionOptions {
  overload: {
    /** Requests under /apis being answered at once, past which new ones are refused; 0: no limit. */
    maxInFlight: number;
    /**
     * How long (ms) the event loop may have gone without coming round (busy with the requests read
     * before this one) when a request under /apis reaches its first hook; past it, refused. 0: off.
     */
    maxEventLoopDelayMs: number;
    /** The `Retry-After` of a refusal (seconds). */
    retryAfterSeconds: number;
  };
  /** The refusals since the start, by cause (read by /metrics); counted here. */
  refusals?: OverloadRefusals;
}

/** API calls refused (4429) past capacity since the start: the event loop held too long, or too many in flight. */
export interface OverloadRefusals {
  busy: number;
  full: number;
}

/** At most one warning in this long while calls are being refused; it counts those refused since the last. */
export const REFUSAL_WARNING_MS = 10_000;

/** How often the loop's heartbeat notes that the event loop came round (ms). */
const HEARTBEAT_MS = 10;

/** JSON answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * What the browser may do with the console: scripts and everything else from the server itself;
 * inline styles, which antd (CSS-in-JS) injects at run time; images and fonts also as data: URLs;
 * fetch and the live WebSocket to the same host ('self' covers ws: and wss: of the same host);
 * never framed. Swagger UI at /apis/docs lives within the same policy.
 */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * Browser features the console never uses, switched off for it and for anything it might load. Only
 * features Chromium knows: it reports any other on every page (`headers.e2e.test.ts`).
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), xr-spatial-tracking=()';

/**
 * Whether a request may be refused when the server is past its capacity: the API calls, but not
 * the live WebSocket (a console's alerts and SOS arrive there; it is not a request that ends), the
 * API's documentation, nor the console's files. RCUs speak MQTT, which never passes here.
 */
function sheddable(request: FastifyRequest): boolean {
  if (request.headers.upgrade !== undefined) return false;
  const url = request.url;
  if (!url.startsWith(`${API_BASE}/`)) return false;
  const rest = url.slice(API_BASE.length);
  return !/^\/(live|docs)([/?]|$)/.test(rest);
}

/**
 * What the server sends besides its answers, and how it refuses work past its capacity:
 * - security headers (helmet: Content-Security-Policy, X-Content-Type-Options, Referrer-Policy,
 *   X-Frame-Options, the cross-origin policies; a Permissions-Policy). No Strict-Transport-Security:
 *   the server speaks plain HTTP, and TLS (with HSTS) belongs to the proxy in front of it;
 * - compression (br or gzip, as the client accepts) of answers from 1 KB; the console's hashed
 *   assets go out precompressed (plugins/console.ts), which this leaves as they are;
 * - load shedding under /apis: past `maxInFlight` requests being answered (requests waiting on the
 *   database, PostgreSQL's pool), or when the event loop has been busy for `maxEventLoopDelayMs`
 *   without coming round (SQLite answers within the loop: the requests read in one turn wait behind
 *   each other), a request is answered 4429 (HTTP 429) with `Retry-After` at once, at the cost of
 *   a few hooks, rather than queued behind the others. A wait measured as it happens, not sampled:
 *   a long turn is cut short at the threshold, so that the accepted requests wait about that long
 *   at most. The refusal comes before any handler: the call was not started, and the console
 *   sends it again by itself after `Retry-After` (web app/http.ts `AUTO_RETRY`). Every 429 with a
 *   `Retry-After` keeps that promise: nothing of the call was done.
 */
export const protectionPlugin = fp(
  async (app: FastifyInstance, options: ProtectionOptions) => {
    await app.register(fastifyHelmet, {
      global: true,
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });

    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // Bodies sent compressed are not accepted: the body limit stays a limit on what is read.
      globalDecompression: false,
    });

    const { overload } = options;
    const retryAfter = String(overload.retryAfterSeconds);
    /** The refusal: 4429 in the envelope, the caller's language, when to come back. */
    const refusal = (request: FastifyRequest, reply: FastifyReply) => {
      reply.code(httpStatusFor(ErrorCode.tooManyRequests)).header('retry-after', retryAfter);
      return {
        code: ErrorCode.tooManyRequests,
        message: translate(request.language, 'error.overloaded', { seconds: overload.retryAfterSeconds }),
        data: null,
      };
    };

    // The loop's heartbeat: a timer that notes when the event loop last came round. A request whose
    // hook runs long after it was read in the same long turn of the loop, behind the requests read
    // with it, or after a turn that took the loop away: how long it has waited.
    let lastTurn = performance.now();
    const heartbeat = setInterval(() => {
      lastTurn = performance.now();
    }, HEARTBEAT_MS);
    heartbeat.unref();
    app.addHook('onClose', async () => clearInterval(heartbeat));

    const refusals = options.refusals ?? { busy: 0, full: 0 };
    // The operator hears of refusals in the log, once a while: how many, and why.
    let warnedAt = Number.NEGATIVE_INFINITY;
    let unwarned = 0;
    const refused = (cause: keyof OverloadRefusals, measure: Record<string, number>) => {
      refusals[cause]++;
      unwarned++;
      const now = performance.now();
      if (now - warnedAt < REFUSAL_WARNING_MS) return;
      app.log.warn(
        { refused: unwarned, cause, ...measure },
        cause === 'busy'
          ? 'past capacity: API calls refused (4429), the event loop was held longer than OVERLOAD_MAX_EVENT_LOOP_DELAY_MS'
          : 'past capacity: API calls refused (4429), OVERLOAD_MAX_IN_FLIGHT calls were being answered',
      );
      warnedAt = now;
      unwarned = 0;
    };

    let inFlight = 0;
    const counted = new WeakSet<FastifyRequest>();
    const done = async (request: FastifyRequest) => {
      if (counted.delete(request)) inFlight--;
    };
    app.addHook('onRequest', async (request, reply) => {
      if (reply.sent || !sheddable(request)) return;
      const held = performance.now() - lastTurn;
      const busy = overload.maxEventLoopDelayMs > 0 && held > overload.maxEventLoopDelayMs;
      const full = overload.maxInFlight > 0 && inFlight >= overload.maxInFlight;
      if (busy || full) {
        refused(busy ? 'busy' : 'full', busy ? { eventLoopHeldMs: Math.round(held) } : { inFlight });
        // Sent and awaited (a reply is thenable) so that no later hook runs for it.
        return reply.send(refusal(request, reply));
      }
      if (overload.maxInFlight > 0) {
        inFlight++;
        counted.add(request);
        // A client that goes away once its call is sent (a browser leaving the page, a tab closed)
        // runs neither hook below: its answer never finishes, and the call is no longer aborted
        // once read whole. The connection's close frees the slot then; without it each such call
        // held one for good, until every call was refused with 4429.
        reply.raw.once('close', () => void done(request));
      }
    });
    app.addHook('onResponse', done);
    app.addHook('onRequestAbort', done);
  },
  { name: 'protection', dependencies: ['envelope'] },
);
