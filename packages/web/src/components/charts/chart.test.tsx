import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { Chart } from './chart';
import { niceTicks } from './scale';
import { TrafficChart } from './traffic-chart';

const GB = 1024 ** 3;
const MB = 1024 ** 2;

function draw(node: ReactNode) {
  return render(<MantineProvider>{node}</MantineProvider>);
}

const ticks = () =>
  screen.getAllByText((_, el) => el?.tagName === 'text' && el.getAttribute('text-anchor') === 'end');
const bars = () => screen.getAllByTestId('chart-bar');
/** The top and the bottom of a bar segment's path (M x,bottom V … Q x,top …). */
function extent(segment: Element): { top: number; bottom: number } {
  const [, bottom, top] = /^M[-\d.]+,([-\d.]+)V[-\d.]+Q[-\d.]+,([-\d.]+)/.exec(
    segment.getAttribute('d') ?? '',
  )!;
  return { top: Number(top), bottom: Number(bottom) };
}
const height = (segment: Element) => extent(segment).bottom - extent(segment).top;
const plot = () => screen.getByRole('img');

beforeEach(async () => {
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TrafficChart', () => {
  const days = [
    { label: '1', day: '2026-11-01', download: 1 * GB, upload: 0.5 * GB },
    { label: '2', day: '2026-11-02', download: 0.5 * GB, upload: 0 },
    { label: '3', day: '2026-11-03', download: 0, upload: 0 },
    { label: '4', day: '2026-11-04', download: 256 * MB, upload: 12.5 * MB },
  ];

  it('draws round byte ticks with grid lines, a legend and a bar slot per day', () => {
    draw(<TrafficChart days={days} height={200} label="本月每日流量" />);
    expect(ticks().map((t) => t.textContent)).toEqual(['0', '0.5 GB', '1 GB', '1.5 GB']);
    expect(document.querySelectorAll('line')).toHaveLength(4);
    expect(bars()).toHaveLength(4);
    expect(screen.getByTestId('chart-legend').textContent).toBe('下载上传');
    expect(screen.getAllByTestId('chart-x-label').map((l) => l.textContent)).toEqual(['1', '2', '3', '4']);
  });

  it('stacks download under upload, heights proportional to the bytes, from the 0 line', () => {
    draw(<TrafficChart days={days} height={200} label="本月每日流量" />);
    const [first, second, third] = bars();
    const [down1, up1] = within(first!).getAllByText((_, el) => el?.tagName === 'path');
    expect(down1!.getAttribute('data-series')).toBe('download');
    expect(up1!.getAttribute('data-series')).toBe('upload');
    // The plot is 200 - 24 (x labels) - 8 (top) = 168 px tall for 1.5 GB.
    expect(height(down1!)).toBeCloseTo(112, 1);
    expect(height(up1!)).toBeCloseTo(56, 1);
    expect(extent(up1!).bottom).toBeCloseTo(extent(down1!).top, 5);
    expect(extent(down1!).bottom).toBeCloseTo(176, 5);
    const [down2] = within(second!).getAllByText((_, el) => el?.tagName === 'path');
    expect(height(down2!)).toBeCloseTo(height(down1!) / 2, 1);
    // A day without traffic has its slot but no bar.
    expect(third!.children).toHaveLength(0);
  });

  it('shows the day and the exact values on keyboard focus, and moves with the arrow keys', () => {
    draw(<TrafficChart days={days} height={200} label="本月每日流量" />);
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
    const target = plot();
    expect(target.getAttribute('tabindex')).toBe('0');
    expect(target.getAttribute('aria-label')).toBe('本月每日流量');
    act(() => target.focus());
    // The latest day first.
    let tooltip = screen.getByTestId('chart-tooltip');
    expect(tooltip.textContent).toBe('11月4日下载256 MB上传12.5 MB');
    fireEvent.keyDown(target, { key: 'ArrowLeft' });
    fireEvent.keyDown(target, { key: 'ArrowLeft' });
    fireEvent.keyDown(target, { key: 'ArrowLeft' });
    tooltip = screen.getByTestId('chart-tooltip');
    expect(tooltip.textContent).toBe('11月1日下载1 GB上传512 MB');
    expect(screen.getByTestId('chart-announcement').textContent).toBe('11月1日: 下载 1 GB, 上传 512 MB');
    fireEvent.keyDown(target, { key: 'End' });
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('11月4日');
    fireEvent.keyDown(target, { key: 'Escape' });
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
    act(() => target.blur());
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });

  it('shows the tooltip of the day under the pointer', () => {
    draw(<TrafficChart days={days} height={200} label="本月每日流量" />);
    // jsdom has no layout: the chart is drawn 600 px wide from x = 0, the last slot at the right end.
    fireEvent.pointerMove(plot(), { clientX: 590 });
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('11月4日');
    fireEvent.pointerLeave(plot());
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });

  it('gives screen readers a table of every value', () => {
    draw(<TrafficChart days={days} height={200} label="本月每日流量" />);
    const table = screen.getByRole('table', { name: '本月每日流量' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '下载上传',
      '11月1日1 GB512 MB',
      '11月2日512 MB0 B',
      '11月3日0 B0 B',
      '11月4日256 MB12.5 MB',
    ]);
  });

  it('draws an empty month as a scale without bars or a focus stop', () => {
    draw(<TrafficChart days={[]} height={200} label="本月每日流量" />);
    expect(screen.queryAllByTestId('chart-bar')).toHaveLength(0);
    expect(screen.queryAllByTestId('chart-x-label')).toHaveLength(0);
    expect(ticks().map((t) => t.textContent)).toEqual(['0', '1 MB']);
    expect(plot().hasAttribute('tabindex')).toBe(false);
    fireEvent.keyDown(plot(), { key: 'ArrowLeft' });
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(1);
  });

  it('thins the x labels on a phone so that they never overlap, the last day always labelled', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    const month = Array.from({ length: 31 }, (_, i) => ({ label: String(i + 1), download: GB, upload: 0 }));
    draw(<TrafficChart days={month} height={200} label="本月每日流量" />);
    const labels = screen.getAllByTestId('chart-x-label');
    expect(labels.length).toBeLessThan(31);
    expect(labels.at(-1)!.textContent).toBe('31');
    const xs = labels.map((l) => Number(l.getAttribute('x')));
    // Two digits at 12 px are about 15 px wide.
    for (let i = 1; i < xs.length; i += 1) expect(xs[i]! - xs[i - 1]!).toBeGreaterThan(20);
    expect(Math.max(...xs)).toBeLessThanOrEqual(320);
    expect(document.querySelector('svg')!.getAttribute('width')).toBe('320');
  });
});

describe('Chart (area)', () => {
  const data = [
    { label: '11-04', title: '11月4日', values: { balance: 1200 } },
    { label: '11-05', title: '11月5日', values: { balance: 1234.5 } },
  ];

  function balance() {
    return (
      <>
        <h2 id="title">近 30 天余额变化</h2>
        <Chart
          type="area"
          height={220}
          labelledBy="title"
          data={data}
          series={[{ key: 'balance', label: '余额', color: 'var(--mantine-color-teal-6)' }]}
          ticks={niceTicks(1200, 1234.5)}
          formatTick={(v) => `¥${v.toLocaleString('en-US')}`}
          formatValue={(v) => `¥${v.toLocaleString('en-US', { minimumFractionDigits: 2 })}`}
        />
      </>
    );
  }

  it('draws the line and its area from 0 with round amounts on the axis', () => {
    draw(balance());
    expect(ticks().map((t) => t.textContent)).toEqual(['¥0', '¥250', '¥500', '¥750', '¥1,000', '¥1,250']);
    expect(screen.queryAllByTestId('chart-bar')).toHaveLength(0);
    const paths = document.querySelectorAll('path');
    expect(paths).toHaveLength(2);
    // The area closes on the 0 line (220 - 24 = 196).
    expect(paths[0]!.getAttribute('d')).toMatch(/L[\d.]+,196L[\d.]+,196Z$/);
    expect(plot().getAttribute('aria-labelledby')).toBe('title');
    expect(screen.getByRole('table', { name: '近 30 天余额变化' })).toBeTruthy();
  });

  it('shows the exact amount of the focused day', () => {
    draw(balance());
    act(() => plot().focus());
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('11月5日余额¥1,234.50');
    expect(document.querySelector('circle')).toBeTruthy();
    fireEvent.keyDown(plot(), { key: 'Home' });
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('11月4日余额¥1,200.00');
  });
});
