import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { read } from '../access.js';

const NOT_BUILT =
  'The RoomPilot console is not built yet: run `npm start` (or `npm run build`) from the repository root.\n';

/**
 * The built console at `/`: files as they are (hashed `/assets/*` cached for a year, immutable, and
 * precompressed), and `index.html` (never cached) for every other GET outside `/apis`, so the SPA's
 * routes reload.
 */
export async function consolePlugin(app: FastifyInstance, options: { webDist: string }) {
  const indexFile = path.join(options.webDist, 'index.html');
  const built = fs.existsSync(indexFile);
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
    const pathname = decodeURIComponent((request.params as { '*': string })['*'] ?? '');
    if (`/${pathname}`.startsWith(`${API_BASE}/`) || `/${pathname}` === API_BASE) return reply.callNotFound();
    if (!built) return reply.type('text/plain; charset=utf-8').send(NOT_BUILT);
    const file = path.resolve(options.webDist, pathname);
    const inside = file.startsWith(options.webDist + path.sep);
    if (inside && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return reply.sendFile(pathname);
    if (pathname.startsWith('assets/')) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
