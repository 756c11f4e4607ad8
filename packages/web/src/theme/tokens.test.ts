/**
 * WCAG AA for text (4.5:1), computed from the token values and the theme Mantine builds from them: body text, dimmed
 * text, links, errors and placeholders on the page, body, card and input surfaces, the brand's filled buttons, and every
 * status colour in the variants badges use (filled, light, outline/text), in both schemes.
 */
import {
  darken,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  getContrastColor,
  mergeMantineTheme,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme, variantColorResolver } from './theme';
import {
  DARK_FILLED_SHADE,
  darkBrandLight,
  darkGrayLight,
  PRIMARY_SHADE,
  STATUS_COLORS,
  lightSchemeColorText,
  surfaces,
} from './tokens';

const AA = 4.5;
const merged = mergeMantineTheme(DEFAULT_THEME, theme);

/** A shade of a theme palette (the test fails on a palette the theme does not have). */
function shadeOf(color: string, index: number): string {
  const value = merged.colors[color]?.[index];
  if (!value) throw new Error(`no ${color}.${index} in the theme`);
  return value;
}

function rgb(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex?.[1]) {
    const n = Number.parseInt(hex[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const fn = /^rgba?\(\s*([\d.]+),\s*([\d.]+),\s*([\d.]+)/i.exec(color);
  if (fn) return [Number(fn[1]), Number(fn[2]), Number(fn[3])];
  throw new Error(`not a colour: ${color}`);
}

function luminance(color: string): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgb(color);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The text colour Mantine puts on a filled element of this colour (autoContrast). */
function onFilled(color: string, scheme: 'light' | 'dark'): string {
  const variable = getContrastColor({ color, theme: merged, colorScheme: scheme, autoContrast: true });
  return variable.includes('black') ? merged.black : merged.white;
}

type Scheme = 'light' | 'dark';
const SCHEMES: Scheme[] = ['light', 'dark'];

describe('contrast of the design tokens (WCAG AA, 4.5:1)', () => {
  it('the contrast helper agrees with known ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('the CSS variables carry the token values', () => {
    const vars = cssVariablesResolver(merged);
    expect(vars.light['--mantine-color-dimmed']).toBe(surfaces.light.dimmed);
    expect(vars.dark['--mantine-color-body']).toBe(surfaces.dark.body);
    expect(vars.dark['--mantine-color-text']).toBe(surfaces.dark.text);
    expect(vars.light['--mantine-color-teal-light-color']).toBe(lightSchemeColorText.teal);
    expect(vars.dark['--mantine-color-gray-filled']).toBe('var(--mantine-color-gray-7)');
  });

  for (const scheme of SCHEMES) {
    const s = surfaces[scheme];
    const backgrounds = { page: s.page, body: s.body, card: s.card, control: s.control, modal: s.modal };
    const ratios: [string, number][] = [];
    const check = (label: string, fg: string, bg: string) => ratios.push([label, contrast(fg, bg)]);

    for (const [name, bg] of Object.entries(backgrounds)) {
      check(`text on ${name}`, s.text, bg);
      check(`dimmed on ${name}`, s.dimmed, bg);
      check(`link on ${name}`, s.link, bg);
      check(`error on ${name}`, s.error, bg);
    }
    check('placeholder on an input', s.placeholder, s.control);
    const brandFilled = shadeOf(
      'brand',
      scheme === 'dark' ? (DARK_FILLED_SHADE.brand ?? PRIMARY_SHADE.dark) : PRIMARY_SHADE.light,
    );
    check('text on a brand filled button', onFilled('brand', scheme), brandFilled);
    if (scheme === 'dark') {
      check('text on a brand light button', darkBrandLight.color, darkBrandLight.background);
      check('text on a hovered brand light button', darkBrandLight.color, darkBrandLight.hover);
      // Highlighted rows (unread announcements) use the same background under dimmed text.
      check('dimmed on the brand light background', s.dimmed, darkBrandLight.background);
    }

    for (const color of STATUS_COLORS) {
      const palette = (index: number) => shadeOf(color, index);
      const shade = PRIMARY_SHADE[scheme];
      const filledShade = scheme === 'dark' ? (DARK_FILLED_SHADE[color] ?? shade) : shade;
      check(`${color}: filled badge`, onFilled(color, scheme), palette(filledShade));
      if (scheme === 'light') {
        const text = lightSchemeColorText[color] ?? palette(shade);
        const lightColor = color === 'red' ? palette(9) : (lightSchemeColorText[color] ?? palette(9));
        check(`${color}: light badge`, lightColor, palette(1));
        for (const [name, bg] of Object.entries(backgrounds)) check(`${color}: text on ${name}`, text, bg);
      } else {
        if (color === 'gray') check('gray: light badge', darkGrayLight.color, darkGrayLight.background);
        else check(`${color}: light badge`, palette(0), darken(palette(9), 0.5));
        for (const [name, bg] of Object.entries(backgrounds))
          check(`${color}: text on ${name}`, palette(4), bg);
      }
    }

    it(`${scheme} scheme: every pair reaches 4.5:1`, () => {
      const failing = ratios
        .filter(([, ratio]) => ratio < AA)
        .map(([label, r]) => `${label} ${r.toFixed(2)}`);
      expect(failing).toEqual([]);
      expect(ratios.length).toBeGreaterThan(60);
    });
  }

  it('dark: dialogs, disabled buttons and light brand buttons stand off the card they sit on', () => {
    const d = surfaces.dark;
    // A dialog is lighter than the page and body behind the overlay; its border is visible on it.
    expect(contrast(d.modal, d.page)).toBeGreaterThan(1.2);
    expect(contrast(d.border, d.modal)).toBeGreaterThan(1.5);
    // A disabled button keeps a fill that differs from the card (it does not read as bare text).
    expect(contrast(d.disabled, d.card)).toBeGreaterThan(1.15);
    // The light brand variant is clearly a blue shape on a card, not the card's own navy.
    expect(contrast(darkBrandLight.background, d.card)).toBeGreaterThan(1.3);
    // A light (secondary) button and a filled (primary) one are told apart at a glance.
    expect(contrast(shadeOf('brand', DARK_FILLED_SHADE.brand!), darkBrandLight.background)).toBeGreaterThan(
      1.5,
    );
    // So is a grey light badge (closed, used): a lighter pill, not a darker hole.
    expect(contrast(darkGrayLight.background, d.card)).toBeGreaterThan(1.3);
    expect(contrast(darkGrayLight.background, d.page)).toBeGreaterThan(1.3);
    const vars = cssVariablesResolver(merged);
    expect(vars.dark['--portal-color-modal']).toBe(d.modal);
    expect(vars.dark['--mantine-color-disabled']).toBe(d.disabled);
    expect(vars.dark['--mantine-color-brand-light']).toBe(darkBrandLight.background);
  });

  it('dark surfaces are tinted with the brand hue, not the kit greys', () => {
    expect(surfaces.dark.body).not.toBe('#242424');
    expect(surfaces.dark.card).not.toBe('#2e2e2e');
    const [r, g, b] = rgb(surfaces.dark.body);
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
    // Headings and text are nearly white, not grey.
    expect(luminance(surfaces.dark.text)).toBeGreaterThan(0.75);
  });
});

describe('subtle buttons', () => {
  const resolve = (color: string, variant: string) =>
    variantColorResolver({ color, variant, theme: merged, gradient: undefined, autoContrast: true });

  it('write their label in the colour text shade (tested on every surface), so a red "Delete" stays red in dark', () => {
    expect(resolve('red', 'subtle').color).toBe('var(--mantine-color-red-text)');
    expect(resolve('brand', 'subtle').color).toBe('var(--mantine-color-brand-text)');
    // Greys, and every other variant, keep what Mantine gives them.
    expect(resolve('gray', 'subtle')).toEqual(
      defaultVariantColorsResolver({ color: 'gray', variant: 'subtle', theme: merged, autoContrast: true }),
    );
    expect(resolve('red', 'light')).toEqual(
      defaultVariantColorsResolver({ color: 'red', variant: 'light', theme: merged, autoContrast: true }),
    );
  });
});
