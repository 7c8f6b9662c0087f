import { VALIDITY_WARN_DAYS } from '@roompilot/contract';

/** How a hotel's service period stands: no end, fine, ending within the warning days, or over. */
export type ValidityState = 'none' | 'ok' | 'soon' | 'expired';

/** From the server's `days_left` (0 on the last day, negative once past, null without an end). */
export function validityState(daysLeft: number | null | undefined): ValidityState {
  if (daysLeft === null || daysLeft === undefined) return 'none';
  if (daysLeft < 0) return 'expired';
  return daysLeft <= VALIDITY_WARN_DAYS ? 'soon' : 'ok';
}

/** The antd Tag colour of each state. */
export const VALIDITY_COLOR: Record<ValidityState, string> = {
  none: 'default',
  ok: 'success',
  soon: 'warning',
  expired: 'error',
};
