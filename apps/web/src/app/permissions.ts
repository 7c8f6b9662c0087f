import { access } from 'virtual:call-routes';
import { type CallId, mayCall, type Refusal } from '@roompilot/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from './user';

/** Whether the signed-in user may make a call, and if not, a sentence saying why. */
export interface MayCall {
  allowed: boolean;
  /** Empty when allowed. */
  reason: string;
}

/** Why the server would refuse a call, in the user's language. */
export function refusalText(t: TFunction, refusal: Refusal): string {
  switch (refusal.reason) {
    case 'visitor':
      return t('common.refused.visitor');
    case 'admin':
      return t('common.refused.admin');
    case 'forbidden':
      return t('common.refused.forbidden', { perm: t(`route.${refusal.key}`) });
  }
}

/**
 * Whether the signed-in user may make a call of the table (`rooms.edit`): the server's own rule
 * (the contract's `mayCall`) on the call's access, so the console offers only what the server
 * would allow.
 */
export function useMayCall(call: CallId): MayCall {
  const { guard } = useCurrentUser();
  const { t } = useTranslation();
  const verdict = mayCall(guard, access[call]);
  return verdict.allowed ? { allowed: true, reason: '' } : { allowed: false, reason: refusalText(t, verdict) };
}
