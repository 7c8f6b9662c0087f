// The console's Vite dev server for `npm run dev`: apps/web's own config, on DEV_PORT (default
// 5173), with /apis (and the live WebSocket) proxied to the server on PORT (default 8080) and HOST.
import { resolve } from 'node:path';
import { createServer } from 'vite';
import { serverAddress } from './processes.mjs';

const web = resolve(import.meta.dirname, '../../apps/web');
const port = Number(process.env.DEV_PORT?.trim() || 5173);
const target = serverAddress(process.env).url;

const server = await createServer({
  root: web,
  configFile: resolve(web, 'vite.config.ts'),
  clearScreen: false,
  server: { port, strictPort: true, proxy: { '/apis': { target, ws: true } } },
});
await server.listen();
server.printUrls();
console.log(`API calls go to ${target}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close().finally(() => process.exit(0));
  });
}
