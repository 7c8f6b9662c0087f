import { isStrongPassword, PASSWORD_MAX } from '@roompilot/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * A new password's field rules: required, and the contract's strength rule (the server checks the
 * same one); the field's help text (`common.passwordRule`) says what the rule is.
 */
export function newPasswordRules(t: TFunction, required = t('users.passwordRequired')): FormRule[] {
  return [
    { required: true, message: required },
    { max: PASSWORD_MAX, message: t('common.passwordWeak') },
    {
      validator: (_rule, value: string | undefined) =>
        !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('common.passwordWeak'))),
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
