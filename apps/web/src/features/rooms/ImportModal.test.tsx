// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../app/http';
import esRooms from '../../locales/es/rooms';
import jaRooms from '../../locales/ja/rooms';
import { renderInApp } from '../../test/render';

const api = vi.hoisted(() => ({ rooms: { import: vi.fn() } }));
// The other domains' calls (the buildings of the form's select) answer nothing.
vi.mock('../../app/api', () => ({
  api: new Proxy(api, {
    get: (target, domain: string) =>
      (target as Record<string, unknown>)[domain] ?? new Proxy({}, { get: () => vi.fn(() => new Promise(() => {})) }),
  }),
}));

const { ImportModal } = await import('./ImportModal');

const row = (line: number, field: string) => ({ line, field, column: field, message: 'is required' });

async function importFile() {
  await renderInApp(<ImportModal open onClose={() => undefined} />);
  const picker = document.querySelector('input[type=file]') as HTMLInputElement;
  await userEvent.upload(picker, new File(['room_num\n1\n'], 'rooms.csv'));
  await userEvent.click(screen.getByRole('button', { name: 'Import' }));
}

beforeEach(() => vi.clearAllMocks());

describe('the room import', () => {
  test('one bad row is "1 row has errors", more are "rows"', async () => {
    api.rooms.import.mockRejectedValueOnce(new ApiError('x', 4400, { errors: [row(3, 'rcu_id'), row(3, 'mac')] }));
    await importFile();
    expect(await screen.findByText('1 row has errors')).toBeInTheDocument();
  });

  test('bad rows on two lines are "2 rows have errors"', async () => {
    api.rooms.import.mockRejectedValueOnce(new ApiError('x', 4400, { errors: [row(3, 'rcu_id'), row(5, 'mac')] }));
    await importFile();
    expect(await screen.findByText('2 rows have errors')).toBeInTheDocument();
  });

  test("a file missing columns shows the server's one message, with no table of rows", async () => {
    const missing = 'The file is missing the columns: Floor, Room type, and RCU ID.';
    api.rooms.import.mockRejectedValueOnce(new ApiError(missing, 4400));
    await importFile();
    expect(await screen.findByText(missing)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('Spanish says "1 fila tiene errores"; Japanese has one form', async () => {
    const spanish = i18next.createInstance();
    await spanish.init({ lng: 'es', resources: { es: { translation: esRooms } }, keySeparator: false });
    expect(spanish.t('rooms.importRejected', { count: 1, rows: '1' })).toBe('1 fila tiene errores');
    expect(spanish.t('rooms.importRejected', { count: 3, rows: '3' })).toBe('3 filas tienen errores');
    const japanese = i18next.createInstance();
    await japanese.init({ lng: 'ja', resources: { ja: { translation: jaRooms } }, keySeparator: false });
    expect(japanese.t('rooms.importRejected', { count: 1, rows: '1' })).toBe('1 行にエラーがあります');
  });
});
