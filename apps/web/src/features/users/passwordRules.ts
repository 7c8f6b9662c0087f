import { isStrongPassword, PASSWORD_MAX } from '@roompilot/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * A new password's field rules: required, and the contract's strength rule (the server checks the
 * same one); the field's help text (`users.passwordRule`) says what the rule is.
 */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('users.passwordRequired') },
    { max: PASSWORD_MAX, message: t('users.passwordWeak') },
    {
      validator: (_rule, value: string | undefined) =>
        !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('users.passwordWeak'))),
    },
  ];
}

/** The confirmation: required and equal to the field `password`. */
export function confirmRules(t: TFunction, field = 'password'): FormRule[] {
  return [
    { required: true, message: t('users.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) =>
        !value || value === getFieldValue(field)
          ? Promise.resolve()
          : Promise.reject(new Error(t('users.confirmMismatch'))),
    }),
  ];
}
