import { MantineProvider, Tabs } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollTabsList } from '../components/scroll-tabs-list';
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

  describe('ScrollTabsList', () => {
    afterEach(() => vi.restoreAllMocks());

    it('fades the edge where more tabs hide, the cue that the list scrolls', () => {
      vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(500);
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
      render(
        <MantineProvider theme={theme}>
          <Tabs defaultValue="a">
            <ScrollTabsList data-testid="list">
              <Tabs.Tab value="a">Browse plans</Tabs.Tab>
              <Tabs.Tab value="b">My subscriptions</Tabs.Tab>
              <Tabs.Tab value="c">Statistics</Tabs.Tab>
            </ScrollTabsList>
          </Tabs>
        </MantineProvider>,
      );
      const list = screen.getByTestId('list');
      // Still the theme's one scrolling line.
      expect(list.style.overflowX).toBe('auto');
      expect(list.hasAttribute('data-fade-end')).toBe(true);
      expect(list.hasAttribute('data-fade-start')).toBe(false);
      // An arrow on the faded edge, out of the tab order and the accessibility tree (the tabs stay the tab list's
      // only controls); a click pages the list towards the hidden tabs.
      const arrow = screen.getByTestId('tabs-scroll-end');
      expect(screen.queryByTestId('tabs-scroll-start')).toBeNull();
      expect(arrow.getAttribute('aria-hidden')).toBe('true');
      expect(arrow.tabIndex).toBe(-1);
      const scrollBy = vi.fn();
      list.scrollBy = scrollBy as typeof list.scrollBy;
      fireEvent.click(arrow);
      expect(scrollBy).toHaveBeenCalledWith({ left: 210, behavior: 'smooth' });
    });

    it('keeps its spacing props on the frame around the list and the arrows', () => {
      render(
        <MantineProvider theme={theme}>
          <Tabs defaultValue="a">
            <ScrollTabsList data-testid="list" mb="lg" aria-label="Tabs">
              <Tabs.Tab value="a">One</Tabs.Tab>
            </ScrollTabsList>
          </Tabs>
        </MantineProvider>,
      );
      const list = screen.getByTestId('list');
      expect(list.getAttribute('aria-label')).toBe('Tabs');
      expect(list.parentElement!.style.marginBottom).toBe('var(--mantine-spacing-lg)');
      expect(list.style.marginBottom).toBe('');
    });

    it('no fade when every tab fits', () => {
      render(
        <MantineProvider theme={theme}>
          <Tabs defaultValue="a">
            <ScrollTabsList data-testid="list">
              <Tabs.Tab value="a">One</Tabs.Tab>
            </ScrollTabsList>
          </Tabs>
        </MantineProvider>,
      );
      const list = screen.getByTestId('list');
      expect(list.hasAttribute('data-fade-end')).toBe(false);
      expect(list.hasAttribute('data-fade-start')).toBe(false);
      expect(screen.queryByTestId('tabs-scroll-end')).toBeNull();
    });
  });
});
