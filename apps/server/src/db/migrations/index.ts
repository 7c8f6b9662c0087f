import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as rooms from './0002_rooms.js';
import * as live from './0003_live.js';
import * as control from './0004_control.js';
import * as roomList from './0005_room_list.js';
import * as deviceTime from './0006_device_time.js';
import * as lastState from './0007_last_state.js';
import * as loginThrottle from './0008_login_throttle.js';
import * as alertClearing from './0009_alert_clearing.js';
import * as timers from './0010_timers.js';
import * as airPolicy from './0011_air_policy.js';
import * as modes from './0012_modes.js';
import * as power from './0013_power.js';
import * as logRetention from './0014_log_retention.js';
import * as upgrades from './0015_upgrades.js';
import * as guestService from './0018_guest_service.js';
import * as upgradeBatchRate from './0019_upgrade_batch_rate.js';
import * as clusterLeases from './0021_cluster_leases.js';
import * as timerClaims from './0023_timer_claims.js';
import * as people from './0024_people.js';
import * as twoFactor from './0025_two_factor.js';
import * as userNameCase from './0026_user_name_case.js';
import * as upgradeFileVersion from './0027_upgrade_file_version.js';

/** Every migration, in order. A new one is a new numbered file added here. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_rooms': rooms,
  '0003_live': live,
  '0004_control': control,
  '0005_room_list': roomList,
  '0006_device_time': deviceTime,
  '0007_last_state': lastState,
  '0008_login_throttle': loginThrottle,
  '0009_alert_clearing': alertClearing,
  '0010_timers': timers,
  '0011_air_policy': airPolicy,
  '0012_modes': modes,
  '0013_power': power,
  '0014_log_retention': logRetention,
  '0015_upgrades': upgrades,
  '0018_guest_service': guestService,
  '0019_upgrade_batch_rate': upgradeBatchRate,
  '0021_cluster_leases': clusterLeases,
  '0023_timer_claims': timerClaims,
  '0024_people': people,
  '0025_two_factor': twoFactor,
  '0026_user_name_case': userNameCase,
  '0027_upgrade_file_version': upgradeFileVersion,
};
