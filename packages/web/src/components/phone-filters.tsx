import { Button, Collapse, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconFilter } from '@tabler/icons-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { usePhone } from '../lib/use-phone';

interface PhoneFiltersProps {
  /** The button's text ("筛选"); the number of filters in force follows it. */
  label: string;
  /** How many filters are in force (0: none). */
  activeCount: number;
  /** `<testId>-toggle` on the button. */
  testId: string;
  children: ReactNode;
}

/**
 * A list's filters on a phone: folded behind one button that says how many are in force, so the list starts on the
 * first screen (five stacked selects took the whole of it). From 768 px the filters show as they are.
 */
export function PhoneFilters({ label, activeCount, testId, children }: PhoneFiltersProps) {
  const phone = usePhone();
  const [opened, { toggle }] = useDisclosure(false);
  const id = useId();
  if (!phone) return children;
  return (
    <Stack gap="xs" w="100%">
      <Button
        variant="default"
        fullWidth
        justify="space-between"
        leftSection={<IconFilter size={16} aria-hidden />}
        rightSection={
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
        aria-expanded={opened}
        aria-controls={id}
        onClick={toggle}
        data-testid={`${testId}-toggle`}
      >
        {activeCount > 0 ? `${label} · ${activeCount}` : label}
      </Button>
      <Collapse expanded={opened} id={id}>
        {children}
      </Collapse>
    </Stack>
  );
}
