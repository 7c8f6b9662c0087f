import { createHash } from 'node:crypto';
import {
  ErrorCode,
  GOODS_PER_HOTEL_MAX,
  type Goods,
  type GoodsAddBody,
  type GoodsListBody,
  type GoodsType,
  type GoodsUpdateBody,
  GUESTINFO_BURST,
  GUESTINFO_INTERVAL_S,
  type GuestDeleteBody,
  type GuestDeleteResult,
  type GuestInfo,
  type Page,
  QUESTIONS_PER_HOTEL_MAX,
  type Question,
  type QuestionAddBody,
  type QuestionListBody,
  type QuestionType,
  type QuestionUpdateBody,
  type Welcome,
  type WelcomeUpdateBody,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import type { Clock } from '../../clock.js';
import type { Database, Db } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique.js';
import type { DeviceKeys } from '../../device-keys.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { authenticateDevice } from '../../gateway/policy.js';
import type { MessageKey } from '../../i18n.js';
import { hotelExpired } from '../auth/service.js';
import { asLogged, recordOperation } from '../oplog/service.js';
import { RateLimiter } from './limiter.js';
import type { GuestFields, GuestRow, GuestTable } from './repository.js';
import * as repository from './repository.js';

/** How one list of guest service differs from the other: its table, limit, words and log actions. */
interface Kind<T extends GuestTable> {
  table: T;
  max: number;
  notFound: MessageKey;
  taken: MessageKey;
  full: MessageKey;
  action: 'goods' | 'question';
}

const GOODS: Kind<'goods'> = {
  table: 'goods',
  max: GOODS_PER_HOTEL_MAX,
  notFound: 'guestservice.goodsNotFound',
  taken: 'guestservice.goodsNameTaken',
  full: 'guestservice.goodsFull',
  action: 'goods',
};
const QUESTIONS: Kind<'questions'> = {
  table: 'questions',
  max: QUESTIONS_PER_HOTEL_MAX,
  notFound: 'guestservice.questionNotFound',
  taken: 'guestservice.questionTaken',
  full: 'guestservice.questionsFull',
  action: 'question',
};

const goodsOf = ({ created_at: _created, type, ...row }: GuestRow<'goods'>): Goods => ({
  ...row,
  type: type as GoodsType,
});
const questionOf = ({ created_at: _created, type, ...row }: GuestRow<'questions'>): Question => ({
  ...row,
  type: type as QuestionType,
});

/** Failed device logins an address may make at once, then one every this many seconds. */
const FAILURES_BURST = 20;
const FAILURE_INTERVAL_S = 6;

/** `Authorization: Basic base64(rcu_id:key)` as its two parts; null when it is not that. */
export function basicCredentials(header: string | undefined): { rcuId: string; key: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,512})\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { rcuId: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  keys: DeviceKeys;
}

/**
 * The hotel's goods, questions and welcome word (pm_goods, pm_question, pm_welcome, or pm_dept)
 * and what an in-room device reads of them (`guestInfo`).
 */
export function createGuestService({ db, clock, keys }: Deps) {
  const now = () => clock().getTime();
  const perRcu = new RateLimiter({ burst: GUESTINFO_BURST, intervalMs: GUESTINFO_INTERVAL_S * 1000, now });
  const failuresPerAddress = new RateLimiter({ burst: FAILURES_BURST, intervalMs: FAILURE_INTERVAL_S * 1000, now });

  async function page<T extends GuestTable>(
    kind: Kind<T>,
    hotelId: number,
    body: { current?: number; size?: number; keyword?: string; type?: string },
  ) {
    const current = body.current ?? 1;
    const size = body.size ?? 20;
    const filter = { keyword: body.keyword?.trim() || undefined, type: body.type };
    const { records, total } = await repository.pageRows(db, kind.table, hotelId, filter, { current, size });
    return { records, total, current, size };
  }

  async function existing<T extends GuestTable>(trx: Db, kind: Kind<T>, hotelId: number, id: number) {
    const row = await repository.findRow(trx, kind.table, hotelId, id);
    if (!row) throw notFound(kind.notFound);
    return row;
  }

  async function ensureFree(trx: Db, kind: Kind<GuestTable>, hotelId: number, text: string, exceptId?: number) {
    const other = await repository.findByText(trx, kind.table, hotelId, text);
    if (other && other.id !== exceptId) throw conflict(kind.taken);
  }

  /** Two changes racing to the same name: the unique index refuses the second, as 4409 like the check. */
  const racedIn = (kind: Kind<GuestTable>) => (error: unknown) => {
    throw isUniqueViolation(error) ? conflict(kind.taken) : error;
  };

  function add<T extends GuestTable>(kind: Kind<T>, actor: Actor, hotelId: number, fields: GuestFields<T>) {
    return db
      .transaction()
      .execute(async (trx) => {
        const text = repository.uniqueText(kind.table, fields) as string;
        await ensureFree(trx, kind, hotelId, text);
        if ((await repository.countRows(trx, kind.table, hotelId)) >= kind.max) {
          throw new AppError(ErrorCode.conflict, kind.full, { max: kind.max });
        }
        const row = await repository.insertRow(trx, kind.table, {
          ...fields,
          hotel_id: hotelId,
          created_at: fields.updated_at,
        });
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: `${kind.action}_add`,
          target: text,
          detail: { id: row.id },
        });
        return row;
      })
      .catch(racedIn(kind));
  }

  function update<T extends GuestTable>(
    kind: Kind<T>,
    actor: Actor,
    hotelId: number,
    id: number,
    changes: Partial<GuestFields<T>>,
  ) {
    return db
      .transaction()
      .execute(async (trx) => {
        const before = await existing(trx, kind, hotelId, id);
        const text = repository.uniqueText(kind.table, changes);
        if (text !== undefined) await ensureFree(trx, kind, hotelId, text, id);
        await repository.updateRow(trx, kind.table, hotelId, id, { ...changes, updated_at: clock().toISOString() });
        const after = await existing(trx, kind, hotelId, id);
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: `${kind.action}_update`,
          target: repository.uniqueText(kind.table, after),
          detail: { id, before: asLogged(before) },
        });
        return after;
      })
      .catch(racedIn(kind));
  }

  function remove(kind: Kind<GuestTable>, actor: Actor, hotelId: number, body: GuestDeleteBody) {
    return db.transaction().execute(async (trx): Promise<GuestDeleteResult> => {
      const deleted = await repository.deleteRows(trx, kind.table, hotelId, body.ids);
      // One that is not the hotel's (or gone already): nothing is deleted (the transaction rolls back).
      if (deleted.length !== body.ids.length) throw notFound(kind.notFound);
      await recordOperation(trx, clock, who(actor, hotelId), {
        action: `${kind.action}_delete`,
        target: deleted
          .map((row) => repository.uniqueText(kind.table, row))
          .join(', ')
          .slice(0, 200),
        detail: { ids: deleted.map((row) => row.id) },
      });
      return { deleted: deleted.length };
    });
  }

  async function welcomeOf(trx: Db, hotelId: number): Promise<Welcome> {
    const welcome = await repository.findWelcome(trx, hotelId);
    if (!welcome) throw notFound('hotel.notFound');
    return welcome;
  }

  /** The room behind Basic credentials, with the verification the MQTT broker uses (gateway/policy.ts). */
  async function deviceOf(header: string | undefined, ip: string) {
    const refused = (code: ErrorCode, key: MessageKey, wait = 0) =>
      new AppError(code, key, wait > 0 ? { seconds: Math.ceil(wait / 1000) } : {});
    const blocked = failuresPerAddress.wait(ip);
    if (blocked > 0) throw refused(ErrorCode.tooManyRequests, 'guestservice.tooManyRequests', blocked);
    const credentials = basicCredentials(header);
    if (credentials) {
      const wait = perRcu.take(credentials.rcuId);
      if (wait > 0) throw refused(ErrorCode.tooManyRequests, 'guestservice.tooManyRequests', wait);
    }
    const room = credentials ? await repository.roomOfRcu(db, credentials.rcuId) : undefined;
    const verdict = credentials
      ? await authenticateDevice(
          async () => (room ? { rcuId: room.rcu_id, deviceKey: keys.open(room.device_key) } : null),
          {
            clientId: credentials.rcuId,
            username: credentials.rcuId,
            password: Buffer.from(credentials.key, 'utf8'),
          },
        )
      : { ok: false as const };
    if (!verdict.ok || !room) {
      failuresPerAddress.take(ip);
      throw refused(ErrorCode.unauthenticated, 'guestservice.badCredentials');
    }
    if (hotelExpired(room.validdate, clock())) {
      throw new AppError(ErrorCode.hotelExpired, 'auth.hotelExpired', { validdate: room.validdate ?? '' });
    }
    return room;
  }

  return {
    goodsList: (hotelId: number, body: GoodsListBody): Promise<Page<Goods>> =>
      page(GOODS, hotelId, body).then((found) => ({ ...found, records: found.records.map(goodsOf) })),

    goodsAdd: async (actor: Actor, hotelId: number, body: GoodsAddBody): Promise<Goods> =>
      goodsOf(
        await add(GOODS, actor, hotelId, {
          name: body.name.trim(),
          description: body.description?.trim() ?? '',
          number: body.number,
          type: body.type,
          price: body.price,
          updated_at: clock().toISOString(),
        }),
      ),

    goodsUpdate: async (actor: Actor, hotelId: number, { id, hotel_id: _hotel, ...body }: GoodsUpdateBody) =>
      goodsOf(
        await update(GOODS, actor, hotelId, id, {
          ...body,
          ...(body.name !== undefined && { name: body.name.trim() }),
          ...(body.description !== undefined && { description: body.description.trim() }),
        }),
      ),

    goodsRemove: (actor: Actor, hotelId: number, body: GuestDeleteBody) => remove(GOODS, actor, hotelId, body),

    questionList: (hotelId: number, body: QuestionListBody): Promise<Page<Question>> =>
      page(QUESTIONS, hotelId, body).then((found) => ({ ...found, records: found.records.map(questionOf) })),

    questionAdd: async (actor: Actor, hotelId: number, body: QuestionAddBody): Promise<Question> =>
      questionOf(
        await add(QUESTIONS, actor, hotelId, {
          question: body.question.trim(),
          reply: body.reply.trim(),
          type: body.type,
          updated_at: clock().toISOString(),
        }),
      ),

    questionUpdate: async (actor: Actor, hotelId: number, { id, hotel_id: _hotel, ...body }: QuestionUpdateBody) =>
      questionOf(
        await update(QUESTIONS, actor, hotelId, id, {
          ...body,
          ...(body.question !== undefined && { question: body.question.trim() }),
          ...(body.reply !== undefined && { reply: body.reply.trim() }),
        }),
      ),

    questionRemove: (actor: Actor, hotelId: number, body: GuestDeleteBody) => remove(QUESTIONS, actor, hotelId, body),

    welcome: (hotelId: number): Promise<Welcome> => welcomeOf(db, hotelId),

    welcomeUpdate(actor: Actor, hotelId: number, body: WelcomeUpdateBody): Promise<Welcome> {
      return db.transaction().execute(async (trx) => {
        const before = await welcomeOf(trx, hotelId);
        await repository.updateWelcome(trx, hotelId, body.welcome_word);
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'welcome_update',
          target: before.hotel_name,
          detail: { before: before.welcome_word },
        });
        return { ...before, welcome_word: body.welcome_word };
      });
    },

    /**
     * What an in-room device reads (`GET /apis/guestinfo`), with its ETag: 4401 for credentials
     * that are missing or wrong in any part, 4429 past the rate, 4410 once the hotel's validity is over.
     */
    async guestInfo(authorization: string | undefined, ip: string): Promise<{ info: GuestInfo; etag: string }> {
      const room = await deviceOf(authorization, ip);
      const [goods, questions] = await Promise.all([
        repository.allRows(db, 'goods', room.hotel_id, GOODS_PER_HOTEL_MAX),
        repository.allRows(db, 'questions', room.hotel_id, QUESTIONS_PER_HOTEL_MAX),
      ]);
      const info: GuestInfo = {
        welcome_word: room.welcome_word,
        goods: goods.map(({ name, description, number, type, price }) => ({
          name,
          description,
          number,
          type: type as GoodsType,
          price,
        })),
        questions: questions.map(({ question, reply, type }) => ({ question, reply, type: type as QuestionType })),
      };
      const etag = `"${createHash('sha256').update(JSON.stringify(info)).digest('base64url').slice(0, 27)}"`;
      return { info, etag };
    },
  };
}
export type GuestService = ReturnType<typeof createGuestService>;
