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
  unestimated_actions: 0,
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

const savingCard = async () =>
  (await screen.findByText('Estimated saving of the air-conditioning policy')).closest('.ant-card') as HTMLElement;

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

  test('says the saving cannot be estimated yet when the policy acted but no action has a metered hour before it', async () => {
    await renderPage({ ...noSaving, unestimated_actions: 3 });
    const card = await savingCard();
    expect(await within(card).findByText('Not enough data yet to estimate the saving')).toBeVisible();
    expect(card).toHaveTextContent(
      '3 policy actions turned off or set back air conditioners in this period, but their rooms had no metered use in the hour before',
    );
    expect(card).not.toHaveTextContent('did not turn off or set back any air conditioner');
  });

  test('says the policy set no air conditioner back only when it did not', async () => {
    await renderPage(noSaving);
    const card = await savingCard();
    expect(
      await within(card).findByText('The policy did not turn off or set back any air conditioner in this period.'),
    ).toBeVisible();
    expect(card).not.toHaveTextContent('Not enough data yet');
  });

  test('shows the estimate once an action could be estimated, a true zero as 0.00', async () => {
    await renderPage({
      actions: 1,
      unestimated_actions: 2,
      hours: 0.5,
      baseline_kwh: 0.002,
      actual_kwh: 0.002,
      saved_kwh: 0,
      total_kwh: 0.004,
    });
    const card = await savingCard();
    const figure = async (title: string) =>
      (await within(card).findByText(title)).closest('.ant-statistic')?.querySelector('.ant-statistic-content')
        ?.textContent;
    expect(await figure('Estimated saving')).toBe('0.00kWh');
    expect(await figure('Actual use while the policy held')).toBe(`${UNDER_ONE_HUNDREDTH}kWh`);
    expect(card).not.toHaveTextContent('Not enough data yet');
  });
});
