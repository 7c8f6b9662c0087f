import type { LiveRoomChange } from '@roompilot/contract';
import WebSocket from 'ws';
import type { LiveService } from '../modules/live/service.js';
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

/**
 * The changes of a hotel's rooms as its consoles get them (`room` messages), parsed for a test:
 * the listener sees what a console would. Answers how to stop.
 */
export function watchRoomChanges(
  live: LiveService,
  hotelId: number,
  listener: (change: LiveRoomChange) => void,
): Promise<() => Promise<void>> {
  return live.onRoomChange(hotelId, (text) => {
    const message = JSON.parse(text) as { type: string; data: LiveRoomChange };
    if (message.type === 'room') listener(message.data);
  });
}
