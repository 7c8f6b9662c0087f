// Temporary: screenshots of a few screens at 1440 and 390 px for a before/after comparison.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CALLS } from '@roompilot/contract';
import { api, startBuiltServer } from './lib/built-server.mjs';
import { sleep } from './lib/harness.mjs';
import { connect } from './lib/mqtt-raw.mjs';
const require = createRequire(import.meta.url);
const { chromium } = require(require.resolve('playwright-core', { paths: [join(import.meta.dirname, '..', 'e2e')] }));
const out = process.argv[2];
const ADMIN_PASSWORD = 'Bench#admin1';
const MANAGER = { user_name: 'benchmanager', password: 'bench-pass1' };
const server = await startBuiltServer({ name: 'shots', env: { ADMIN_PASSWORD, DEMO: '0' } });
const clients = [];
let browser;
try {
  const admin = (await api(server.url, CALLS.auth.calls.login, { user_name: 'Administrator', password: ADMIN_PASSWORD })).token;
  await api(server.url, CALLS.hotels.calls.add, { hotel_name: 'Bench Hotel', validdate: null, manager: MANAGER }, admin);
  const token = (await api(server.url, CALLS.auth.calls.login, MANAGER)).token;
  const building = await api(server.url, CALLS.buildings.calls.add, { name: 'Tower', floor_from: 1, floor_to: 3 }, token);
  const devices = [
    { key: 'L1', kind: 'light', name: 'Light 1' },
    { key: 'AC1', kind: 'ac', name: 'Air conditioner' },
  ];
  const types = [];
  for (const name of ['Standard', 'Twin', 'Deluxe']) types.push(await api(server.url, CALLS.roomTypes.calls.add, { name, devices }, token));
  await api(server.url, CALLS.rooms.calls.bulkAdd, { building_id: building.id, floors: [1, 3], rooms: [1, 12], room_type_id: types[0].id, pattern: 'T{floor:2}{room:2}' }, token);
  const rooms = (await api(server.url, CALLS.rooms.calls.list, { current: 1, size: 500 }, token)).records;
  const RENTS = ['empty', 'for_sale', 'sold', 'checked_in', 'checkout'];
  for (const [index, room] of rooms.slice(0, 20).entries()) {
    const client = await connect({ port: server.mqttPort, clientId: room.rcu_id, username: room.rcu_id, password: room.device_key });
    client.publish(`rcu/${room.rcu_id}/up/status`, '{"online":true}', { qos: 1, retain: true });
    client.publish(`rcu/${room.rcu_id}/up/state`, JSON.stringify({ ts: Date.now(), rent: RENTS[index % 5], card: index % 3 === 0, occupied: index % 3 === 0, devices: { AC1: { on: index % 2 === 0, mode: 'cool', set: 24, temp: 25.5, fan: 'auto' } } }));
    clients.push(client);
  }
  await sleep(1500);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const shots = [
    ['manager', 'dashboard', '/', '.rp-tile'],
    ['manager', 'overview', '/?mode=overview', '.rp-tile'],
    ['manager', 'rooms', '/roomsystem/room', '.ant-table-row'],
    ['manager', 'roomtypes', '/roomsystem/roomtype', '.ant-table-row'],
    ['admin', 'hotels', '/system/hotel', '.ant-table-row'],
  ];
  for (const lang of (process.env.SHOT_LANGS ?? 'en').split(',')) {
    for (const width of [1440, 390]) {
      for (const [who, name, path, selector] of shots) {
        const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
        await context.addCookies([
          { name: 'Admin-Token', value: who === 'admin' ? admin : token, url: server.url },
          { name: 'language', value: lang, url: server.url },
        ]);
        const page = await context.newPage();
        await page.goto(server.url + path);
        await page.locator(selector).first().waitFor({ timeout: 20000 });
        await sleep(1200);
        await page.addStyleTag({ content: '*{caret-color:transparent!important}' });
        await page.screenshot({ path: join(out, `${name}-${width}-${lang}.png`) });
        await context.close();
      }
    }
  }
} finally {
  await browser?.close();
  await Promise.all(clients.map((c) => c.end()));
  await server.stop();
}
process.exit(0);
