/**
 * The entry: loads the app in steps, one task each (React, the contract, the translations, then the app itself), so
 * that on a slow phone no single long task blocks input while the prerendered page is already readable. (Not
 * Mantine: a dynamic import of the whole package would defeat tree shaking.)
 */
const STEPS = [
  () => import('react-dom/client'),
  () => import('@portal/contract'),
  () => import('./i18n/i18n'),
  () => import('./start'),
];

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  for (const step of STEPS) {
    await step();
    await nextTask();
  }
})();
