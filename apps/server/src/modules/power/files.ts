import { XLSX_CONTENT_TYPE } from '@roompilot/contract';
import ExcelJS from 'exceljs';
import { guardFormula, writeCsv } from '../rooms/files.js';

export interface PowerFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

export interface PowerRow {
  /** The bucket as people read it (`2026-11-01`). */
  label: string;
  /** kWh per column. */
  values: number[];
}

/** A power sheet: a header row of text, then a label and numbers per row (numbers stay numbers in XLSX). */
export async function powerFile(
  format: 'csv' | 'xlsx',
  name: string,
  header: string[],
  rows: PowerRow[],
): Promise<PowerFile> {
  if (format === 'csv') {
    const body = writeCsv([header, ...rows.map((row) => [row.label, ...row.values.map(String)])]);
    return { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('kWh');
  // Series names come from the hotel (room types): text cells, never formulas.
  const headerRow = sheet.addRow(header.map(guardFormula));
  headerRow.font = { bold: true };
  headerRow.eachCell((cell) => {
    cell.numFmt = '@';
  });
  for (const row of rows) sheet.addRow([row.label, ...row.values]);
  sheet.columns.forEach((column, i) => {
    column.width = i === 0 ? 18 : 14;
    if (i > 0) column.numFmt = '0.000';
  });
  return {
    filename: `${name}.xlsx`,
    contentType: XLSX_CONTENT_TYPE,
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
