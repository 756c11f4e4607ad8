/**
 * The landing page's accent: the primary blue one shade darker than Mantine's default filled shade, so white text
 * on it and it as text on white both pass WCAG AA contrast (4.5:1).
 */
export const ACCENT = 'blue.8';
