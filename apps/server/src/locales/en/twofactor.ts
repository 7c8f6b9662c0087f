import type { TwoFactorMessages } from '../types.js';

export default {
  'twofactor.wrongCode': 'Wrong verification code, please try again',
  'twofactor.codeUsed': 'This code was already used; wait for the next one',
  'twofactor.recoveryCodeUsed': 'This recovery code was already used; use another one',
  'twofactor.wrongPassword': 'Wrong password, please try again',
  'twofactor.proofRequired': 'Enter either a verification code or your password',
  'twofactor.challengeExpired': 'This sign-in step has expired; enter your user name and password again',
  'twofactor.wrongStep': 'This sign-in step does not apply; please sign in again',
  'twofactor.alreadyOn': 'Two-factor sign-in is already on',
  'twofactor.notOn': 'Two-factor sign-in is not on',
  'twofactor.noSetup': 'The secret has expired or was never fetched; start the setup again',
  'twofactor.requiredByHotel':
    'Your hotel requires two-factor sign-in, so it cannot be turned off; if you lost your phone, ask an administrator to reset it',
  'twofactor.userNotFound': 'User not found',
  'twofactor.resetNotOn': 'This user has not turned on two-factor sign-in: nothing to reset',
} satisfies TwoFactorMessages;
