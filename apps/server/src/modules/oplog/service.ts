import type { Language, OplogAction, OplogEntry, OplogQueryBody, Page } from '@roompilot/contract';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/schema.js';
import { invalid } from '../../errors.js';
import { actionText, operationText, targetText } from '../logs/describe.js';
import { hotelNameOf, insertOperation, pageOperations } from './repository.js';

/** Who did it, for which hotel, from where. */
export interface Operator {
  hotelId: number | null;
  userId: number | null;
  userName: string;
  ip: string;
}

export interface Operation {
  action: OplogAction;
  target?: string;
  detail?: Record<string, unknown>;
}

/**
 * The one way to write the operation log. Pass the transaction of the change itself, so the
 * change and its record are kept or lost together.
 */
export async function recordOperation(db: Db, clock: Clock, operator: Operator, operation: Operation): Promise<void> {
  await insertOperation(db, {
    hotel_id: operator.hotelId,
    user_id: operator.userId,
    user_name: operator.userName,
    action: operation.action,
    target: operation.target ?? '',
    detail: JSON.stringify(operation.detail ?? {}),
    ip: operator.ip,
    created_at: clock().toISOString(),
  });
}

/**
 * The target of a change to the hotel's own settings (alerts, log retention, the air policy): the
 * hotel by its name, as it was called then (its bare id would read as a name).
 */
export async function hotelTarget(db: Db, hotelId: number): Promise<string> {
  return (await hotelNameOf(db, hotelId)) ?? String(hotelId);
}

/**
 * A row as an edit's entry keeps it (`before`): without its hotel, which is the log's own (its id
 * would read as a hotel's name), and without its timestamps, which no edit changes.
 */
export function asLogged<Row extends { hotel_id?: unknown; created_at?: unknown; updated_at?: unknown }>(
  row: Row,
): Omit<Row, 'hotel_id' | 'created_at' | 'updated_at'> {
  const { hotel_id: _hotel, created_at: _created, updated_at: _updated, ...kept } = row;
  return kept;
}

export function createOplogService(db: Db) {
  return {
    /**
     * The hotel's operations (the access hook resolved the hotel of the call), with the action and
     * the detail in the reader's language. `to` before `from` is 4400.
     */
    async query(hotelId: number, body: OplogQueryBody, language: Language = 'zh'): Promise<Page<OplogEntry>> {
      const current = body.current ?? 1;
      const size = body.size ?? 20;
      const filter = body.filter ?? {};
      if (filter.from && filter.to && Date.parse(filter.from) > Date.parse(filter.to)) throw invalid('logs.timeRange');
      const { records, total } = await pageOperations(db, hotelId, filter, { current, size });
      return {
        records: records.map((row) => {
          const detail = JSON.parse(row.detail) as unknown;
          return {
            ...row,
            detail,
            target: targetText(language, row.action, row.target),
            action_text: actionText(language, row.action),
            text: operationText(language, detail, row.action),
          };
        }),
        total,
        current,
        size,
      };
    },
  };
}
export type OplogService = ReturnType<typeof createOplogService>;
