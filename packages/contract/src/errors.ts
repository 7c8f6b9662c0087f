/** Answer codes of every API call (ARCHITECTURE.md "API conventions"). 0 is success. */
export const ErrorCode = {
  ok: 0,
  invalid: 4400,
  unauthenticated: 4401,
  sessionEnded: 4433,
  forbidden: 4403,
  notFound: 4404,
  conflict: 4409,
  /** The room's RCU did not carry out a command: offline, no ack within 10 s, or it refused. */
  device: 4408,
  hotelExpired: 4410,
  tooLarge: 4413,
  tooManyRequests: 4429,
  internal: 5000,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes after which the console asks the user to log in again (SPEC.md section 8). */
export const LOGOUT_CODES: readonly number[] = [ErrorCode.unauthenticated, ErrorCode.sessionEnded];

const HTTP_STATUS: Record<number, number> = {
  [ErrorCode.ok]: 200,
  [ErrorCode.invalid]: 400,
  [ErrorCode.unauthenticated]: 401,
  [ErrorCode.sessionEnded]: 401,
  [ErrorCode.forbidden]: 403,
  [ErrorCode.notFound]: 404,
  [ErrorCode.conflict]: 409,
  [ErrorCode.device]: 504,
  [ErrorCode.hotelExpired]: 403,
  [ErrorCode.tooLarge]: 413,
  [ErrorCode.tooManyRequests]: 429,
  [ErrorCode.internal]: 500,
};

/** The HTTP status that goes with an answer code: the class of the error. */
export function httpStatusFor(code: number): number {
  return HTTP_STATUS[code] ?? 500;
}
