import net from 'node:net';

/**
 * A loopback TCP relay to a service (Redis, PostgreSQL…) that a test can hold: while held, nothing
 * passes either way (what was sent waits in the sockets), so a server reaching the service through
 * it hangs at its next call, as behind a stalled network; `open` lets everything through again.
 */
export interface TcpGate {
  port: number;
  hold(): void;
  open(): void;
  close(): Promise<void>;
}

export async function startTcpGate(target: { host: string; port: number }): Promise<TcpGate> {
  let held = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = [client, upstream];
    for (const socket of pair) {
      sockets.add(socket);
      if (held) socket.pause();
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        for (const other of pair) other.destroy();
      });
    }
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    hold() {
      held = true;
      for (const socket of sockets) socket.pause();
    },
    open() {
      held = false;
      for (const socket of sockets) socket.resume();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
