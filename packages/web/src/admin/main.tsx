/**
 * The operators' console's entry (admin.html, served at ADMIN_PATH only): its own bundle, so none of its code is in
 * the landing page's or the customer console's. It shares the design system, the languages, the themes and the API
 * client with them.
 */
const STEPS = [() => import('react-dom/client'), () => import('../i18n/i18n'), () => import('./start')];

void (async () => {
  for (const step of STEPS) await step();
})();
