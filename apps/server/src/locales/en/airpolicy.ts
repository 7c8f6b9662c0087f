import type { AirPolicyMessages } from '../types.js';

export default {
  'airpolicy.badDate': '{field}: {value} is not a day of the year',
  'airpolicy.seasonsOverlap': 'The cooling and heating seasons share days',
  'airpolicy.setpointOrder': '{season}, {rent}: the setpoints must be lowest ≤ default ≤ highest',
  'airpolicy.clamped.set':
    '{device}: setpoint {asked} °C is outside the energy policy ({min}–{max} °C); {applied} °C was sent',
  'airpolicy.clamped.mode': '{device}: the energy policy does not allow {asked} mode; {applied} was sent',
  'airpolicy.clamped.fan': '{device}: the energy policy does not allow fan speed {asked}; {applied} was sent',
  'airpolicy.mode.cool': 'cool',
  'airpolicy.mode.heat': 'heat',
  'airpolicy.mode.fan': 'fan only',
  'airpolicy.mode.dry': 'dry',
  'airpolicy.mode.auto': 'auto',
  'airpolicy.fan.auto': 'auto',
  'airpolicy.fan.low': 'low',
  'airpolicy.fan.mid': 'medium',
  'airpolicy.fan.high': 'high',
} satisfies AirPolicyMessages;
