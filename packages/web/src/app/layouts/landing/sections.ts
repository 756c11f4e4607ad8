/** The landing page's sections that the top bar and the phone menu link to, in page order. */
export const LANDING_SECTIONS = [
  { id: 'features', labelKey: 'landing.features' },
  { id: 'pricing', labelKey: 'landing.pricing' },
  { id: 'faq', labelKey: 'home.menu.faq' },
  { id: 'support', labelKey: 'landing.support' },
] as const;
