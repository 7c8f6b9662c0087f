import ExcelJS from 'exceljs';

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

export async function writeXlsx(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('rooms');
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

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

/** The first worksheet's rows as text; throws when the file is not a readable workbook. */
export async function readXlsx(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[];
    rows[number - 1] = values.slice(1).map(cellText);
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

/** Whether the bytes are a ZIP container (what an .xlsx is). */
export function looksLikeXlsx(buffer: Buffer): boolean {
  return buffer.length > 4 && buffer.readUInt32LE(0) === 0x04034b50;
}
