// @vitest-environment jsdom
import type { Goods } from '@roompilot/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { formatPrice, toCents } from './money';

const api = vi.hoisted(() => ({ guestservice: { goodsAdd: vi.fn(), goodsUpdate: vi.fn() } }));
vi.mock('../../app/api', () => ({ api }));

const { GoodsFormModal } = await import('./GoodsFormModal');

const nuts: Goods = {
  id: 7,
  hotel_id: 1,
  name: 'Nuts',
  description: '200 g',
  number: 12,
  type: 'minibar',
  price: 3850,
  updated_at: '2026-11-25T10:00:00Z',
};

beforeEach(() => {
  api.guestservice.goodsAdd.mockReset().mockImplementation(async (body) => ({ ...nuts, ...body, id: 8 }));
  api.guestservice.goodsUpdate.mockReset().mockImplementation(async (body) => ({ ...nuts, ...body }));
});

describe('money', () => {
  test('shows cents with two decimals and takes two decimals back to cents', () => {
    expect(formatPrice(1250, 'en')).toBe('12.50');
    expect(formatPrice(123456789, 'en')).toBe('1,234,567.89');
    expect(formatPrice(5, 'es')).toBe('0,05');
    expect(toCents(12.5)).toBe(1250);
    // 0.1 + 0.2 and the like: rounded to the cent, never 1999.9999.
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.29)).toBe(29);
  });
});

describe('the goods form', () => {
  test('sends a new good with its price in cents', async () => {
    await renderInApp(<GoodsFormModal open onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Name'), '  Bathrobe ');
    await userEvent.type(screen.getByLabelText('Stock'), '5');
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '88.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.guestservice.goodsAdd).toHaveBeenCalledWith({
        name: 'Bathrobe',
        type: 'minibar',
        description: '',
        number: 5,
        price: 8850,
      }),
    );
  });

  test('shows a good’s price in units and sends it back unchanged in cents', async () => {
    await renderInApp(<GoodsFormModal row={nuts} open onClose={() => undefined} />);
    expect(screen.getByLabelText('Price')).toHaveProperty('value', '38.50');
    await userEvent.clear(screen.getByLabelText('Stock'));
    await userEvent.type(screen.getByLabelText('Stock'), '11');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.guestservice.goodsUpdate).toHaveBeenCalledWith({
        id: 7,
        name: 'Nuts',
        type: 'minibar',
        description: '200 g',
        number: 11,
        price: 3850,
      }),
    );
  });
});
