import { Skeleton, theme } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import type { ChartOption, ChartTheme } from './chart/EChart';

export type { ChartOption } from './chart/EChart';

/** ECharts and its renderer are their own chunk, fetched the first time a screen draws a chart. */
const EChart = lazy(() => import('./chart/EChart'));

interface Props {
  /** An ECharts option built from the charts and components registered in chart/EChart.tsx. */
  option: ChartOption;
  /** The accessible name of the chart ("Consumption by day, kWh"). */
  label: string;
  /**
   * What the chart shows in words, for screen readers (and anyone who cannot see the canvas):
   * a short sentence or a list of the values.
   */
  summary: string;
  /** The chart's height in px; its width is that of its box. */
  height?: number;
}

/**
 * A chart drawn by ECharts, lazily loaded, themed from the antd tokens, resized with its box.
 * The canvas is hidden from assistive technology; the label and the summary say what it shows.
 */
export function Chart({ option, label, summary, height = 280 }: Props) {
  const { token } = theme.useToken();
  const chartTheme = useMemo<ChartTheme>(
    () => ({
      color: [
        token.colorPrimary,
        token.colorSuccess,
        token.colorWarning,
        token.colorError,
        token.purple,
        token.cyan,
        token.magenta,
        token.gold,
        token.geekblue,
        token.lime,
      ],
      text: token.colorText,
      secondaryText: token.colorTextSecondary,
      line: token.colorBorderSecondary,
      background: token.colorBgElevated,
      fontFamily: token.fontFamily,
      fontSize: token.fontSizeSM,
    }),
    [token],
  );
  return (
    <figure role="img" aria-label={label} style={{ margin: 0, width: '100%', minWidth: 0 }}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
        <EChart option={option} theme={chartTheme} height={height} />
      </Suspense>
      <figcaption style={visuallyHidden}>{summary}</figcaption>
    </figure>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
