import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterBar, FilterSelect } from './filter-bar';
import { asPhone } from '../test/as-phone';

afterEach(() => vi.unstubAllGlobals());

function renderBar(count: number) {
  render(
    <MantineProvider>
      <FilterBar
        label="筛选节点"
        active={count > 0}
        count={count}
        onReset={() => {}}
        resetLabel="清除"
        testId="f"
      >
        <FilterSelect
          label="地区"
          value={null}
          allLabel="全部地区"
          options={[{ value: 'asia', label: '亚洲' }]}
          onChange={() => {}}
          testId="f-region"
        />
      </FilterBar>
    </MantineProvider>,
  );
}

describe('filters on phones', () => {
  it('are shown as they are on wider screens (no toggle)', () => {
    renderBar(1);
    expect(screen.queryByTestId('f-toggle')).toBeNull();
    expect(screen.getByRole('search', { name: '筛选节点' })).toBeTruthy();
  });

  it('fold behind one button that counts the filters in force and opens them', () => {
    asPhone();
    renderBar(2);
    const toggle = screen.getByTestId('f-toggle');
    expect(toggle.textContent).toBe('筛选节点 · 2');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.contains(screen.getByTestId('f-region'))).toBe(true);
  });

  it('say nothing of a count when none is in force', () => {
    asPhone();
    renderBar(0);
    expect(screen.getByTestId('f-toggle').textContent).toBe('筛选节点');
  });
});
