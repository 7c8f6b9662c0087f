import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { read } from '../access.js';
import type { Metrics } from '../metrics.js';

export interface MetricsOptions {
  metrics: Metrics;
  /** METRICS_TOKEN: when set, `Authorization: Bearer <token>` is required; null: loopback callers only. */
  token: string | null;
}

/**
 * `GET /metrics` in Prometheus's text format, and the HTTP request histogram (each answered request
 * by its route pattern, method and status class). With a token the scraper must send it; without
 * one only a caller on this machine, not through a proxy, is answered.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const { metrics } = options;
    const expected = options.token === null ? null : digest(options.token);

    app.addHook('onResponse', async (request, reply) => {
      // The live WebSocket is not a request that ends: its duration is the socket's life.
      if (request.headers.upgrade !== undefined) return;
      metrics.requestDone(
        request.routeOptions.url ?? 'unmatched',
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', { config: read('public'), schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (expected) {
        const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
        if (given === undefined || !timingSafeEqual(digest(given), expected)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer realm="metrics"')
            .send({ status: 'unauthorized', detail: 'send Authorization: Bearer <METRICS_TOKEN>' });
        }
      } else if (!fromThisMachine(request)) {
        return reply.code(403).send({
          status: 'forbidden',
          detail: 'without METRICS_TOKEN, /metrics answers callers on this machine only',
        });
      }
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
  { name: 'metrics' },
);

/** Tokens compared as digests: the same length whatever was sent, in constant time. */
function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * A caller on this machine: the socket's peer is a loopback address and the request names no
 * other client (a proxy on the same machine forwards everyone's requests from loopback: those carry
 * `X-Forwarded-For` or `Forwarded`). TRUST_PROXY does not matter here.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return isLoopback(request.socket.remoteAddress ?? '');
}

export function isLoopback(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}
