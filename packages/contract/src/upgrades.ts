import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget, Id, PageQuery, PageSchema } from './envelope.js';
import type { PermissionKey } from './permissions.js';
import { UPGRADE_KINDS, type UpgradeKind } from './protocol.js';
import { ROOMS_BULK_MAX } from './rooms.js';

/**
 * Upgrades (API.md "Upgrades", issue 13): files of four kinds sent to the RCUs of chosen rooms by
 * jobs rolled out in batches. A `bin` (firmware), `config` or `ir` file is fetched by the RCU
 * from a signed link (`upgrade` command, PROTOCOL.md); a `param` file is a JSON object of known
 * RCU parameters that the job writes with `set_params` (no download).
 */

/** Each kind of file is its own permission key (SPEC.md section 6). */
export const UPGRADE_KIND_KEYS: Readonly<Record<UpgradeKind, PermissionKey>> = {
  param: 'pm_upgradepara',
  config: 'pm_upgradeconfigfile',
  bin: 'pm_upgradebinfile',
  ir: 'pm_infrared',
};
/** The access of the upgrade calls: any of the kinds' keys; the server checks the kind's own. */
export const UPGRADE_KEYS = ['pm_upgradepara', 'pm_upgradeconfigfile', 'pm_upgradebinfile', 'pm_infrared'] as const;

/** The size limit of an upload when the server's operator sets none (UPGRADE_FILE_MAX_BYTES). */
export const UPGRADE_FILE_MAX_BYTES_DEFAULT = 16 * 1024 * 1024;
export const UPGRADE_VERSION_PATTERN = '^[A-Za-z0-9._+-]{1,64}$';
export const UPGRADE_NOTES_MAX = 500;

/** Room states of a job: the protocol's, and the two the server gives a room that never started. */
export const UPGRADE_ROOM_STATES = ['waiting', 'in_progress', 'finished', 'failed', 'skipped', 'cancelled'] as const;
export type UpgradeRoomState = (typeof UPGRADE_ROOM_STATES)[number];
/** A job runs, is paused (by hand or by its failure rate), finished (every room ended), or cancelled. */
export const UPGRADE_JOB_STATES = ['running', 'paused', 'finished', 'cancelled'] as const;
export type UpgradeJobState = (typeof UPGRADE_JOB_STATES)[number];
export const UPGRADE_PAUSE_REASONS = ['manual', 'failure_rate'] as const;
export type UpgradePauseReason = (typeof UPGRADE_PAUSE_REASONS)[number];

/**
 * Why the server ended a room (`error`); a device's own words (`checksum mismatch`, …) are kept
 * as it sent them, at most 200 characters.
 */
export const UPGRADE_REASONS = ['timeout', 'offline', 'checked_in', 'cancelled', 'refused', 'no_answer'] as const;
export type UpgradeReason = (typeof UPGRADE_REASONS)[number];

const Version = Type.String({ pattern: UPGRADE_VERSION_PATTERN });
const Notes = Type.String({ maxLength: UPGRADE_NOTES_MAX });
/** `HH:MM`, the server's time zone. */
const ClockTime = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });
const NullableString = Type.Unsafe<string | null>({ type: 'string', nullable: true });

export const UpgradeFile = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum([...UPGRADE_KINDS]),
  version: Type.String(),
  notes: Type.String(),
  size: Type.Integer(),
  /** Lower-case hex, computed by the server. */
  sha256: Type.String(),
  created_at: Type.String(),
  created_by: Type.String(),
  /** Jobs that use it and have not ended (it cannot be deleted while > 0). */
  active_jobs: Type.Integer(),
});
export type UpgradeFile = Static<typeof UpgradeFile>;

/** A parameter file's content: known RCU parameters (params.ts) within their ranges. */
export const UpgradeParams = Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Type.Unknown(), {
  maxProperties: 256,
});

export const UpgradeParamAddBody = Type.Object(
  { version: Version, notes: Type.Optional(Notes), params: UpgradeParams, ...HotelTarget },
  { additionalProperties: false },
);
export type UpgradeParamAddBody = Static<typeof UpgradeParamAddBody>;

export const UpgradeFileListBody = Type.Object(
  { ...PageQuery, kind: Type.Optional(Type.Enum([...UPGRADE_KINDS])), ...HotelTarget },
  { additionalProperties: false },
);
export type UpgradeFileListBody = Static<typeof UpgradeFileListBody>;

export const UpgradeIdBody = Type.Object({ id: Id, ...HotelTarget }, { additionalProperties: false });
export type UpgradeIdBody = Static<typeof UpgradeIdBody>;

/** A parameter file's parameters (`upgradefileparams`). */
export const UpgradeFileParams = Type.Object({ id: Type.Integer(), version: Type.String(), params: UpgradeParams });
export type UpgradeFileParams = Static<typeof UpgradeFileParams>;

/** How a job rolls out; every setting optional, with the defaults of UPGRADE_JOB_DEFAULTS. */
export const UpgradeJobSettings = {
  /** Rooms started together after the canary. */
  batch_size: Type.Integer({ minimum: 1, maximum: 1_000 }),
  /** Seconds between the end of a batch and the start of the next. */
  batch_pause_s: Type.Integer({ minimum: 0, maximum: 86_400 }),
  /** A first batch of this many rooms before the rest (0: none). */
  canary: Type.Integer({ minimum: 0, maximum: 1_000 }),
  /** Above this share of failed rooms (percent of the rooms ended) the job pauses itself; 100: never. */
  max_failure_pct: Type.Integer({ minimum: 0, maximum: 100 }),
  /** New rooms start only between these times (server time zone); both or neither; may span midnight. */
  window_from: Type.Union([ClockTime, Type.Null()]),
  window_to: Type.Union([ClockTime, Type.Null()]),
  /** A room that has not finished this many seconds after it started fails with `timeout`. */
  room_timeout_s: Type.Integer({ minimum: 10, maximum: 86_400 }),
  /** Downloads of the job at once (per server instance); a device past it is answered 4429 and retries. */
  max_downloads: Type.Integer({ minimum: 1, maximum: 1_000 }),
  /** Include rooms with guests checked in (else they are skipped with `checked_in`). */
  force: Type.Boolean(),
};
export const UpgradeJobSettingsSchema = Type.Object(UpgradeJobSettings);
export type UpgradeJobSettings = Static<typeof UpgradeJobSettingsSchema>;
export const UPGRADE_JOB_DEFAULTS = {
  batch_size: 10,
  batch_pause_s: 0,
  canary: 0,
  max_failure_pct: 100,
  window_from: null,
  window_to: null,
  room_timeout_s: 900,
  max_downloads: 20,
  force: false,
} as const satisfies UpgradeJobSettings;

export const UpgradeJobAddBody = Type.Object(
  {
    file_id: Id,
    room_ids: Type.Array(Id, { minItems: 1, maxItems: ROOMS_BULK_MAX, uniqueItems: true }),
    batch_size: Type.Optional(UpgradeJobSettings.batch_size),
    batch_pause_s: Type.Optional(UpgradeJobSettings.batch_pause_s),
    canary: Type.Optional(UpgradeJobSettings.canary),
    max_failure_pct: Type.Optional(UpgradeJobSettings.max_failure_pct),
    window_from: Type.Optional(UpgradeJobSettings.window_from),
    window_to: Type.Optional(UpgradeJobSettings.window_to),
    room_timeout_s: Type.Optional(UpgradeJobSettings.room_timeout_s),
    max_downloads: Type.Optional(UpgradeJobSettings.max_downloads),
    force: Type.Optional(UpgradeJobSettings.force),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type UpgradeJobAddBody = Static<typeof UpgradeJobAddBody>;

export const UpgradeJobListBody = Type.Object(
  {
    ...PageQuery,
    kind: Type.Optional(Type.Enum([...UPGRADE_KINDS])),
    state: Type.Optional(Type.Enum([...UPGRADE_JOB_STATES])),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type UpgradeJobListBody = Static<typeof UpgradeJobListBody>;

/** How many rooms of a job are in each state. */
export const UpgradeCounts = Type.Object({
  waiting: Type.Integer(),
  in_progress: Type.Integer(),
  finished: Type.Integer(),
  failed: Type.Integer(),
  skipped: Type.Integer(),
  cancelled: Type.Integer(),
});
export type UpgradeCounts = Static<typeof UpgradeCounts>;

export const UpgradeJob = Type.Object({
  id: Type.Integer(),
  state: Type.Enum([...UPGRADE_JOB_STATES]),
  /** Why a paused job is paused; null otherwise. */
  pause_reason: Type.Union([Type.Enum([...UPGRADE_PAUSE_REASONS]), Type.Null()]),
  file: Type.Object({
    id: Type.Integer(),
    kind: Type.Enum([...UPGRADE_KINDS]),
    version: Type.String(),
    size: Type.Integer(),
    sha256: Type.String(),
  }),
  settings: UpgradeJobSettingsSchema,
  counts: UpgradeCounts,
  created_at: Type.String(),
  created_by: Type.String(),
  ended_at: NullableString,
});
export type UpgradeJob = Static<typeof UpgradeJob>;

export const UpgradeJobRoom = Type.Object({
  room_id: Type.Integer(),
  room_num: Type.String(),
  state: Type.Enum([...UPGRADE_ROOM_STATES]),
  progress: Type.Integer(),
  /** A reason of UPGRADE_REASONS, `refused: …`, or the device's words; null unless failed, skipped or cancelled. */
  error: NullableString,
  /** The batch it started in (0: the canary or first batch); null until it starts. */
  batch: Type.Union([Type.Integer(), Type.Null()]),
  started_at: NullableString,
  ended_at: NullableString,
});
export type UpgradeJobRoom = Static<typeof UpgradeJobRoom>;

export const UpgradeJobDetail = Type.Object({ ...UpgradeJob.properties, rooms: Type.Array(UpgradeJobRoom) });
export type UpgradeJobDetail = Static<typeof UpgradeJobDetail>;

/** `GET /apis/upgradedownload`: the signed link of one job and room (UPGRADE_LINK_FIELDS). */
export const UpgradeDownloadQuery = Type.Object(
  {
    job: Type.String({ pattern: '^[0-9]{1,10}$' }),
    room: Type.String({ pattern: '^[0-9]{1,10}$' }),
    exp: Type.String({ pattern: '^[0-9]{1,16}$' }),
    sig: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
  },
  { additionalProperties: false },
);
export type UpgradeDownloadQuery = Static<typeof UpgradeDownloadQuery>;

/** Live push (`GET /apis/live`): a room of a job changed. */
export interface UpgradeRoomMessage {
  type: 'upgrade';
  data: {
    job_id: number;
    room_id: number;
    room_num: string;
    state: UpgradeRoomState;
    progress: number;
    error: string | null;
  };
}
/** Live push: a job's state or counts changed. */
export interface UpgradeJobMessage {
  type: 'upgrade_job';
  data: { job_id: number; state: UpgradeJobState; pause_reason: UpgradePauseReason | null; counts: UpgradeCounts };
}
export type UpgradeMessage = UpgradeRoomMessage | UpgradeJobMessage;

/** What the server's operator set for uploads (UPGRADE_FILE_MAX_BYTES): the screens say it before a file is chosen. */
export const UpgradeLimits = Type.Object({ file_max_bytes: Type.Integer() });
export type UpgradeLimits = Static<typeof UpgradeLimits>;

const JOB_CALL = { write: true, hotelScoped: true, access: UPGRADE_KEYS, body: UpgradeIdBody } as const;

/** Files and jobs (the kind's key: pm_upgradepara, pm_upgradeconfigfile, pm_upgradebinfile, pm_infrared). */
export const upgradeCalls = defineCalls('upgrades', {
  fileAdd: {
    method: 'POST',
    path: '/upgradefileadd',
    access: UPGRADE_KEYS,
    write: true,
    hotelScoped: true,
    takes: 'multipart',
    summary: 'Upload a file: multipart `kind`, `version`, `notes?`, `file` (and the Administrator’s `hotel_id`)',
    description:
      'The caller needs the kind’s key (param: pm_upgradepara, config: pm_upgradeconfigfile, bin: pm_upgradebinfile, ir: pm_infrared), else 4403. Past the size limit (UPGRADE_FILE_MAX_BYTES, 16 MiB by default) 4413. A `param` file is a JSON object of known RCU parameters within their ranges; the others any non-empty bytes. The server computes size and SHA-256.',
    response: UpgradeFile,
  },
  limits: {
    method: 'GET',
    path: '/upgradelimits',
    access: UPGRADE_KEYS,
    write: false,
    hotelScoped: false,
    summary: 'The size limit of an upload on this server (UPGRADE_FILE_MAX_BYTES)',
    response: UpgradeLimits,
  },
  paramAdd: {
    method: 'POST',
    path: '/upgradeparamadd',
    access: 'pm_upgradepara',
    write: true,
    hotelScoped: true,
    summary: 'Make a parameter file from a form: `{version, notes?, params}`',
    description: 'The parameters are checked as an uploaded `param` file is; the file is their JSON.',
    body: UpgradeParamAddBody,
    response: UpgradeFile,
  },
  fileList: {
    method: 'POST',
    path: '/upgradefilelist',
    access: UPGRADE_KEYS,
    write: false,
    hotelScoped: true,
    summary: "A page of the hotel's files, newest first (of the kinds whose key the caller holds)",
    body: UpgradeFileListBody,
    response: PageSchema(UpgradeFile),
  },
  fileParams: {
    method: 'POST',
    path: '/upgradefileparams',
    access: 'pm_upgradepara',
    write: false,
    hotelScoped: true,
    summary: "A parameter file's parameters (to edit them into a new file)",
    body: UpgradeIdBody,
    response: UpgradeFileParams,
  },
  fileRemove: {
    method: 'POST',
    path: '/upgradefiledel',
    summary: 'Delete a file; 4409 while a job that has not ended uses it',
    ...JOB_CALL,
    response: Type.Null(),
  },
  jobAdd: {
    method: 'POST',
    path: '/upgradejobadd',
    access: UPGRADE_KEYS,
    write: true,
    hotelScoped: true,
    summary: 'Start a job: a file to rooms of the hotel, in batches',
    description:
      'Every room must be the hotel’s (else 4404); a room in a job that has not ended is 4409. Settings default as UPGRADE_JOB_DEFAULTS; `window_from` and `window_to` go together.',
    body: UpgradeJobAddBody,
    response: Type.Object({ id: Type.Integer(), state: Type.Enum([...UPGRADE_JOB_STATES]) }),
  },
  jobList: {
    method: 'POST',
    path: '/upgradejoblist',
    access: UPGRADE_KEYS,
    write: false,
    hotelScoped: true,
    summary: "A page of the hotel's jobs, newest first, with their rooms counted by state",
    body: UpgradeJobListBody,
    response: PageSchema(UpgradeJob),
  },
  jobDetail: {
    method: 'POST',
    path: '/upgradejobdetail',
    access: UPGRADE_KEYS,
    write: false,
    hotelScoped: true,
    summary: 'A job with its file, settings and every room',
    body: UpgradeIdBody,
    response: UpgradeJobDetail,
  },
  jobRetry: {
    method: 'POST',
    path: '/upgradejobretry',
    summary: 'Failed and skipped rooms back to waiting; the job runs again',
    ...JOB_CALL,
    response: UpgradeJobDetail,
  },
  jobCancel: {
    method: 'POST',
    path: '/upgradejobcancel',
    summary: 'Cancel a job: rooms not started end `cancelled`; rooms downloading finish or time out',
    ...JOB_CALL,
    response: UpgradeJobDetail,
  },
  jobPause: {
    method: 'POST',
    path: '/upgradejobpause',
    summary: 'Pause a running job: no new room starts',
    ...JOB_CALL,
    response: UpgradeJobDetail,
  },
  jobResume: {
    method: 'POST',
    path: '/upgradejobresume',
    summary: 'Resume a paused job',
    ...JOB_CALL,
    response: UpgradeJobDetail,
  },
  download: {
    method: 'GET',
    path: '/upgradedownload',
    access: 'public',
    write: false,
    hotelScoped: false,
    summary: 'An RCU fetches its file: the signed link of the `upgrade` command (no bearer token)',
    description:
      'Valid for one job and room until the job ends or the link expires; a tampered or expired link 4403, a job or room that ended 4404 (JSON, no file). HTTP Range: 206 with Content-Range, 416 for a range outside the file. Past the job’s `max_downloads` 4429 (HTTP 429, Retry-After).',
    query: UpgradeDownloadQuery,
    answers: 'stream',
  },
});
