/**
 * Virtual RCUs that speak docs/rcu-protocol.md: one (`createRcu`) or a fleet (`runFleet`), for the
 * `npm run sim` command (which `npm start` runs beside the server for the demo hotel), tests and
 * benchmarks.
 */
export { PROTOCOL_VERSION } from '@roompilot/contract';
export {
  hotelIdByName,
  roomsFromCsv,
  roomsFromCsvFile,
  roomsFromServer,
  type ServerCredentials,
  waitForServer,
} from './credentials.js';
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
export {
  createRcu,
  DEFAULT_RATES,
  type Rates,
  type RcuClock,
  type RcuOptions,
  type RcuStats,
  type VirtualRcu,
} from './rcu.js';
export {
  DownloadError,
  download,
  fileProblem,
  parseUpgradeFaults,
  sha256Hex,
  UPGRADE_FAULTS,
  type UpgradeFault,
  type UpgradeFaults,
} from './upgrade.js';
