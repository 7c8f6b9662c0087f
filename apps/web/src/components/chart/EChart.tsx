import {
  BarChart,
  type BarSeriesOption,
  LineChart,
  type LineSeriesOption,
  PieChart,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type EChartsType, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the console's charts use, so the chunk stays small: add a chart or component here
// (and to ChartOption) when a screen needs one. SVG rather than canvas: the console's charts have
// hundreds of points, not millions; SVG stays sharp when zoomed, uses less memory on a phone and
// can be read by tests.
use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

/** The colours and type of the antd theme, as Chart.tsx reads them from the tokens. */
export interface ChartTheme {
  color: string[];
  text: string;
  secondaryText: string;
  line: string;
  background: string;
  fontFamily: string;
  fontSize: number;
}

/** An ECharts theme object from the antd tokens. */
function echartsTheme(theme: ChartTheme) {
  const axis = {
    axisLine: { lineStyle: { color: theme.line } },
    axisTick: { lineStyle: { color: theme.line } },
    axisLabel: { color: theme.secondaryText },
    splitLine: { lineStyle: { color: theme.line } },
  };
  return {
    color: theme.color,
    backgroundColor: 'transparent',
    textStyle: { fontFamily: theme.fontFamily, fontSize: theme.fontSize, color: theme.text },
    legend: { textStyle: { color: theme.text } },
    tooltip: { backgroundColor: theme.background, borderColor: theme.line, textStyle: { color: theme.text } },
    categoryAxis: axis,
    valueAxis: axis,
    timeAxis: axis,
  };
}

/** The reader asked the system for less motion: charts are drawn at once, without growing in. */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The option as drawn: without ECharts' animations when the reader asked for less motion. */
export function drawnOption(option: ChartOption, reducedMotion = window.matchMedia(REDUCED_MOTION).matches) {
  return reducedMotion ? { ...option, animation: false } : option;
}

interface Props {
  option: ChartOption;
  theme: ChartTheme;
  height: number;
}

/** The ECharts instance: created for a theme, fed the option, resized with its box, disposed. */
export default function EChart({ option, theme, height }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latestOption = useRef(option);
  latestOption.current = option;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, echartsTheme(theme), { renderer: 'svg' });
    instance.setOption(drawnOption(latestOption.current));
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);

  useEffect(() => {
    chart.current?.setOption(drawnOption(option), { notMerge: true });
  }, [option]);

  return <div ref={box} aria-hidden="true" style={{ width: '100%', height }} />;
}
