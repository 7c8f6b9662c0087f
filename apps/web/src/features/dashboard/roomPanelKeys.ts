/** Where the room panel links to, and its device query's key (the page merges pushes into it). */
export const ROOM_CTRL_PATH = '/roomsystem/roomctrl';
export const deviceStateKey = (roomId: number) => ['live', 'devices', roomId] as const;
