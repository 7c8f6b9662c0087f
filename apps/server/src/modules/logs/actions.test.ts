import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, OPLOG_ACTIONS, type OplogAction } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { fieldLabel, lookup } from '../../i18n.js';
import { actionText, operationText } from './describe.js';

/** The server's source files (tests left out), by their path under src/. */
const src = join(import.meta.dirname, '../..');
const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts'))
  .map((path) => ({ path, text: readFileSync(join(src, path), 'utf8') }));

/** The top-level keys of the object literal whose `{` is at `start` (spreads left out). */
function literalKeys(text: string, start: number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let part = '';
  for (let at = start; at < text.length; at++) {
    const char = text[at] as string;
    if ('{[('.includes(char)) depth += 1;
    if ('}])'.includes(char)) depth -= 1;
    if (depth === 0) break;
    if (depth === 1 && char === ',') {
      parts.push(part);
      part = '';
    } else if (depth > 1 || char !== '{') part += char;
  }
  parts.push(part);
  return parts
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && !entry.startsWith('...'))
    .map((entry) => (/^(\w+)/.exec(entry) as RegExpExecArray)[1] as string);
}

/** The top-level keys of every `detail: { … }` the server records with an operation. */
const operationDetailKeys = new Set(
  sources.flatMap(({ text }) =>
    text
      .split('recordOperation(')
      .slice(1)
      .flatMap((call) => {
        const at = call.search(/detail: \{/);
        return at < 0 ? [] : literalKeys(call, call.indexOf('{', at));
      }),
  ),
);

// The list is closed: an action not in OPLOG_ACTIONS does not compile (`npm run typecheck`).
// @ts-expect-error no such action
const unknown: OplogAction = 'no_such_action';

describe('operation log actions', () => {
  it('word every action the server records, in every language', () => {
    const missing = LANGUAGES.flatMap((language) =>
      OPLOG_ACTIONS.filter((action) => lookup(language, `logs.action.${action}`) === null).map(
        (action) => `${language} logs.action.${action}`,
      ),
    );
    expect(missing).toEqual([]);
    // What the screen, the counts and the exports show.
    expect(actionText('en', 'mode_apply')).toBe('Apply mode');
    expect(actionText('zh', 'air_policy_update')).toBe('修改空调节能策略');
    expect(actionText('en', unknown)).toBe('no_such_action');
  });

  it('list every action passed to recordOperation in the server source', () => {
    // Each `action: '…'` of a file that writes the operation log, with the actions its own helpers
    // take by type (`action: 'a' | 'b'`) or by argument (control's `#logged(…, 'a', …)`); a file
    // that writes `${kind.action}_add` has its kinds (`action: 'goods'`) joined to those endings.
    const found = new Set<string>();
    for (const { text } of sources.filter((file) => /\brecordOperation\(/.test(file.text))) {
      const literals = [...text.matchAll(/\baction\??: ((?:'[a-z_]+'(?: \| )?)+)/g)].flatMap(([, union]) =>
        [...(union ?? '').matchAll(/'([a-z_]+)'/g)].map(([, action]) => action ?? ''),
      );
      literals.push(...[...text.matchAll(/#logged\([^)]*?'([a-z_]+)'/g)].map(([, action]) => action ?? ''));
      const endings = [...text.matchAll(/\baction: `\$\{[\w.]+\}(_[a-z_]+)`/g)].map(([, ending]) => ending ?? '');
      for (const literal of literals) {
        if (endings.length === 0 || (OPLOG_ACTIONS as readonly string[]).includes(literal)) found.add(literal);
        else for (const ending of endings) found.add(`${literal}${ending}`);
      }
    }
    expect(found.size).toBeGreaterThan(40);
    expect([...found].filter((action) => !(OPLOG_ACTIONS as readonly string[]).includes(action)).sort()).toEqual([]);
    // And the list holds no action nothing records any more.
    expect(OPLOG_ACTIONS.filter((action) => !found.has(action))).toEqual([]);
  });

  it("label every field of the operations' details, in every language", () => {
    expect(operationDetailKeys).toContain('created');
    expect(operationDetailKeys).toContain('window_minutes');
    const missing = LANGUAGES.flatMap((language) =>
      [...operationDetailKeys]
        .filter((key) => lookup(language, `logs.field.${key}`) === null && fieldLabel(language, key) === key)
        .map((key) => `${language} ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('word the rooms added in bulk, an alert confirmed by its type, and an empty value', () => {
    expect(
      operationText('es', { floors: [2, 6], rooms: [1, 10], pattern: '{floor}{room:02}', created: 30, skipped: 0 }),
    ).toContain('creadas: 30; omitidas: 0');
    expect(operationText('en', { id: 9, type: 1 }, 'alert_confirm')).toBe(
      `alert ID: 9; alert type: ${lookup('en', 'logs.alert.sos')}`,
    );
    expect(operationText('ja', { before: '' })).toBe(`${lookup('ja', 'logs.field.before')}: （空）`);
    // An empty list too: a mode's settings with no schedule read "Horarios: (vacío)", not "Horarios: ".
    expect(operationText('es', { after: { schedules: [] } })).toMatch(/: \(vacío\)\)$/);
  });

  it('word the details of the modes, the air policy and the upgrades', () => {
    // Rooms by the numbers staff know them by; a line recorded with their ids alone says so.
    expect(
      operationText('en', {
        mode: 'welcome',
        room_ids: [1, 2],
        room_nums: ['0201', '0202'],
        ok: 1,
        failed: [2],
        failed_room_nums: ['0202'],
      }),
    ).toBe('mode: Welcome; rooms: 0201, 0202; succeeded: 1; failed rooms: 0202');
    expect(
      operationText('es', {
        rent: 'checked_in',
        room_ids: [7],
        room_nums: ['0301'],
        ok: 1,
        failed: [],
        failed_room_nums: [],
      }),
    ).toMatch(/habitaciones: 0301; correctas: 1; habitaciones con fallo: ninguna$/);
    expect(operationText('en', { mode: 'welcome', room_ids: [1, 2], ok: 1, failed: [2] })).toBe(
      'mode: Welcome; room IDs: 1, 2; succeeded: 1; failed room IDs: 2',
    );
    expect(operationText('en', { mode: 'Sea view', room_ids: [1], ok: 1, failed: [] })).toBe(
      'mode: Sea view; room IDs: 1; succeeded: 1; failed room IDs: none',
    );
    expect(operationText('zh', { room_nums: ['0201'], ok: 1, failed: [], failed_room_nums: [] })).toBe(
      '房间: 0201; 成功: 1; 失败的房间: 无',
    );
    expect(operationText('ja', { room_nums: ['0201'], ok: 1, failed: [], failed_room_nums: [] })).toContain(
      '失敗した客室: なし',
    );
    expect(
      operationText('zh', {
        room_type_id: 2,
        room_type: '豪华房',
        before: { leave_delay_min: 0 },
        after: { leave_delay_min: 5 },
      }),
    ).toBe(
      `房型: 豪华房; 修改前 (${lookup('zh', 'fields.leave_delay_min')}: 0); 修改后 (${lookup('zh', 'fields.leave_delay_min')}: 5)`,
    );
    // A room type by the name it had then, as written (never read as a word); a line recorded before
    // names were kept says it is an id.
    expect(operationText('en', { id: 4, room_type_id: 2, room_type: 'empty' })).toBe('ID: 4; room type: empty');
    expect(operationText('es', { id: 4, room_type_id: 2 })).toBe('Identificador: 4; ID del tipo de habitación: 2');
    expect(operationText('ja', { room_type_id: 2, room_type: 'デラックス' })).toBe('客室タイプ: デラックス');
    expect(operationText('en', { before: { room_type_id: 1, room_type_name: 'Standard' }, changes: {} })).toBe(
      'before (room type: Standard); changes ()',
    );
    expect(operationText('en', { changes: { unsold: 'setback' } })).toBe(
      `changes (${lookup('en', 'fields.unsold')}: setback)`,
    );
    expect(operationText('zh', { kind: 'param', version: '1.0', size: 120 })).toBe(
      `${lookup('zh', 'fields.kind')}: 参数; ${lookup('zh', 'fields.version')}: 1.0; 文件大小（字节）: 120`,
    );
  });

  it('name departments, parents, buildings, hotels, roles and rooms as they were called; an id alone says so', () => {
    expect(operationText('en', { id: 6, roles: [], dept_id: 3, dept_name: 'Housekeeping' }, 'user_add')).toBe(
      'ID: 6; Roles: none; Department: Housekeeping',
    );
    expect(operationText('zh', { id: 6, roles: ['前台'], dept_id: 3, dept_name: '客房部' }, 'user_add')).toBe(
      '编号: 6; 角色: 前台; 部门: 客房部',
    );
    // A user of no department: its name recorded as none names it all the same.
    expect(operationText('en', { id: 6, roles: [], dept_id: null, dept_name: null }, 'user_add')).toBe(
      'ID: 6; Roles: none; Department: —',
    );
    // Names as written, never read as words ("empty" is a room state's word).
    expect(operationText('en', { id: 3, parent_id: 2, parent_name: 'empty' }, 'dept_add')).toBe(
      'ID: 3; Parent department: empty',
    );
    expect(operationText('en', { id: 9, building_id: 2, building: 'Tower' }, 'room_add')).toBe(
      'ID: 9; Building: Tower',
    );
    expect(operationText('ja', { hotel_id: 4, hotel_name: 'Sea Inn', required: true })).toBe(
      `ホテル名: Sea Inn; ${lookup('ja', 'logs.field.required')}: はい`,
    );
    expect(operationText('en', { room_id: 12, room_num: '0305', params: { night_light: 20 }, ok: true })).toBe(
      'Room number: 0305; parameters (night_light: 20); succeeded: yes',
    );
    // Lines recorded with the ids alone (before the names were kept) say they are ids.
    expect(operationText('en', { id: 6, roles: [], dept_id: 3 }, 'user_add')).toBe(
      'ID: 6; Roles: none; department ID: 3',
    );
    expect(operationText('zh', { id: 6, roles: [], dept_id: 3 }, 'user_add')).toBe('编号: 6; 角色: 无; 部门编号: 3');
    expect(operationText('en', { id: 4, parent_id: 2 }, 'dept_delete')).toBe('ID: 4; parent department ID: 2');
    expect(operationText('es', { id: 4, parent_id: 2 }, 'dept_delete')).toBe(
      'Identificador: 4; ID del departamento superior: 2',
    );
    expect(operationText('en', { created: 12, building_id: 2 }, 'room_import')).toBe('created: 12; building ID: 2');
    expect(operationText('zh', { created: 12, building_id: 2 }, 'room_import')).toBe('已创建: 12; 楼栋编号: 2');
    expect(operationText('en', { hotel_id: 4, required: true }, 'two_factor_requirement')).toBe(
      'hotel ID: 4; required: yes',
    );
    expect(operationText('en', { before: { id: 7, hotel_id: 4, name: 'Desk' } }, 'role_update')).toBe(
      'before (ID: 7; hotel ID: 4; Name: Desk)',
    );
    expect(operationText('en', { room_id: 12, ok: true }, 'room_control')).toBe('room ID: 12; succeeded: yes');
  });

  it("word a user's and a department's edits as before → after; a list stays a list", () => {
    const edit = {
      id: 6,
      nick_name: { before: 'Bob', after: 'Robert' },
      phone: { before: '', after: '555' },
      dept_id: { before: 1, after: 2 },
      dept_name: { before: 'Front office', after: 'Housekeeping' },
      role_ids: { before: [], after: [12, 13] },
      roles: { before: [], after: ['Desk', 'Night audit'] },
    };
    expect(operationText('en', edit, 'user_update')).toBe(
      'ID: 6; Nickname: Bob → Robert; Phone: (empty) → 555; Department: Front office → Housekeeping; Roles: none → Desk, Night audit',
    );
    expect(operationText('zh', edit, 'user_update')).toBe(
      '编号: 6; 昵称: Bob → Robert; 电话: （空） → 555; 部门: Front office → Housekeeping; 角色: 无 → Desk, Night audit',
    );
    expect(
      operationText('es', { id: 6, role_ids: { before: [12], after: [] }, roles: { before: ['Desk'], after: [] } }),
    ).toBe('Identificador: 6; Roles: Desk → ninguno');
    expect(
      operationText('en', {
        id: 3,
        parent_id: { before: 2, after: null },
        parent_name: { before: 'Housekeeping', after: null },
      }),
    ).toBe('ID: 3; Parent department: Housekeeping → —');
    // Lines recorded before the edits said so kept `[before, after]`: read as edits all the same,
    // their ids said to be ids.
    const older = { id: 6, nick_name: ['Bob', 'Robert'], dept_id: [1, 2], role_ids: [[], [12]] };
    expect(operationText('en', older, 'user_update')).toBe(
      'ID: 6; Nickname: Bob → Robert; department ID: 1 → 2; role IDs: none → 12',
    );
    expect(operationText('zh', older, 'user_update')).toBe(
      '编号: 6; 昵称: Bob → Robert; 部门编号: 1 → 2; 角色编号: 无 → 12',
    );
    expect(operationText('en', { id: 6, role_ids: [[12, 13], [13]] }, 'user_roles')).toBe(
      'ID: 6; role IDs: 12, 13 → 13',
    );
    expect(
      operationText('en', { id: 3, name: ['Floors', 'Rooms'], parent_id: [2, null], sort: [0, 5] }, 'dept_update'),
    ).toBe('ID: 3; Name: Floors → Rooms; parent department ID: 2 → —; Sort: 0 → 5');
    // Lists that are lists: roles given, rooms, a season's dates (a range, not an edit).
    expect(operationText('en', { id: 6, roles: ['Desk', 'Night audit'], dept_id: 3, dept_name: 'Rooms' })).toBe(
      'ID: 6; Roles: Desk, Night audit; Department: Rooms',
    );
    expect(operationText('en', { changes: { seasons: { cooling: { from: '05-01', to: '09-30' } } } })).toBe(
      `changes (${lookup('en', 'fields.seasons')} (${lookup('en', 'fields.cooling')} (From: 05-01; To: 09-30)))`,
    );
  });
});
