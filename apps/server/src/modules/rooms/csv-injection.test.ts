import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { hotelWithInventory } from '../../test-support/fixtures.js';
import { multipartPayload } from '../../test-support/route-walk.js';
import { guardFormula, readCsv, unguardFormula, writeCsv } from './files.js';

/** Remarks a spreadsheet program would run as formulas (OWASP CSV injection), and harmless ones. */
const HOSTILE = ['-2+3', '=cmd|/c calc', '+1', '@SUM(A1)', '\tx', '\rx', "'-2", "''=x"];
const HARMLESS = ['corner', '', "it's", '-2', '3.5', 'a-b'];

describe('CSV writer', () => {
  it('defuses =, +, -, @, tab and carriage return at the start of a text cell, and reads each back', () => {
    for (const value of HOSTILE) {
      expect(guardFormula(value), JSON.stringify(value)).toBe(`'${value}`);
      expect(unguardFormula(guardFormula(value))).toBe(value);
    }
    for (const value of HARMLESS) {
      expect(guardFormula(value), JSON.stringify(value)).toBe(value);
      expect(unguardFormula(guardFormula(value))).toBe(value);
    }
    const rows = readCsv(
      writeCsv([
        ['floor_num', 'remark'],
        ['-2', '-2+3'],
        ['-10', '\rx'],
      ]),
    );
    expect(rows).toEqual([
      ['floor_num', 'remark'],
      ['-2', "'-2+3"],
      ['-10', "'\rx"],
    ]);
  });
});

describeEachDatabase('rooms: CSV injection', (t) => {
  let token: string;
  let roomTypeId: number;
  let basementId: number;
  beforeAll(async () => {
    ({ token, roomTypeId } = await hotelWithInventory(t, 'csv'));
    const basement = await t.call('POST', '/apis/buildingadd', {
      token,
      body: { name: 'Basement', floor_from: -3, floor_to: 2 },
    });
    basementId = basement.data.id;
    for (const [index, remark] of HOSTILE.entries()) {
      const added = await t.call('POST', '/apis/roomadd', {
        token,
        body: {
          building_id: basementId,
          floor_num: -2,
          room_type_id: roomTypeId,
          room_num: `B${index}`,
          rcu_id: `CSVB${index}`,
          remark,
        },
      });
      expect(added.code, remark).toBe(0);
    }
  });

  const exportFile = (format: 'csv' | 'xlsx') =>
    t.app.inject({
      method: 'POST',
      url: '/apis/roomexport',
      headers: { authorization: `Bearer ${token}` },
      payload: { format, building_id: basementId },
    });

  it('exports every hostile remark defused and the floor -2 as a number', async () => {
    const csv = await exportFile('csv');
    const rows = readCsv(csv.rawPayload);
    const header = rows[0] ?? [];
    // The headers as the template labels them, in the caller's language (Chinese by default).
    const remark = header.indexOf('备注');
    const floor = header.indexOf('楼层');
    const body = rows.slice(1);
    expect(body).toHaveLength(HOSTILE.length);
    for (const row of body) {
      expect(row[floor]).toBe('-2');
      // What a spreadsheet program sees: no cell of the row starts a formula.
      for (const cell of row) if (cell !== row[floor]) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(body.map((row) => row[remark]).sort()).toEqual(HOSTILE.map((value) => `'${value}`).sort());

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportFile('xlsx')).rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.worksheets[0]?.eachRow((row, number) => {
      if (number > 1) cells.push(String(row.getCell(remark + 1).value));
    });
    // XML stores a carriage return as a line feed: the cell reads back as `'\nx`, still defused.
    expect(cells.sort()).toEqual(HOSTILE.map((value) => `'${value.replace(/^\r/, '\n')}`).sort());
  });

  it('imports its own export back with the remarks and floors as they were', async () => {
    // CSV alone: XLSX (XML) turns the carriage return of `\rx` into a line feed.
    for (const format of ['csv'] as const) {
      const before = await t.call('POST', '/apis/allrooms', { token, body: { building_id: basementId } });
      const exported = await exportFile(format);
      const ids = before.data.records.map((room: { id: number }) => room.id);
      expect((await t.call('POST', '/apis/roomdel', { token, body: { ids } })).data.deleted).toBe(HOSTILE.length);
      const { payload, headers } = multipartPayload({
        fields: {},
        file: { filename: `rooms.${format}`, content: exported.rawPayload },
      });
      const imported = await t.call('POST', '/apis/roomimport', { token, payload, headers });
      expect(imported, format).toMatchObject({ code: 0, data: { created: HOSTILE.length } });
      const after = await t.call('POST', '/apis/allrooms', { token, body: { building_id: basementId } });
      const view = (room: { room_num: string; floor_num: number; remark: string }) => [
        room.room_num,
        room.floor_num,
        room.remark,
      ];
      expect(after.data.records.map(view).sort()).toEqual(before.data.records.map(view).sort());
      expect(after.data.records.map((room: { floor_num: number }) => room.floor_num)).toEqual(HOSTILE.map(() => -2));
    }
  });
});
