#!/usr/bin/env node
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_HOTEL_NAME, DEMO_HOTEL_NAMES } from '@roompilot/contract';
import { guestInfoOf, hotelIdByName, roomsFromCsvFile, roomsFromServer, waitForServer } from './credentials.js';
import { runFleet } from './fleet.js';
import { parseUpgradeFaults } from './upgrade.js';

const USAGE = `RoomPilot RCU simulator: one virtual RCU per room, speaking docs/rcu-protocol.md.

  npm run sim -- --hotel <id> [--rooms N] [--url mqtt://localhost:1883]
                 [--server http://localhost:8080 --user Administrator --password …]
  npm run sim -- --demo [--wait 60] [--password-file data/initial-admin-password]
  npm run sim -- --keys rooms.csv [--rooms N] [--url …]
  npm run sim -- --demo --guestinfo <rcu_id>   (or --hotel, --keys: where the room's key comes from)

  --hotel ID        the hotel whose rooms to simulate (credentials from --server)
  --hotel-name NAME the hotel of this name instead (the Administrator looks it up)
  --demo            the demo hotel ("${DEMO_HOTEL_NAME}" or its name in the language the server
                    seeded it in); none on the server: nothing to do
  --server URL      the RoomPilot server (default http://localhost:8080)
  --wait SECONDS    wait that long for the server to answer first (default 0: it must be up)
  --user NAME       a user holding pm_roomdetail (default Administrator; password from --password,
                    ROOMPILOT_PASSWORD or the first line of --password-file)
  --password-file F a file holding the password, read once the server answers (the first start
                    writes the Administrator's to <data folder>/initial-admin-password)
  --keys FILE       the console's device-key export instead: a CSV with rcu_id and device_key columns
  --rooms N         simulate only the first N rooms
  --url URL         the MQTT broker (default mqtt://localhost:1883)
  --speed X         how many times as fast as real time the guests live (default 60: an hour of
                    check-ins and -outs, cards, doors, DND/MUR, SOS and drops each minute). The
                    RCUs' time stamps, the hour of day (this machine's local time: set TZ for a
                    hotel elsewhere), the rooms' temperatures and energy meters keep the real time,
                    as real RCUs do
  --clock KIND      real (the default) or simulated: a clock that runs --speed times as fast, for
                    the stamps, the hour of day, the temperatures and the meters too (days of
                    history in minutes); the server believes stamps at most a day ahead of its time
  --start TIME      the simulated clock's time at the start (ISO 8601; default now)
  --sos-rate R      SOS calls per room per simulated hour (default 0.0005)
  --drop-rate R     dropped connections per room per simulated hour (default 0.0005)
  --fail-rate R     share of commands answered with a failure, 0..1 (default 0)
  --upgrade-fail R,KIND  share of upgrades (0..1) failing as KIND: checksum (the check fails),
                    timeout (never answers), reboot (drops halfway, back on the old version),
                    drop (the download breaks halfway and resumes with Range)
  --guestinfo RCU   print what that room's TV reads (GET /apis/guestinfo, with its key) and stop
  --quiet           no periodic summary
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      hotel: { type: 'string' },
      'hotel-name': { type: 'string' },
      demo: { type: 'boolean', default: false },
      wait: { type: 'string', default: '0' },
      'password-file': { type: 'string' },
      server: { type: 'string', default: 'http://localhost:8080' },
      user: { type: 'string', default: 'Administrator' },
      password: { type: 'string' },
      keys: { type: 'string' },
      rooms: { type: 'string' },
      url: { type: 'string', default: 'mqtt://localhost:1883' },
      speed: { type: 'string', default: '60' },
      clock: { type: 'string', default: 'real' },
      start: { type: 'string' },
      'sos-rate': { type: 'string' },
      'drop-rate': { type: 'string' },
      'fail-rate': { type: 'string' },
      'upgrade-fail': { type: 'string' },
      guestinfo: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || (!values.hotel && !values['hotel-name'] && !values.demo && !values.keys)) {
    process.stdout.write(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const number = (name: string, value: string | undefined, min: number, max = Number.POSITIVE_INFINITY) => {
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < min || parsed > max)
      throw new Error(`--${name} must be a number in ${min}..${max}`);
    return parsed;
  };

  if (values.clock !== 'real' && values.clock !== 'simulated') throw new Error('--clock must be real or simulated');
  const start = values.start === undefined ? undefined : new Date(values.start);
  if (start && Number.isNaN(start.getTime())) throw new Error('--start must be a time such as 2026-11-26T00:00');
  if (start && values.clock !== 'simulated') throw new Error('--start needs --clock simulated');

  /** The rooms of the hotel named by --hotel, --hotel-name or --demo; null: no such hotel (--demo). */
  const roomsOnServer = async () => {
    const server = values.server;
    const wait = number('wait', values.wait, 0, 3600) ?? 0;
    if (wait > 0) await waitForServer(server, wait * 1000);
    const password =
      values.password ??
      process.env.ROOMPILOT_PASSWORD ??
      (values['password-file'] ? (fs.readFileSync(values['password-file'], 'utf8').split(/\r?\n/)[0] ?? '') : '');
    const credentials = { server, user: values.user, password };
    const hotelNames = values['hotel-name']
      ? [values['hotel-name']]
      : values.demo && !values.hotel
        ? DEMO_HOTEL_NAMES
        : undefined;
    let hotelId = number('hotel', values.hotel, 1);
    if (hotelId === undefined && hotelNames !== undefined) {
      const hotelName = hotelNames.join('" / "');
      const found = await hotelIdByName({ ...credentials, hotelNames });
      if (found === null) {
        if (values.demo) {
          console.log(`no hotel "${hotelName}" on ${server}: no RCUs to simulate`);
          return null;
        }
        throw new Error(`no hotel "${hotelName}" on ${server}`);
      }
      hotelId = found;
    }
    return roomsFromServer({ ...credentials, hotelId: hotelId as number });
  };

  let rooms = values.keys ? roomsFromCsvFile(values.keys) : await roomsOnServer();
  if (rooms === null) return;
  if (values.guestinfo !== undefined) {
    const room = rooms.find((one) => one.rcu_id === values.guestinfo);
    if (!room) throw new Error(`no room with rcu_id ${values.guestinfo}`);
    console.log(JSON.stringify(await guestInfoOf(values.server, room), null, 2));
    return;
  }
  const limit = number('rooms', values.rooms, 1);
  if (limit !== undefined) rooms = rooms.slice(0, limit);
  if (rooms.length === 0) throw new Error('no rooms to simulate');

  const rates = {
    ...(values['sos-rate'] !== undefined && { sos: number('sos-rate', values['sos-rate'], 0) }),
    ...(values['drop-rate'] !== undefined && { drop: number('drop-rate', values['drop-rate'], 0) }),
    ...(values['fail-rate'] !== undefined && { fail: number('fail-rate', values['fail-rate'], 0, 1) }),
  };
  const fleet = await runFleet({
    url: values.url,
    rooms,
    speed: number('speed', values.speed, 0.001, 100_000),
    clock: values.clock,
    ...(start && { start }),
    rates,
    ...(values['upgrade-fail'] !== undefined && { upgradeFaults: parseUpgradeFaults(values['upgrade-fail']) }),
    onError: (rcuId, error) => console.error(`${rcuId}: ${error.message}`),
  });
  console.log(
    `${fleet.rcus.length} RCUs connected to ${values.url} (${fleet.failed.length} failed); Ctrl-C stops them`,
  );

  const summary = values.quiet
    ? null
    : setInterval(() => {
        const total = { published: 0, commands: 0, sosRaised: 0, drops: 0 };
        for (const rcu of fleet.rcus) {
          total.published += rcu.stats.published;
          total.commands += rcu.stats.commands;
          total.sosRaised += rcu.stats.sosRaised;
          total.drops += rcu.stats.drops;
        }
        const online = fleet.rcus.filter((rcu) => rcu.connected).length;
        console.log(
          `online ${online}/${fleet.rcus.length}  published ${total.published}  commands ${total.commands}  SOS ${total.sosRaised}  drops ${total.drops}`,
        );
      }, 10_000);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (summary) clearInterval(summary);
    setTimeout(() => process.exit(0), 5_000).unref();
    await fleet.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
