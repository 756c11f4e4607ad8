import { useMediaQuery } from '@mantine/hooks';
import { LAYOUT } from '@portal/contract';

const PHONE_QUERY = `(max-width: ${LAYOUT.mobileBreakpointPx - 0.02}px)`;

/** Below the console's 768 px breakpoint (phones): cards instead of tables, overlay navigation, full-screen dialogs. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
