import { type AcLimitNote, type ControlResult, ErrorCode, type Language } from '@roompilot/contract';
import { AppError, notFound } from '../../errors.js';
import { translate } from '../../i18n.js';
import { describeNotes } from '../airpolicy/notes.js';

/** Why a room's RCU did not carry out a command. */
export type DeviceFailure = 'offline' | 'timeout' | 'refused' | 'gateway' | 'no_ac' | 'no_mode';

/**
 * A command the room's RCU did not carry out: known offline (not sent), no ack in time (not
 * retried), an ack with `ok: false`, or no gateway in this process.
 */
export class DeviceCommandError extends Error {
  override name = 'DeviceCommandError';
  constructor(
    readonly failure: DeviceFailure,
    readonly roomNum: string,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(`room ${roomNum}: ${detail}`, options);
  }
}

export class RoomNotFoundError extends Error {
  override name = 'RoomNotFoundError';
  constructor(readonly roomId: number) {
    super(`room ${roomId} does not exist in this hotel`);
  }
}

/** What became of one room of a control call; `failure` is null on success. */
export interface RoomOutcome {
  room_id: number;
  room_num: string;
  failure: DeviceCommandError | null;
  /** What the energy policy changed in the command (air control). */
  notes?: AcLimitNote[];
}

/**
 * A control call's outcome as the operation log keeps it: how many rooms took it, and the rooms
 * that did not, by id (for tools) and by number (what the log says: staff know a room by its number).
 */
export function outcomeSummary(outcomes: readonly RoomOutcome[]) {
  const failed = outcomes.filter((outcome) => outcome.failure);
  return {
    ok: outcomes.length - failed.length,
    failed: failed.map((outcome) => outcome.room_id),
    failed_room_nums: failed.map((outcome) => outcome.room_num),
  };
}

const FAILURE_MESSAGES = {
  offline: 'live.deviceOffline',
  timeout: 'live.deviceTimeout',
  refused: 'live.deviceRefused',
  gateway: 'live.gatewayDown',
  no_ac: 'live.noAirConditioner',
  no_mode: 'modes.noSuchMode',
} as const;

function paramsOfFailure(error: DeviceCommandError, timeoutMs: number) {
  return { room: error.roomNum, seconds: timeoutMs / 1000, reason: error.detail };
}

/** A device failure as the operator reads it (4408, the message says which); other errors as they are. */
export function explained(error: unknown, timeoutMs: number): unknown {
  if (error instanceof RoomNotFoundError) return notFound('live.roomNotFound');
  if (!(error instanceof DeviceCommandError)) return error;
  return new AppError(ErrorCode.device, FAILURE_MESSAGES[error.failure], paramsOfFailure(error, timeoutMs));
}

/** Per-room results of a control call, each failure in the caller's language; null: a room is not the hotel's. */
export function resultsOf(outcomes: RoomOutcome[] | null, language: Language, timeoutMs: number): ControlResult[] {
  if (!outcomes) throw notFound('live.roomNotFound');
  return outcomes.map(({ room_id, room_num, failure, notes }) => ({
    room_id,
    room_num,
    ok: failure === null,
    error: failure && translate(language, FAILURE_MESSAGES[failure.failure], paramsOfFailure(failure, timeoutMs)),
    ...(notes && notes.length > 0 && { policy_note: describeNotes(language, notes) }),
  }));
}
