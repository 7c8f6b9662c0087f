import WebSocket from 'ws';
import { until } from './waiting.js';

export interface Pushed {
  type: string;
  data: Record<string, unknown>;
}

/**
 * A console's live socket (API.md "Live push") on the server at `port`, signed in with `token`,
 * once the server said `ready`; `pushed` collects every message it sends.
 */
export async function openLiveConsole(port: number, token: string): Promise<{ socket: WebSocket; pushed: Pushed[] }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/apis/live`);
  const pushed: Pushed[] = [];
  socket.on('message', (text) => pushed.push(JSON.parse(String(text))));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ token }));
  await until(
    'the socket to be ready',
    async () => pushed,
    (messages) => messages.some((m) => m.type === 'ready'),
  );
  return { socket, pushed };
}
