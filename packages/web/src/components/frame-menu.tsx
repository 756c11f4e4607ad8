import { cloneElement, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactElement, ReactNode, Ref } from 'react';
import { createPortal } from 'react-dom';
import { Link } from '../lib/router';
import classes from './frame-menu.module.css';

export interface FrameMenuItem {
  key: string;
  label: ReactNode;
  /** An icon before the label. */
  icon?: ReactNode;
  /** What follows the label (the current language's check mark). */
  after?: ReactNode;
  /** A route the item links to; otherwise it is a button running `onSelect`. */
  to?: string;
  onSelect?: () => void;
  /** The item is the page shown ('page') or the option in force ('true'). */
  current?: 'page' | 'true';
  lang?: string;
  testId?: string;
}

interface TriggerProps {
  ref: Ref<HTMLElement | null>;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: () => void;
}

interface FrameMenuProps {
  /** The button that opens the menu (an ActionIcon): it gets the menu button's attributes and handlers. */
  target: ReactElement<Partial<TriggerProps>>;
  items: FrameMenuItem[];
  /** A heading over the items (the group's name when the sidebar is collapsed). */
  label?: string;
  /** Under the button's end (the top bar) or beside it (the collapsed sidebar). */
  position: 'bottom-end' | 'right-start';
  width?: number;
  /** Opens on hover too, and closes this long after the pointer leaves (spec: LAYOUT.hoverMenuCloseDelayMs). */
  hoverCloseDelayMs?: number;
}

const GAP = 8;

/** The menu's button: the given element with the menu button's attributes and handlers. */
function Trigger({ element, ...props }: TriggerProps & { element: ReactElement<Partial<TriggerProps>> }) {
  return cloneElement(element, props);
}

function placement(trigger: HTMLElement, position: FrameMenuProps['position']): CSSProperties {
  const rect = trigger.getBoundingClientRect();
  if (position === 'right-start') return { top: rect.top, left: rect.right + GAP };
  return { top: rect.bottom + GAP, right: Math.max(GAP, document.documentElement.clientWidth - rect.right) };
}

/**
 * The frame's menus (the top bar's more-actions and language menus, the collapsed sidebar's groups): a WAI-ARIA
 * menu button without a positioning library. The frame's buttons sit at fixed places, so the menu opens under the
 * button's end or beside it, in a portal with fixed coordinates. Opening focuses the first item; the arrow keys,
 * Home and End move between items; Escape closes it and gives the focus back to the button; Tab, a click outside,
 * a scroll or a resize close it. Mantine's Menu (with its floating layer, some 30 KiB gzipped) stays with the pages
 * that need one, so a console page's first load does without it.
 */
export function FrameMenu({ target, items, label, position, width, hoverCloseDelayMs }: FrameMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({});
  // The button's node, kept as state (its ref callback is a setter) so that rendering never reads a ref.
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  const menuRef = useRef<HTMLDivElement | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  // The button comes from the event: a click replayed right after hydration (the landing page) arrives before the
  // ref's state has been set.
  const show = useCallback(
    (focus: 'first' | 'last' | null, button: HTMLElement) => {
      window.clearTimeout(closeTimer.current);
      focusOnOpen.current = focus;
      setTrigger(button);
      setStyle(placement(button, position));
      setOpen(true);
    },
    [position],
  );
  const hide = useCallback(
    (returnFocus: boolean) => {
      window.clearTimeout(closeTimer.current);
      setOpen(false);
      if (returnFocus) trigger?.focus();
    },
    [trigger],
  );

  const itemsOf = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  // Focus on opening; close on a click outside; follow the button when the page scrolls or the window resizes.
  useEffect(() => {
    if (!open || !trigger) return;
    const wanted = focusOnOpen.current;
    if (wanted) {
      const list = itemsOf();
      (wanted === 'first' ? list[0] : list[list.length - 1])?.focus();
    }
    const outside = (event: PointerEvent) => {
      const node = event.target as Node;
      if (!menuRef.current?.contains(node) && !trigger.contains(node)) hide(false);
    };
    const follow = () => setStyle(placement(trigger, position));
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('resize', follow);
    window.addEventListener('scroll', follow, true);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('resize', follow);
      window.removeEventListener('scroll', follow, true);
    };
  }, [open, trigger, position, hide]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const hovering = hoverCloseDelayMs !== undefined;
  const openOnHover = (event: MouseEvent<HTMLElement>) => show(null, event.currentTarget);
  const closeLater = () => {
    closeTimer.current = window.setTimeout(() => hide(false), hoverCloseDelayMs);
  };
  const keepOpen = () => window.clearTimeout(closeTimer.current);

  const button = (
    <Trigger
      element={target}
      ref={setTrigger}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? id : undefined}
      onClick={(event: MouseEvent<HTMLElement>) => (open ? hide(false) : show('first', event.currentTarget))}
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          show(event.key === 'ArrowDown' ? 'first' : 'last', event.currentTarget);
        }
      }}
      onMouseEnter={hovering ? openOnHover : undefined}
      onMouseLeave={hovering ? closeLater : undefined}
    />
  );

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = itemsOf();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') hide(true);
    else if (event.key === 'Tab') {
      hide(false);
      return;
    } else return;
    event.preventDefault();
  };

  const menu = open
    ? createPortal(
        <div
          ref={menuRef}
          id={id}
          role="menu"
          aria-label={label}
          className={classes.menu}
          style={{ ...style, width }}
          onKeyDown={onMenuKeyDown}
          onMouseEnter={hovering ? keepOpen : undefined}
          onMouseLeave={hovering ? closeLater : undefined}
        >
          {label && (
            <div className={classes.label} aria-hidden>
              {label}
            </div>
          )}
          {items.map((item) => {
            const content = (
              <>
                {item.icon && <span className={classes.icon}>{item.icon}</span>}
                <span className={classes.text}>{item.label}</span>
                {item.after && <span className={classes.after}>{item.after}</span>}
              </>
            );
            const common = {
              role: 'menuitem',
              tabIndex: -1,
              className: classes.item,
              lang: item.lang,
              'aria-current': item.current,
              'data-testid': item.testId,
              onClick: () => {
                hide(false);
                item.onSelect?.();
              },
            };
            return item.to ? (
              <Link key={item.key} to={item.to} {...common}>
                {content}
              </Link>
            ) : (
              <button key={item.key} type="button" {...common}>
                {content}
              </button>
            );
          })}
        </div>,
        document.body,
      )
    : null;

  return (
    <>
      {button}
      {menu}
    </>
  );
}
