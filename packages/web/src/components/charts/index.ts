/** Our light SVG charts: one `Chart` (stacked bars or areas) and the traffic chart built on it. */
export { Chart } from './chart';
export type { ChartDatum, ChartProps, ChartSeries } from './chart';
export { TrafficChart } from './traffic-chart';
export type { TrafficBar } from './traffic-chart';
export { niceTicks } from './scale';
export { formatDay } from './day';
