import { cloneElement, useState } from 'react';
import type { CSSProperties, FocusEvent, MouseEvent, ReactElement } from 'react';
import { createPortal } from 'react-dom';
import classes from './frame-hint.module.css';

interface HintTargetProps {
  onMouseEnter: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave: () => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: () => void;
  onPointerDown: () => void;
}

/**
 * The frame's tooltips (an icon button's name shown on hover or keyboard focus): under the button's end (the top
 * bar) or beside it (the collapsed sidebar), in a portal with fixed coordinates, so the sidebar's scroll area does
 * not cut it. The button keeps its own accessible name (aria-label); the hint only shows it. Mantine's Tooltip
 * (with its floating layer) stays with the pages that use one.
 */
export function FrameHint({
  label,
  position,
  children,
}: {
  label: string;
  position: 'bottom-end' | 'right';
  children: ReactElement<Partial<HintTargetProps>>;
}) {
  const [style, setStyle] = useState<CSSProperties | null>(null);
  const show = (button: HTMLElement) => {
    const rect = button.getBoundingClientRect();
    setStyle(
      position === 'right'
        ? { top: rect.top + rect.height / 2, left: rect.right + 8, transform: 'translateY(-50%)' }
        : { top: rect.bottom + 6, right: Math.max(8, document.documentElement.clientWidth - rect.right) },
    );
  };
  const hide = () => setStyle(null);
  const target = cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => show(event.currentTarget),
    onMouseLeave: hide,
    // Keyboard focus only: a click focuses the button too, and the hint would stay after it.
    onFocus: (event: FocusEvent<HTMLElement>) => {
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget);
    },
    onBlur: hide,
    onPointerDown: hide,
  });
  return (
    <>
      {target}
      {style &&
        createPortal(
          <div className={classes.hint} style={style} aria-hidden data-testid="frame-hint">
            {label}
          </div>,
          document.body,
        )}
    </>
  );
}
