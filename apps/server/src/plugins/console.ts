import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@roompilot/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { read } from '../access.js';
import { isOddUrl } from './envelope.js';
import { OPERATOR_PATHS } from './health.js';

const NOT_BUILT =
  'The RoomPilot console is not built yet: run `npm start` (or `npm run build`) from the repository root.\n';

/**
 * The built console at `/`: files as they are (hashed `/assets/*` cached for a year, immutable, and
 * precompressed), and `index.html` (never cached) for every other GET outside `/apis`, so the SPA's
 * routes reload. Not under the operators' paths (`/livez/x`, `/Metrics`): a probe that names a
 * wrong path must not read the page's 200 as healthy.
 */
export async function consolePlugin(app: FastifyInstance, options: { webDist: string }) {
  const indexFile = path.join(options.webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  // Said once at start: the page's text alone reaches nobody who looks at the log.
  if (!built)
    app.log.warn({ webDist: options.webDist }, 'console: not built (no index.html in WEB_DIST); its pages say so');
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      serve: false,
      // The build writes `.br` and `.gz` beside each hashed asset (apps/web/scripts/compress.mjs):
      // sent as the client accepts them, with `Vary: Accept-Encoding`; the file itself otherwise.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(options.webDist, filePath).split(path.sep);
        reply.header('cache-control', relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.get('/*', { config: read('public'), schema: { hide: true } }, async (request, reply) => {
    // The router has already decoded the path once: decoding it again would read `%25zz` as a bad escape.
    const pathname = (request.params as { '*': string })['*'] ?? '';
    if (`/${pathname}`.startsWith(`${API_BASE}/`) || `/${pathname}` === API_BASE) return reply.callNotFound();
    if (underOperatorPath(pathname)) return reply.callNotFound();
    // A URL the router could not read (`/%ff`), sent round again: no file, the console's page as 404.
    if (isOddUrl(request)) return sendConsolePage(reply, options.webDist, 404);
    if (!built) return reply.type('text/plain; charset=utf-8').send(NOT_BUILT);
    // No file has a NUL in its name (and the file system refuses one): the console's page, as 404.
    if (pathname.includes('\0')) return sendConsolePage(reply, options.webDist, 404);
    const file = path.resolve(options.webDist, pathname);
    const inside = file.startsWith(options.webDist + path.sep);
    if (inside && isFile(file)) return reply.sendFile(pathname);
    if (pathname.startsWith('assets/')) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}

/** `livez`, `readyz/x`, `METRICS` and the like: none is the console's (the exact paths have their routes). */
function underOperatorPath(pathname: string): boolean {
  const path = `/${pathname.toLowerCase()}`;
  return OPERATOR_PATHS.some((operator) => path === operator || path.startsWith(`${operator}/`));
}

/** Whether a path names a file; a name the file system refuses (too long, say) names none. */
function isFile(file: string): boolean {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/**
 * The console's page (its index.html, never cached) with the given status, or the note that it is
 * not built: what a URL outside `/apis` that can name no file gets (a NUL, a bad escape like `/%ff`).
 */
function sendConsolePage(reply: FastifyReply, webDist: string, status: number) {
  const indexFile = path.join(webDist, 'index.html');
  reply.code(status).header('cache-control', 'no-cache');
  if (!fs.existsSync(indexFile)) return reply.type('text/plain; charset=utf-8').send(NOT_BUILT);
  return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
}
