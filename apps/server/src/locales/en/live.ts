import type { LiveMessages } from '../types.js';

export default {
  'live.deviceTimeout': 'The RCU of room {room} did not answer within {seconds} s (offline or not responding).',
  'live.deviceOffline': 'The RCU of room {room} is offline; the command was not sent.',
  'live.deviceRefused': 'The RCU of room {room} refused the command: {reason}',
  'live.gatewayDown': 'The device gateway is not running; the command could not be sent.',
  'live.roomNotFound': 'No such room.',
  'live.alertNotFound': 'No such alert.',
  'live.notWebSocket': 'This address only takes WebSocket connections.',
  'live.socketFirstMessage': 'The first message must be {"token":"…"}.',
  'live.socketAuthTimeout': 'No token within {seconds} s; the connection is closed.',
  'live.noRoomsChosen': 'Choose the rooms: by room, floor, room type or building.',
  'live.noAirConditioner': 'Room {room} has no air conditioner.',
} satisfies LiveMessages;
