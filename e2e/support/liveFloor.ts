import { type Fleet, roomsFromServer, runFleet } from '@roompilot/rcu-sim';
import type { RunningServer } from './server.js';

/**
 * The demo hotel's second floor live, in every state a screen has to show, the same on every run:
 * the RCUs answer commands but live no life of their own. Room 02NN takes the NN-th of the rent
 * states in turn; some have a card in, a guest, do-not-disturb, make-up-room, an open door; 0210
 * and 0220 stay offline. No SOS: its popup would cover the screens.
 */
export async function liveFloor(server: RunningServer): Promise<Fleet> {
  const token = await server.login('manager', 'manager123');
  const info = await server.api<{ hotel_id: number }>('/userinfo', {}, token);
  const credentials = await roomsFromServer({
    server: server.url,
    user: 'manager',
    password: 'manager123',
    hotelId: info.data.hotel_id,
  });
  const rooms = credentials.filter((room) => /x02(0[1-9]|1[1-9])$/.test(room.rcu_id));
  const fleet = await runFleet({ url: server.mqttUrl, rooms, behave: false });
  const rents = ['empty', 'for_sale', 'sold', 'checked_in', 'checkout'] as const;
  fleet.rcus.forEach((rcu, index) => {
    const checkedIn = rents[index % rents.length] === 'checked_in';
    rcu.setFlags({
      rent: rents[index % rents.length],
      card: checkedIn,
      occupied: checkedIn,
      dnd: index % 7 === 3,
      mur: index % 6 === 1,
      door: index === 4,
    });
  });
  return fleet;
}
