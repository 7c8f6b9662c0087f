/**
 * Virtual RCUs that speak docs/rcu-protocol.md: one (`createRcu`) or a fleet (`runFleet`), for the
 * `npm run sim` command, the server's demo (SIMULATE=1), tests and benchmarks.
 */
export { PROTOCOL_VERSION } from '@roompilot/contract';
export { roomsFromCsv, roomsFromCsvFile, roomsFromServer, type ServerCredentials } from './credentials.js';
export { type Fleet, type FleetOptions, type FleetRoom, runFleet } from './fleet.js';
export {
  advance,
  applyDevices,
  DEFAULT_DEVICE_KEYS,
  newRoom,
  outsideTemperature,
  powerDraw,
  type RoomModel,
  sceneDevices,
} from './model.js';
export { createRcu, DEFAULT_RATES, type Rates, type RcuOptions, type RcuStats, type VirtualRcu } from './rcu.js';
