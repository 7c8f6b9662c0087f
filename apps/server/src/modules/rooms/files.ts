import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';

/**
 * Room sheets as CSV and XLSX: rows of text in, rows of text out. CSV is written UTF-8 with a BOM
 * (so spreadsheet programs read it as UTF-8) and read with or without one, comma- or
 * semicolon-separated.
 */

/**
 * CSV injection (OWASP): a text cell that a spreadsheet program would run as a formula (it starts
 * with `=`, `+`, `-`, `@`, a tab or a carriage return) is written with a leading apostrophe, and
 * loses it when read back. A cell that is a plain number (a floor of `-2`) is a number, not a
 * formula: it is written as it is, so the sheet and the import read it as a number. A text that
 * itself starts with apostrophes before such a character gets one more, so every text round-trips.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function guardFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

export function unguardFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

function csvCell(value: string): string {
  const guarded = guardFormula(value);
  return /[",;\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function writeCsv(rows: readonly (readonly string[])[]): Buffer {
  const text = rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}

export async function writeXlsx(rows: readonly (readonly string[])[], sheetName = 'rooms'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) {
    // Every cell is text: room numbers like 0201 keep their zeros.
    const added = sheet.addRow(row.map(guardFormula));
    added.eachCell((cell) => {
      cell.numFmt = '@';
    });
  }
  sheet.columns.forEach((column) => {
    column.width = 14;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The separator of a CSV: whichever of ',' and ';' occurs more in its first line outside quotes. */
function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** RFC 4180 rows (quoted cells, doubled quotes, CRLF or LF). */
export function readCsv(buffer: Buffer): string[][] {
  let text = buffer.toString('utf8');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const separator = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A row of a sheet as read: its spreadsheet line (the header is line 1) and its cells as text. */
export interface SheetLine {
  line: number;
  cells: string[];
}

/** What reading a spreadsheet stops at. */
export interface SheetLimits {
  /** Non-empty rows below the header. */
  rows: number;
  /** Bytes that all the file's entries inflate to. */
  inflatedBytes: number;
  /** Characters kept of a cell (longer ones are cut: every field's own limit is far shorter). */
  cellChars: number;
}

/** A spreadsheet over one of its limits: `rows` or `inflatedBytes`. */
export class SheetLimitError extends Error {
  override name = 'SheetLimitError';
  constructor(readonly limit: 'rows' | 'inflatedBytes') {
    super(`the spreadsheet is over its ${limit} limit`);
  }
}

function cellText(value: ExcelJS.CellValue, max: number): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) {
      // A shared rich text may be megabytes and referenced by every cell: joined only up to `max`.
      let text = '';
      for (const part of value.richText) {
        text += String(part.text ?? '').slice(0, max - text.length);
        if (text.length >= max) break;
      }
      return text;
    }
    if ('text' in value) return String(value.text).slice(0, max);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue, max);
    if ('error' in value) return '';
  }
  return String(value).slice(0, max);
}

/** A worksheet's entry, as exceljs's streaming reader tells one. */
const WORKSHEET_ENTRY = /xl\/worksheets\/sheet\d+[.]xml/;
const LOCAL_HEADER = 0x04034b50;

/** A zip entry as pass one saw it: its path and where its local record lies in the file. */
interface EntryRecord {
  path: string;
  start: number;
  end: number;
}

/** The `vars` unzipper reads from a local header. */
interface LocalVars {
  flags: number;
  compressedSize: number;
  fileNameLength: number;
  extraFieldLength: number;
}

/**
 * Pass one over an .xlsx: inflates every entry once, throwing the bytes away while counting them,
 * and throws SheetLimitError('inflatedBytes') as soon as they pass `limit`: the sizes the headers
 * claim are not trusted, and a zip bomb costs inflating up to the limit, never the memory. The
 * entries are walked by the same parser as exceljs's streaming reader (unzipper), so the reading
 * that follows sees exactly the entries counted here. Answers where each entry's local record
 * lies, or null when that cannot be told for sure (an entry whose size only a trailing data
 * descriptor gives).
 */
async function surveyZip(buffer: Buffer, limit: number): Promise<EntryRecord[] | null> {
  const zip = unzipper.Parse({ forceStream: true });
  let entry: (Readable & { path: string; vars: LocalVars }) | undefined;
  // A broken file (bad deflate data, cut short) fails the parser, not the entry's stream, which
  // would then never end: the entry being read fails with it, and so does any entry still queued.
  let failure: Error | undefined;
  zip.on('error', (error: Error) => {
    failure = error;
    entry?.destroy(error);
  });
  Readable.from([buffer]).pipe(zip);
  let total = 0;
  let records: EntryRecord[] | null = [];
  let offset = 0;
  try {
    for await (entry of zip as AsyncIterable<Readable & { path: string; vars: LocalVars }>) {
      if (failure) throw failure;
      const { flags, compressedSize, fileNameLength, extraFieldLength } = entry.vars;
      const end = offset + 30 + fileNameLength + extraFieldLength + compressedSize;
      const known = !(flags & 0x08) || compressedSize > 0;
      const there =
        end <= buffer.length &&
        buffer.readUInt32LE(offset) === LOCAL_HEADER &&
        buffer.toString('utf8', offset + 30, offset + 30 + fileNameLength) === entry.path;
      if (records && known && there) records.push({ path: entry.path, start: offset, end });
      else records = null;
      offset = end;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > limit) throw new SheetLimitError('inflatedBytes');
      }
    }
  } finally {
    entry?.destroy();
    zip.destroy();
  }
  return records;
}

/**
 * The same zip with its worksheets' records moved after every other entry (the central directory
 * left as it is: the streaming reader does not use it). exceljs's streaming reader parks a sheet
 * that comes before the shared strings (where Excel writes it) in a temporary file, which a
 * failure later in the file would leave behind; a sheet that comes last is read as it streams.
 */
function sheetsLast(buffer: Buffer, records: EntryRecord[]): Buffer {
  const sheets = records.filter(({ path }) => WORKSHEET_ENTRY.test(path));
  const others = records.filter(({ path }) => !WORKSHEET_ENTRY.test(path));
  const tail = records.at(-1)?.end ?? 0;
  return Buffer.concat([
    ...[...others, ...sheets].map(({ start, end }) => buffer.subarray(start, end)),
    buffer.subarray(tail),
  ]);
}

/**
 * The first worksheet's rows as text, read as a stream (exceljs's WorkbookReader): at most
 * `limits.rows` non-empty rows below the header are kept (one more throws SheetLimitError('rows')),
 * after the whole file was checked to inflate to at most `limits.inflatedBytes`. Empty rows below
 * the header are left out. Throws anything else when the file is not a readable workbook.
 */
export async function readXlsx(buffer: Buffer, limits: SheetLimits): Promise<SheetLine[]> {
  const records = await surveyZip(buffer, limits.inflatedBytes);
  const ordered = records ? sheetsLast(buffer, records) : buffer;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([ordered]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date cell from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const lines: SheetLine[] = [];
  let first = true;
  let over = false;
  let failure: unknown;
  let dataRows = 0;
  // Every worksheet is walked to the end of the file, even past a failure: a sheet exceljs parked
  // in a temporary file (see sheetsLast) is removed only when the walk goes on past it. Each later
  // sheet, and the first once over the row limit, is left at its first row.
  for await (const sheet of reader) {
    if (!first) {
      try {
        for await (const _ of sheet) break;
      } catch (error) {
        failure ??= error;
      }
      continue;
    }
    first = false;
    try {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        const cells = Array.from(values.slice(1), (value) => cellText(value, limits.cellChars));
        if (row.number > 1) {
          if (!cells.some((cell) => cell.trim() !== '')) continue;
          if (++dataRows > limits.rows) {
            over = true;
            break;
          }
        }
        lines.push({ line: row.number, cells });
      }
    } catch (error) {
      failure = error;
    }
  }
  if (failure) throw failure;
  if (over) throw new SheetLimitError('rows');
  return lines;
}

/** Whether the bytes are a ZIP container (what an .xlsx is). */
export function looksLikeXlsx(buffer: Buffer): boolean {
  return buffer.length > 4 && buffer.readUInt32LE(0) === 0x04034b50;
}
