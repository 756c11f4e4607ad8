import { ActionIcon } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { marker, renderRoutes } from '../test/render';
import { FrameHint } from './frame-hint';
import { FrameMenu } from './frame-menu';

function Menu({ onPick, hover }: { onPick: (what: string) => void; hover?: number }) {
  return (
    <FrameMenu
      position="bottom-end"
      label="Shortcuts"
      hoverCloseDelayMs={hover}
      target={
        <ActionIcon aria-label="More" data-testid="more">
          …
        </ActionIcon>
      }
      items={[
        { key: 'a', label: 'Top up', to: '/recharge', testId: 'item-a' },
        { key: 'b', label: 'English', onSelect: () => onPick('en'), current: 'true', testId: 'item-b' },
        { key: 'c', label: '中文', onSelect: () => onPick('zh'), lang: 'zh-CN', testId: 'item-c' },
      ]}
    />
  );
}

function renderMenu(hover?: number) {
  const onPick = vi.fn();
  const view = renderRoutes(
    [{ path: '/', element: <Menu onPick={onPick} hover={hover} /> }, marker('/recharge')],
    '/',
  );
  return { onPick, ...view };
}

describe('FrameMenu (the frame menus: a menu button without a positioning library)', () => {
  afterEach(() => vi.useRealTimers());

  it('is a menu button: closed, then a menu of items with the first focused, and Escape gives the focus back', () => {
    renderMenu();
    const button = screen.getByTestId('more');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Shortcuts' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Top up', 'English', '中文']);
    expect(document.activeElement).toBe(items[0]);
    // The option in force and a language's own name are marked.
    expect(items[1]!.getAttribute('aria-current')).toBe('true');
    expect(items[2]!.getAttribute('lang')).toBe('zh-CN');

    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('moves with the arrow keys, Home and End, wrapping around; ArrowUp on the button opens at the last item', () => {
    renderMenu();
    const button = screen.getByTestId('more');
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[2]);
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items[2]);
    // Tab leaves the menu and closes it.
    fireEvent.keyDown(menu, { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('runs an item and closes; a link item follows its route', async () => {
    const { onPick, router } = renderMenu();
    fireEvent.click(screen.getByTestId('more'));
    fireEvent.click(screen.getByTestId('item-c'));
    expect(onPick).toHaveBeenCalledWith('zh');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(screen.getByTestId('more'));
    fireEvent.click(screen.getByTestId('item-a'));
    expect(await screen.findByTestId('at')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/recharge');
  });

  it('closes on a click outside or a second click on the button, and follows the button on a scroll', () => {
    renderMenu();
    const button = screen.getByTestId('more');
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    fireEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
    // Open while the page scrolls (an anchor's smooth scroll): the menu stays, placed by the button again.
    const place = vi.spyOn(button, 'getBoundingClientRect');
    fireEvent.click(button);
    const before = place.mock.calls.length;
    fireEvent.scroll(window);
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(place.mock.calls.length).toBe(before + 1);
  });

  it('with a hover delay, opens on hover without taking the focus and closes that long after the pointer leaves', () => {
    vi.useFakeTimers();
    renderMenu(150);
    const button = screen.getByTestId('more');
    fireEvent.mouseEnter(button);
    const menu = screen.getByRole('menu');
    expect(document.activeElement).not.toBe(screen.getAllByRole('menuitem')[0]);
    fireEvent.mouseLeave(button);
    // Reaching the menu within the delay keeps it open.
    act(() => {
      vi.advanceTimersByTime(100);
    });
    fireEvent.mouseEnter(menu);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.mouseLeave(menu);
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(screen.getByRole('menu')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('FrameHint (the frame tooltips)', () => {
  it('shows the label on hover and on keyboard focus, not after a click, and hides when the pointer leaves', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <FrameHint label="Notifications" position="bottom-end">
              <ActionIcon aria-label="Notifications" data-testid="bell">
                !
              </ActionIcon>
            </FrameHint>
          ),
        },
      ],
      '/',
    );
    const bell = screen.getByTestId('bell');
    expect(screen.queryByTestId('frame-hint')).toBeNull();
    fireEvent.mouseEnter(bell);
    expect(screen.getByTestId('frame-hint').textContent).toBe('Notifications');
    fireEvent.pointerDown(bell);
    expect(screen.queryByTestId('frame-hint')).toBeNull();
    fireEvent.mouseEnter(bell);
    fireEvent.mouseLeave(bell);
    expect(screen.queryByTestId('frame-hint')).toBeNull();
    // The button keeps its own name; the hint is not a second one.
    expect(bell.getAttribute('aria-label')).toBe('Notifications');
  });
});
