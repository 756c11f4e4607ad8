import { MantineProvider, Tabs } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('shared Tabs style', () => {
  it('a tab list keeps one line and scrolls sideways instead of wrapping', () => {
    render(
      <MantineProvider theme={theme}>
        <Tabs defaultValue="a">
          <Tabs.List data-testid="list">
            <Tabs.Tab value="a">Browse plans</Tabs.Tab>
            <Tabs.Tab value="b">My subscriptions</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      </MantineProvider>,
    );
    const list = screen.getByTestId('list');
    expect(list.style.flexWrap).toBe('nowrap');
    expect(list.style.overflowX).toBe('auto');
    expect(screen.getByRole('tab', { name: 'Browse plans' }).style.whiteSpace).toBe('nowrap');
  });
});
