import fs from 'node:fs';
import os from 'node:os';
import { crc32, deflateRawSync } from 'node:zlib';
import { ErrorCode, ROOMS_BULK_MAX } from '@roompilot/contract';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { hotelWithInventory } from '../../test-support/fixtures.js';
import { multipartPayload } from '../../test-support/route-walk.js';
import { ROOM_IMPORT_MAX_INFLATED_BYTES } from './import.js';

const EN = { 'accept-language': 'en' };
const COLUMNS = ['room_num', 'floor_num', 'room_type', 'rcu_id', 'remark'];

/**
 * A minimal .xlsx built by hand (stored entries are deflated; the sizes in its headers are what
 * `claimed` says, or the truth): lets a test make a file of a few hundred KB that inflates to far
 * more, and one whose headers lie about it.
 */
function zip(entries: Record<string, string>, claimed?: (path: string, size: number) => number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [path, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data, { level: 9 });
    const name = Buffer.from(path);
    const size = claimed ? claimed(path, data.length) : data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
/** Row `line` of the sheet (the header is line 1), its cells from column A on. */
const row = (line: number, cells: string[]) =>
  `<row r="${line}">${cells.map((text, index) => cell(`${String.fromCharCode(65 + index)}${line}`, text)).join('')}</row>`;
/** Data rows from line 2 on. */
const rows = (cells: string[][]) => cells.map((texts, index) => row(index + 2, texts)).join('');

const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An .xlsx whose first sheet holds these rows (inline strings), then any `more` entries. */
function xlsx(sheetRows: string, claimed?: (path: string, size: number) => number, more: Record<string, string> = {}) {
  return zip(
    {
      '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="rooms" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData>${row(1, COLUMNS)}${sheetRows}</sheetData></worksheet>`,
      ...more,
    },
    claimed,
  );
}

/** A bomb: 40 MB of sheet XML (rows of one long repeated remark) in a file of a few dozen KB. */
function bomb(claimed?: (path: string, size: number) => number): Buffer {
  const remark = 'x'.repeat(4000);
  return xlsx(row(2, ['B1', '1', 'Standard', 'B1', remark]).repeat(10_000), claimed);
}

describeEachDatabase('room import limits', (t) => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await hotelWithInventory(t, 'lim'));
  });

  function upload(content: Buffer, as = token) {
    const { payload, headers } = multipartPayload({ fields: {}, file: { filename: 'rooms.xlsx', content } });
    return t.call('POST', '/apis/roomimport', { token: as, payload, headers: { ...headers, ...EN } });
  }

  async function roomCount() {
    const { count } = await t.db
      .selectFrom('rooms')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  it('refuses a spreadsheet that inflates past the limit with 4413 naming the limit, its headers honest or lying', async () => {
    const before = await roomCount();
    const honest = bomb();
    const lying = bomb(() => 1000);
    for (const file of [honest, lying]) {
      expect(file.length).toBeLessThan(500_000);
      const answer = await upload(file);
      expect(answer).toMatchObject({ status: 413, code: ErrorCode.tooLarge, data: null });
      expect(answer.message).toBe(
        `The spreadsheet unpacks to more than ${ROOM_IMPORT_MAX_INFLATED_BYTES / 1024 / 1024} MB; nothing was imported. Remove extra sheets and content and try again.`,
      );
    }
    expect(await roomCount()).toBe(before);
  });

  it('stops reading at the row limit: one row more than the limit is 4413 naming it', async () => {
    const sheet = rows(Array.from({ length: ROOMS_BULK_MAX + 1 }, (_, i) => [`T${i}`, '1', 'Standard', `T${i}`, '']));
    const answer = await upload(xlsx(sheet));
    expect(answer).toMatchObject({ status: 413, code: ErrorCode.tooLarge });
    expect(answer.message).toBe(`At most ${ROOMS_BULK_MAX} rows per import.`);
  });

  it('imports a hand-made sheet within the limits (empty rows skipped, lines as the sheet numbers them)', async () => {
    const sheet = `${row(2, ['H1', '2', 'Standard', 'H1A', 'ok'])}<row r="3"/>${row(4, ['H2', '3', 'Standard', 'H2A', ''])}`;
    expect(await upload(xlsx(sheet))).toMatchObject({ code: 0, data: { created: 2 } });
    const bad = await upload(xlsx(`${row(2, ['H3', '2', 'Standard', 'H3A', ''])}${row(9, ['H4'])}`));
    expect(bad).toMatchObject({ code: ErrorCode.invalid });
    expect(bad.data.errors).toContainEqual(expect.objectContaining({ line: 9, field: 'floor_num' }));
  });

  it('answers a cut or corrupted .xlsx as unreadable (4400), never hanging nor leaving a temporary file', async () => {
    const whole = xlsx(rows([['K1', '1', 'Standard', 'K1X', '']]));
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const corrupt = Buffer.from(whole);
    corrupt.fill(0xff, 120, 220); // inside the first entry's deflate data
    // The sheet before broken shared strings, as Excel orders them: exceljs parks such a sheet in a
    // temporary file, which must not be left behind.
    const sharedBroken = xlsx(rows([['K2', '1', 'Standard', 'K2X', '']]), undefined, {
      'xl/sharedStrings.xml': `<?xml version="1.0"?><sst xmlns="${ns}"><si><t>x</si></sst>`,
    });
    const temporary = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    const before = temporary().length;
    for (const file of [cut, corrupt, sharedBroken]) {
      expect(await upload(file)).toMatchObject({
        status: 400,
        code: ErrorCode.invalid,
        message: 'The file cannot be read; upload a CSV (UTF-8) or Excel (.xlsx) file.',
      });
    }
    await vi.waitFor(() => expect(temporary().length).toBeLessThanOrEqual(before));
  });

  it('runs one import at a time per hotel: a second one meanwhile is 4429, another hotel goes ahead', async () => {
    const other = await hotelWithInventory(t, 'lim2');
    const sheet = (prefix: string) =>
      xlsx(rows(Array.from({ length: 3000 }, (_, i) => [`${prefix}${i}`, '1', 'Standard', `${prefix}${i}X`, ''])));
    // Sent together: the first to reach the import holds the hotel through reading and storing 3,000
    // rows (many turns of the event loop); the other reaches it a few turns later.
    const [first, second, elsewhere] = await Promise.all([
      upload(sheet('C')),
      upload(sheet('D')),
      upload(sheet('E'), other.token),
    ]);
    const answers = [first, second].sort((a, b) => a.code - b.code);
    expect(answers[0]).toMatchObject({ code: 0, data: { created: 3000 } });
    expect(answers[1]).toMatchObject({
      status: 429,
      code: ErrorCode.tooManyRequests,
      message: 'Rooms are already being imported into this hotel; try again when that import has finished.',
    });
    expect(elsewhere).toMatchObject({ code: 0, data: { created: 3000 } });
    // Once the first is done, the hotel imports again.
    expect(await upload(xlsx(rows([['Z1', '1', 'Standard', 'Z1X', '']])))).toMatchObject({ code: 0 });
  });
});
