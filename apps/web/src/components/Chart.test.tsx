// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderInApp } from '../test/render';
import { Chart, type ChartOption } from './Chart';
import { drawnOption } from './chart/EChart';

const option: ChartOption = {
  xAxis: { type: 'category', data: ['Mon', 'Tue', 'Wed'] },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', name: 'kWh', data: [12, 30, 7] }],
};

describe('Chart', () => {
  test('is one image named by its label, with the summary for screen readers', async () => {
    await renderInApp(<Chart option={option} label="Consumption by day" summary="Mon 12 kWh, Tue 30 kWh, Wed 7 kWh" />);
    const figure = screen.getByRole('img', { name: 'Consumption by day' });
    expect(figure).toHaveTextContent('Mon 12 kWh, Tue 30 kWh, Wed 7 kWh');
  });

  test('draws the option once ECharts has loaded: the axis shows the categories', async () => {
    const { container } = await renderInApp(
      <Chart option={option} label="Consumption by day" summary="…" height={200} />,
    );
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull(), { timeout: 5000 });
    const drawn = container.querySelector('svg')?.textContent ?? '';
    // jsdom lays out no width, so ECharts skips every other label: the first one is always drawn.
    expect(drawn).toContain('Mon');
  });

  test('draws without animation when the reader asked for less motion', () => {
    expect(drawnOption(option, true)).toEqual({ ...option, animation: false });
    expect(drawnOption(option, false)).toBe(option);
    expect(drawnOption({ ...option, animation: true }, true).animation).toBe(false);
  });

  test('redraws when the option changes', async () => {
    const { container, rerender } = await renderInApp(<Chart option={option} label="By day" summary="…" />);
    await waitFor(() => expect(container.querySelector('svg')?.textContent).toContain('Wed'), { timeout: 5000 });
    rerender(
      <Chart
        option={{
          ...option,
          xAxis: { type: 'category', data: ['Jan', 'Feb'] },
          series: [{ type: 'bar', data: [1, 2] }],
        }}
        label="By month"
        summary="…"
      />,
    );
    await waitFor(() => expect(container.querySelector('svg')?.textContent).toContain('Feb'));
    expect(container.querySelector('svg')?.textContent).not.toContain('Wed');
  });
});
