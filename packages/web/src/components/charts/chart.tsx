import { VisuallyHidden } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { hasLabel, labelEvery, linearScale, monotonePath, roundedTopBar, textWidth } from './scale';
import classes from './chart.module.css';

export interface ChartSeries {
  key: string;
  /** In the legend, the tooltip and the table. */
  label: string;
  /** A CSS colour from the theme: `var(--mantine-color-teal-6)`. */
  color: string;
}

export interface ChartDatum {
  /** On the x axis ("5", "11-05"). */
  label: string;
  /** In the tooltip and the table ("Nov 5"); the label when not given. */
  title?: string;
  /** A number per series key; a missing one counts as 0. */
  values: Readonly<Record<string, number>>;
}

export interface ChartProps {
  /** `bar`: the series stacked in one bar per datum; `area`: each series a line over a filled area. */
  type: 'bar' | 'area';
  data: readonly ChartDatum[];
  series: readonly ChartSeries[];
  /** Of the plot with its x labels, in px (the legend comes on top). The width is the container's. */
  height: number;
  /** The y grid lines, ascending, in the data's units: the first is the bottom of the plot, the last its top. */
  ticks: readonly number[];
  formatTick: (value: number) => string;
  /** The exact value in the tooltip and the table. */
  formatValue: (value: number) => string;
  /** The accessible name: the text, or the id of the element that has it (a heading). */
  label?: string;
  labelledBy?: string;
  legend?: boolean;
}

const FONT_SIZE = 12;
/** Above the top grid line: room for half of its label. */
const PAD_TOP = 8;
/** Below the plot: the x labels. */
const X_AXIS_HEIGHT = 24;
/** Between a y label and the plot, and the least space between two x labels. */
const GAP = 8;
/** The width drawn before the container is measured (and in jsdom, which has no layout). */
const FALLBACK_WIDTH = 600;

function value(datum: ChartDatum, key: string): number {
  const v = datum.values[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/**
 * A small SVG chart sized to its container: y grid lines at the given round ticks with their labels, x labels
 * thinned so that they never overlap, stacked bars or areas, an optional legend. Pointing at a day, or focusing the
 * plot and moving with the arrow keys, shows a tooltip with the day and its exact values; a visually hidden table
 * gives every value to screen readers. No animation.
 */
export function Chart({
  type,
  data,
  series,
  height,
  ticks: givenTicks,
  formatTick,
  formatValue,
  label,
  labelledBy,
  legend = false,
}: ChartProps) {
  const ids = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const { ref: sizeRef, width: measured } = useElementSize<HTMLDivElement>();
  const plotRef = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(sizeRef, plotRef);
  const [initial, setInitial] = useState(0);
  useLayoutEffect(() => setInitial(plotRef.current?.clientWidth ?? 0), []);
  const [active, setActive] = useState<number | null>(null);
  const [byKey, setByKey] = useState(false);

  const width = Math.round(measured || initial || FALLBACK_WIDTH);
  const ticks = givenTicks.length >= 2 ? givenTicks : [0, givenTicks[0] || 1];
  const count = data.length;
  const last = count - 1;

  // The y axis: as wide as its longest label.
  const tickLabels = ticks.map((tick) => formatTick(tick));
  const axisWidth = Math.ceil(Math.max(0, ...tickLabels.map((l) => textWidth(l, FONT_SIZE)))) + GAP;
  const xLabelWidth = Math.max(0, ...data.map((d) => textWidth(d.label, FONT_SIZE))) + GAP;
  // Areas run from edge to edge: the last x label is centred on the right edge and needs half its width there.
  const left = axisWidth;
  const right = width - (type === 'area' ? Math.ceil(xLabelWidth / 2) : 2);
  const plotWidth = Math.max(0, right - left);
  const top = PAD_TOP;
  const bottom = Math.max(top + 1, height - X_AXIS_HEIGHT);
  const y = linearScale(ticks[0]!, ticks.at(-1)!, bottom, top);
  const zeroY = y(clamp(0, ticks[0]!, ticks.at(-1)!));

  const slot =
    type === 'bar' ? plotWidth / Math.max(1, count) : count > 1 ? plotWidth / (count - 1) : plotWidth;
  const x = (i: number) =>
    type === 'bar' ? left + slot * (i + 0.5) : count > 1 ? left + slot * i : left + plotWidth / 2;
  const every = labelEvery(slot, xLabelWidth);

  const indexAt = (clientX: number): number | null => {
    const box = plotRef.current?.getBoundingClientRect();
    if (!box || count === 0) return null;
    // The SVG is drawn in px of the container: a pointer's offset is a coordinate of the drawing.
    const px = clientX - box.left;
    const raw = type === 'bar' ? Math.floor((px - left) / slot) : Math.round((px - left) / (slot || 1));
    return clamp(raw, 0, last);
  };

  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    setByKey(false);
    setActive(indexAt(event.clientX));
  };
  const onPointerLeave = () => {
    if (document.activeElement !== plotRef.current) setActive(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const current = active ?? last;
    // Left and right move by a day (up and down still scroll the page); Escape hides the tooltip.
    const next: Record<string, number | null> = {
      ArrowRight: Math.min(last, current + 1),
      ArrowLeft: Math.max(0, current - 1),
      Home: 0,
      End: last,
    };
    if (active !== null) next.Escape = null;
    if (!(event.key in next)) return;
    event.preventDefault();
    setByKey(true);
    setActive(next[event.key]!);
  };

  const shown = active !== null && active <= last ? data[active]! : null;
  const titleOf = (d: ChartDatum) => d.title ?? d.label;
  const describe = (d: ChartDatum) =>
    `${titleOf(d)}: ${series.map((s) => `${s.label} ${formatValue(value(d, s.key))}`).join(', ')}`;

  let marks;
  if (type === 'bar') {
    const barWidth = clamp(slot * 0.66, 1, 36);
    marks = data.map((d, i) => {
      const x0 = x(i) - barWidth / 2;
      const segments = series.map((s) => ({ s, v: Math.max(0, value(d, s.key)) })).filter(({ v }) => v > 0);
      let sum = 0;
      let base = zeroY;
      return (
        <g key={i} data-testid="chart-bar" data-index={i}>
          {segments.map(({ s, v }, k) => {
            sum += v;
            // A day with a little traffic still shows: at least 1 px.
            const topY = Math.min(y(sum), base - 1);
            const path =
              k === segments.length - 1
                ? roundedTopBar(x0, topY, barWidth, base, 3)
                : roundedTopBar(x0, topY, barWidth, base, 0);
            const segment = <path key={s.key} d={path} fill={s.color} data-series={s.key} />;
            base = topY;
            return segment;
          })}
        </g>
      );
    });
  } else {
    marks = series.map((s) => {
      const points = data.map((d, i) => ({ x: x(i), y: y(value(d, s.key)) }));
      const line = monotonePath(points);
      const first = points[0];
      const end = points.at(-1);
      const gradient = `${ids}-${s.key}`;
      return (
        <g key={s.key} data-series={s.key}>
          <defs>
            <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={s.color} stopOpacity={0.28} />
              <stop offset="100%" stopColor={s.color} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          {first && end && (
            <path
              d={`${line}L${end.x},${zeroY}L${first.x},${zeroY}Z`}
              fill={`url(#${gradient})`}
              stroke="none"
            />
          )}
          <path d={line} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" />
        </g>
      );
    });
  }

  const accessibleName = labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label };

  return (
    <div className={classes.root}>
      {legend && (
        <div className={classes.legend} aria-hidden="true" data-testid="chart-legend">
          {series.map((s) => (
            <span key={s.key} className={classes.legendItem}>
              <span className={classes.swatch} style={{ background: s.color }} />
              {s.label}
            </span>
          ))}
        </div>
      )}
      <div
        ref={ref}
        className={classes.plot}
        style={{ height }}
        role="img"
        {...accessibleName}
        tabIndex={count > 0 ? 0 : undefined}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((current) => current ?? (count > 0 ? last : null))}
        onBlur={() => setActive(null)}
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={onPointerLeave}
        data-chart-type={type}
      >
        <svg className={classes.svg} width={width} height={height} aria-hidden="true" focusable="false">
          {active !== null && type === 'bar' && (
            <rect
              className={classes.cursor}
              x={left + slot * active}
              y={top}
              width={slot}
              height={bottom - top}
              rx={2}
            />
          )}
          {ticks.map((tick, i) => {
            const ty = Math.round(y(tick)) + 0.5;
            return (
              <g key={tick}>
                <line className={classes.grid} x1={left} x2={right} y1={ty} y2={ty} />
                <text className={classes.tick} x={left - GAP} y={ty} dy="0.35em" textAnchor="end">
                  {tickLabels[i]}
                </text>
              </g>
            );
          })}
          {marks}
          {data.map((d, i) =>
            hasLabel(i, count, every) ? (
              <text
                key={i}
                className={classes.tick}
                x={x(i)}
                y={bottom + 16}
                textAnchor="middle"
                data-testid="chart-x-label"
              >
                {d.label}
              </text>
            ) : null,
          )}
          {active !== null && type === 'area' && shown && (
            <g>
              <line className={classes.guide} x1={x(active)} x2={x(active)} y1={top} y2={bottom} />
              {series.map((s) => (
                <circle
                  key={s.key}
                  className={classes.dot}
                  cx={x(active)}
                  cy={y(value(shown, s.key))}
                  r={4}
                  fill={s.color}
                />
              ))}
            </g>
          )}
        </svg>
        {shown && active !== null && (
          <div
            className={classes.tooltip}
            data-testid="chart-tooltip"
            style={{
              left: x(active),
              top,
              transform: x(active) > width / 2 ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)',
            }}
          >
            <div className={classes.tooltipTitle}>{titleOf(shown)}</div>
            {series.map((s) => (
              <div key={s.key} className={classes.tooltipRow}>
                <span className={classes.swatch} style={{ background: s.color }} />
                <span>{s.label}</span>
                <span className={classes.tooltipValue}>{formatValue(value(shown, s.key))}</span>
              </div>
            ))}
          </div>
        )}
      </div>
      <VisuallyHidden aria-live="polite" data-testid="chart-announcement">
        {byKey && shown ? describe(shown) : ''}
      </VisuallyHidden>
      <VisuallyHidden component="table" {...accessibleName}>
        <thead>
          <tr>
            {/* The days are the row headers below; the corner stays empty (no text to load for it). */}
            <td />
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((d, i) => (
            <tr key={i}>
              <th scope="row">{titleOf(d)}</th>
              {series.map((s) => (
                <td key={s.key}>{formatValue(value(d, s.key))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </VisuallyHidden>
    </div>
  );
}
