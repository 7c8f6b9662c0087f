import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget, Id } from './envelope.js';

/**
 * Two-factor sign-in: a time-based one-time code (TOTP, RFC 6238: HMAC-SHA-1, 6 digits, 30 s,
 * one step either side for clocks that drift) from an authenticator app, and 10 one-time recovery
 * codes for a lost phone. A user turns it on from the user menu; the Administrator can require it
 * for a hotel's users (`two_factor_required` of the hotel), who then set it up at their next login
 * before they get a session. The login's second step is in auth.ts (`/login/totp`).
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of this many steps before and after the server's clock are taken too. */
export const TOTP_WINDOW_STEPS = 1;
/** The name authenticator apps show beside the user name. */
export const TOTP_ISSUER = 'RoomPilot';
/** Recovery codes made at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** At or below this many recovery codes left, the console suggests making new ones. */
export const RECOVERY_CODES_LOW = 3;
/** How long the login's second step (a code, or setting it up) may take after the password. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 10 * 60_000;

/** A code from the app: 6 digits. */
export const TotpCode = Type.String({ pattern: '^[0-9]{6}$', minLength: 6, maxLength: 6 });
/**
 * What the login's second step and the proofs take: 6 digits, or a recovery code
 * (`xxxxx-xxxxx`; spaces, dashes and case do not matter).
 */
export const TwoFactorCode = Type.String({ minLength: 6, maxLength: 32 });
/** The login's short-lived challenge: not a session, good only for the second step. */
export const Challenge = Type.String({ minLength: 16, maxLength: 64 });

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  /** The user's hotel requires it: it cannot be turned off, only reset by an administrator. */
  required: Type.Boolean(),
  enabled_at: Type.Union([Type.String(), Type.Null()]),
  /** Recovery codes not used yet. */
  recovery_codes_left: Type.Integer(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

/** A new secret to scan (the QR code shows `otpauth_url`) or type in (`secret`, base32). */
export const TwoFactorSetup = Type.Object({
  secret: Type.String(),
  otpauth_url: Type.String(),
  /** The account name the app shows. */
  account: Type.String(),
  issuer: Type.String(),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

export const RecoveryCodes = Type.Object({ recovery_codes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

export const TwoFactorEnableBody = Type.Object({ code: TotpCode }, { additionalProperties: false });
export type TwoFactorEnableBody = Static<typeof TwoFactorEnableBody>;

/** Proves it is the user: a current code (or a recovery code), or the password. */
export const TwoFactorProofBody = Type.Object(
  {
    code: Type.Optional(TwoFactorCode),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { additionalProperties: false },
);
export type TwoFactorProofBody = Static<typeof TwoFactorProofBody>;

/** A user who lost its phone: its two-factor sign-in is removed; its next login sets it up again if required. */
export const TwoFactorResetBody = Type.Object({ id: Id, ...HotelTarget }, { additionalProperties: false });
export type TwoFactorResetBody = Static<typeof TwoFactorResetBody>;

export const twoFactorCalls = defineCalls('twoFactor', {
  status: {
    method: 'POST',
    path: '/two_factor/status',
    access: 'session',
    write: false,
    hotelScoped: false,
    summary: "The caller's two-factor sign-in: on or off, required by its hotel, recovery codes left",
    response: TwoFactorStatus,
  },
  setup: {
    method: 'POST',
    path: '/two_factor/setup',
    access: 'session',
    write: true,
    hotelScoped: false,
    summary: 'Start turning two-factor sign-in on: a new secret to scan',
    description:
      'The secret waits, sealed, until `enable` confirms it with a code from the app (within 10 minutes); calling again makes a new one. 4409 when it is on already.',
    response: TwoFactorSetup,
  },
  enable: {
    method: 'POST',
    path: '/two_factor/enable',
    access: 'session',
    write: true,
    hotelScoped: false,
    summary: 'Turn two-factor sign-in on with a code from the app; answers the 10 recovery codes, once',
    description:
      'A wrong code is 4400 and counts as a failed login (the login throttle, 4429). The recovery codes are stored hashed: this is the only time they are shown.',
    body: TwoFactorEnableBody,
    response: RecoveryCodes,
  },
  disable: {
    method: 'POST',
    path: '/two_factor/disable',
    access: 'session',
    write: true,
    hotelScoped: false,
    summary: 'Turn two-factor sign-in off, with a current code (or recovery code) or the password',
    description:
      "4409 when the user's hotel requires it (an administrator may reset it instead). A wrong proof counts as a failed login.",
    body: TwoFactorProofBody,
    response: Type.Null(),
  },
  regenerateRecovery: {
    method: 'POST',
    path: '/two_factor/recovery_codes',
    access: 'session',
    write: true,
    hotelScoped: false,
    summary: 'New recovery codes, with a current code or the password; the old ones stop working',
    body: TwoFactorProofBody,
    response: RecoveryCodes,
  },
  reset: {
    method: 'POST',
    path: '/sys_user/two_factor/reset',
    access: 'pm_user',
    write: true,
    hotelScoped: 'optional',
    summary: "Reset a user's two-factor sign-in (a lost phone)",
    description:
      "The Administrator resets any user's; a holder of pm_user the users of its own hotel (another hotel's user is 4404). Its secret, recovery codes and login steps under way go; if its hotel requires two-factor sign-in, its next login sets it up again. 4409 when the user has none.",
    body: TwoFactorResetBody,
    response: Type.Null(),
  },
});
