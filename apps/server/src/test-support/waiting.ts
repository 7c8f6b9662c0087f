import net from 'node:net';

/** A port free now on loopback. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Reads `read()` every 100 ms until `done` says yes, and answers that value; throws with the last
 * value read after `ms`. A read that throws counts as its error (a server away answers that).
 */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read().catch((error: unknown) => error as T);
    if (done(value)) return value;
    if (Date.now() > end) {
      const shown = value instanceof Error ? String(value) : JSON.stringify(value);
      throw new Error(`timed out waiting for ${what}: ${String(shown).slice(0, 2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether something listens on a loopback port now. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
