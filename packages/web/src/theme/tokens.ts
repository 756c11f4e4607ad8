/**
 * The design tokens of the portal (docs/design-system.md): every colour, surface, radius, spacing step, type size and
 * shadow the interface uses. `theme.ts` builds the Mantine theme and its CSS variables from these values only, and
 * `tokens.test.ts` checks that the text colours meet WCAG AA (4.5:1) on the surfaces they are drawn on.
 */
import { DEFAULT_THEME } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

/** The brand hue (a deep, calm blue-indigo): the primary colour of buttons, links, active navigation and focus. */
export const BRAND_HUE = 224;

/** Brand palette, light to dark. Filled buttons use shade 8 (white text); links shade 7 (light) and 3 (dark). */
export const brand: MantineColorsTuple = [
  '#f0f4ff',
  '#dde6fd',
  '#b9caf9',
  '#8ca7f2',
  '#6e90ed',
  '#4770e1',
  '#2b58d4',
  '#234bb8',
  '#1c40a0',
  '#15317f',
];

/**
 * The dark scheme's greys, tinted with the brand hue (instead of the kit's neutral #242424 / #2e2e2e): 0 is the
 * text and headings (nearly white, not grey), 2 dimmed text, 4 borders, 6 cards and inputs, 7 the body, 8 the page.
 */
export const darkTinted: MantineColorsTuple = [
  '#e9ecf7',
  '#cbd1e2',
  '#a6adbf',
  '#808699',
  '#484f60',
  '#2e3445',
  '#212633',
  '#191d2a',
  '#11151f',
  '#0b0e16',
];

/**
 * The brand's light variant (secondary buttons such as "Manage codes") in the dark scheme. Mantine darkens shade 9
 * by half, which leaves a navy almost the colour of a dark card; this is a muted blue a clear step off the card, with
 * the light blue shade 2 as its text: a tint, where the filled buttons (DARK_FILLED_SHADE) are a bright blue with
 * white text, so the two no longer read as the same solid button.
 */
export const darkBrandLight = { background: '#27396b', hover: '#2d4279', color: brand[2] } as const;

/**
 * Grey light elements (closed, used, off badges) in the dark scheme. Mantine draws a light badge on its colour's
 * shade 9 darkened by half; for grey that is #111315, a hole in a dark card rather than a pill. This is a tinted grey
 * a step lighter than the card, with the near-white text.
 */
export const darkGrayLight = { background: '#363c4e', hover: '#40475b', color: darkTinted[0] } as const;

/**
 * Filled elements whose usual dark-scheme shade all but vanishes on the dark cards (gray 8 is about the card's own
 * colour; brand 8 is a navy next to the light variant's): the shade they use there instead. White text keeps 4.5:1
 * on it (tested).
 */
export const DARK_FILLED_SHADE: Readonly<Record<string, number>> = { gray: 7, brand: 6 };

/** The shade of the brand palette that filled elements use, per scheme. */
export const PRIMARY_SHADE = { light: 8, dark: 8 } as const;

export interface SchemeSurfaces {
  /** Behind the content of the console and public pages. */
  page: string;
  /** Header, sidebar, Paper (Mantine's body colour). */
  body: string;
  /** Cards. */
  card: string;
  /** Inputs and default buttons. */
  control: string;
  /** Dialogs (Modal), with `border` around them: in dark a step lighter than the body so they stand off the overlay. */
  modal: string;
  /** A disabled button or input: still a filled shape (not bare text), its text quieter. */
  disabled: string;
  disabledText: string;
  border: string;
  /** Body text and headings (nearly black, nearly white: headings are never grey). */
  text: string;
  dimmed: string;
  placeholder: string;
  error: string;
  link: string;
}

/** Surfaces and text colours of each scheme. */
export const surfaces: Record<'light' | 'dark', SchemeSurfaces> = {
  light: {
    page: '#f5f7fc',
    body: '#ffffff',
    card: '#ffffff',
    control: '#ffffff',
    modal: '#ffffff',
    disabled: '#e9ecef',
    disabledText: '#8a919e',
    border: '#dfe3ec',
    text: '#1b1f2b',
    dimmed: '#5b6272',
    placeholder: '#687083',
    error: '#c92a2a',
    link: brand[7],
  },
  dark: {
    page: darkTinted[8],
    body: darkTinted[7],
    card: darkTinted[6],
    control: darkTinted[6],
    modal: darkTinted[6],
    disabled: darkTinted[5],
    disabledText: darkTinted[3],
    border: darkTinted[4],
    text: darkTinted[0],
    dimmed: darkTinted[2],
    placeholder: '#8f96aa',
    error: '#ff8787',
    link: brand[3],
  },
};

/**
 * Text drawn in a colour on the light scheme (`c="teal"`, outline and light variants): Mantine's own shades of the
 * bright palettes fall short of 4.5:1 on white and on their light backgrounds, so these darker ones replace them.
 */
export const lightSchemeColorText: Record<string, string> = {
  red: '#c92a2a',
  green: '#257936',
  teal: '#077957',
  orange: '#be3f0d',
  yellow: '#a55500',
  cyan: '#0b7285',
  lime: '#49760a',
};

function adjusted(name: string, shades: Record<number, string>): MantineColorsTuple {
  const palette = [...(DEFAULT_THEME.colors[name] ?? [])];
  for (const [index, value] of Object.entries(shades)) palette[Number(index)] = value;
  return palette as unknown as MantineColorsTuple;
}

/**
 * Status palettes adjusted where the kit's shades fall short of 4.5:1: filled teal and cyan (shade 8) take the
 * darker shade 9 under white text; violet text on dark cards (shade 4) is a little lighter.
 */
export const statusPalettes: Record<string, MantineColorsTuple> = {
  teal: adjusted('teal', { 8: '#087f5b' }),
  cyan: adjusted('cyan', { 8: '#0b7285' }),
  violet: adjusted('violet', { 4: '#a185fb' }),
};

/** The colours status badges and icons use (features' status maps); the contrast test covers each. */
export const STATUS_COLORS = [
  'brand',
  'blue',
  'cyan',
  'grape',
  'gray',
  'green',
  'indigo',
  'orange',
  'red',
  'teal',
  'violet',
  'yellow',
] as const;

export const radius = { xs: '4px', sm: '6px', md: '10px', lg: '14px', xl: '20px' } as const;
export const DEFAULT_RADIUS = 'md';

export const spacing = { xs: '8px', sm: '12px', md: '16px', lg: '24px', xl: '32px' } as const;

/** The type scale: body text sizes and heading sizes (h1 is the page title). */
export const fontSizes = { xs: '12px', sm: '14px', md: '16px', lg: '18px', xl: '20px' } as const;
export const lineHeights = { xs: '1.4', sm: '1.45', md: '1.55', lg: '1.6', xl: '1.65' } as const;
export const headingSizes = {
  h1: { fontSize: '28px', lineHeight: '1.25' },
  h2: { fontSize: '22px', lineHeight: '1.3' },
  h3: { fontSize: '19px', lineHeight: '1.35' },
  h4: { fontSize: '17px', lineHeight: '1.4' },
  h5: { fontSize: '15px', lineHeight: '1.45' },
  h6: { fontSize: '14px', lineHeight: '1.5' },
} as const;

export const fontFamily =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

/** Shadows tinted with the brand hue (softer than black), for cards, menus and dialogs. */
export const shadows = {
  xs: '0 1px 2px rgba(16, 24, 48, 0.06)',
  sm: '0 1px 3px rgba(16, 24, 48, 0.08), 0 1px 2px rgba(16, 24, 48, 0.04)',
  md: '0 4px 12px rgba(16, 24, 48, 0.08), 0 2px 4px rgba(16, 24, 48, 0.05)',
  lg: '0 12px 28px rgba(16, 24, 48, 0.12), 0 4px 8px rgba(16, 24, 48, 0.06)',
  xl: '0 24px 48px rgba(16, 24, 48, 0.16), 0 8px 16px rgba(16, 24, 48, 0.08)',
} as const;

/** Shell dimensions: the top bar (slimmer on phones). */
export const shell = { headerHeight: 64, headerHeightPhone: 56 } as const;
