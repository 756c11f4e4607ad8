import type { MouseEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import classes from './skip-link.module.css';

/**
 * The first stop of the Tab key: jumps over the navigation to the element with id `targetId` (which needs
 * tabIndex -1) and moves the keyboard focus there.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${targetId}`} className={classes.link} onClick={onClick} data-testid="skip-link">
      {t('console.skipToContent')}
    </a>
  );
}
