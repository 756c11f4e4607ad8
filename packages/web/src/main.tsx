/**
 * The entry: loads the app in steps, one task each (React, the translations, then the app itself), so that on a
 * slow phone no single long task blocks input while the prerendered page is already readable. (Not Mantine or the
 * contract: a dynamic import of a whole package's namespace would defeat tree shaking.)
 */
const STEPS = [() => import('react-dom/client'), () => import('./i18n/i18n'), () => import('./start')];

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  for (const step of STEPS) {
    await step();
    await nextTask();
  }
})();
