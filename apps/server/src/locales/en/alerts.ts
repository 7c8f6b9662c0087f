import type { AlertsMessages } from '../types.js';

export default {
  'alerts.sos': 'SOS emergency call{detail}',
  'alerts.fault': 'Device fault{detail}',
  'alerts.door_open_long': 'Door open for more than {minutes} min',
  'alerts.rcu_offline': 'RCU offline for more than {minutes} min',
  'alerts.rcu_offline_now': 'RCU offline',
  'alerts.window_open_ac_on': 'Window open while the air conditioning runs',
  'alerts.rcu_flooding': 'RCU flooding: messages over its budget are dropped (SOS always gets through)',
  'alerts.cleared.door_closed': 'The door was closed',
  'alerts.cleared.rcu_online': 'The RCU is back online',
  'alerts.cleared.window_closed': 'The window was closed',
  'alerts.cleared.ac_off': 'The air conditioning was turned off',
  'alerts.cleared.flood_ended': 'The RCU is within its message budget again',
  'alerts.timeRange': 'The start time must not be after the end time.',
} satisfies AlertsMessages;
