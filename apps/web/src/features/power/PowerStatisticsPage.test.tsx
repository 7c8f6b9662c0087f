// @vitest-environment jsdom
import type { PowerSaving, PowerStatistics, PowerTop } from '@roompilot/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { GuardUser } from '../../app/guard';
import { CurrentUserContext } from '../../app/user';
import { renderInApp } from '../../test/render';

const api = vi.hoisted(() => ({
  power: { statistics: vi.fn(), top: vi.fn(), saving: vi.fn(), export: vi.fn() },
}));
vi.mock('../../app/api', () => ({ api }));

const { default: PowerStatisticsPage } = await import('./PowerStatisticsPage');

/** A quiet hotel: an hour in which its rooms used a few watt-hours. */
const statistics: PowerStatistics = {
  total_kwh: 0.004,
  series: [
    {
      key: 'hotel',
      name: 'Whole hotel',
      points: [
        { at: '2026-11-27T16:00:00.000Z', kwh: 0.004 },
        { at: '2026-11-27T17:00:00.000Z', kwh: 0 },
      ],
    },
  ],
};
const top: PowerTop = {
  rooms: [
    { room_id: 1, room_num: '0201', floor_num: 2, room_type: 'Standard', kwh: 1.5 },
    { room_id: 2, room_num: '0202', floor_num: 2, room_type: 'Standard', kwh: 0.003 },
  ],
};
const noSaving: PowerSaving = {
  actions: 0,
  hours: 0,
  baseline_kwh: 0,
  actual_kwh: 0,
  saved_kwh: 0,
  total_kwh: 0.004,
};

/** A few watt-hours: the '<' and the figure held together (a no-break space). */
const UNDER_ONE_HUNDREDTH = '<\u00a00.01';
const MANAGER: GuardUser = { isAdmin: false, perms: ['pm_powerstatistics'] };

function renderPage(saving: PowerSaving) {
  api.power.saving.mockResolvedValue(saving);
  const info = { is_admin: false, perms: MANAGER.perms.map((val) => ({ val })) } as never;
  return renderInApp(
    <CurrentUserContext.Provider value={{ info, guard: MANAGER }}>
      <PowerStatisticsPage />
    </CurrentUserContext.Provider>,
  );
}

describe('the power statistics screen', () => {
  beforeEach(() => {
    api.power.statistics.mockResolvedValue(statistics);
    api.power.top.mockResolvedValue(top);
  });

  test("writes a few watt-hours as '< 0.01' kWh, not '0.00' as if nothing had been used", async () => {
    await renderPage(noSaving);
    const total = (await screen.findByText('Total consumption')).closest('.ant-statistic') as HTMLElement;
    expect(total).toHaveTextContent('< 0.01kWh');
    expect(screen.getByRole('img', { name: /Consumption in/ })).toHaveTextContent('Total < 0.01 kWh.');
    const rows = await screen.findAllByRole('row');
    const used = rows.slice(1).map((row) => within(row).getAllByRole('cell').at(-1)?.textContent);
    expect(used).toEqual(['1.50', UNDER_ONE_HUNDREDTH]);
  });
});
