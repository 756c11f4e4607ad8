import './contrast.css';
import './touch.css';
import tabsClasses from './tabs.module.css';
import { createTheme, defaultVariantColorsResolver } from '@mantine/core';
import type { CSSVariablesResolver, VariantColorsResolver } from '@mantine/core';
import {
  brand,
  darkBrandLight,
  darkGrayLight,
  darkTinted,
  DEFAULT_RADIUS,
  fontFamily,
  fontSizes,
  headingSizes,
  lightSchemeColorText,
  lineHeights,
  PRIMARY_SHADE,
  radius,
  shadows,
  spacing,
  statusPalettes,
  DARK_FILLED_SHADE,
  surfaces,
} from './tokens';

/**
 * A subtle button (no fill: "Delete", "Remove from staff", "Sign out") writes its label in the colour's text shade,
 * the one tested on every surface. Mantine gives it the light variant's label colour, which in the dark scheme is
 * shade 0 (meant for a tinted fill), so a red "Delete" read as white. Greys keep theirs.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const color = input.color ?? input.theme.primaryColor;
  if (input.variant !== 'subtle' || !(color in input.theme.colors) || color === 'gray' || color === 'dark')
    return resolved;
  return { ...resolved, color: `var(--mantine-color-${color}-text)` };
};

/** The Mantine theme, built from the tokens only (docs/design-system.md). */
export const theme = createTheme({
  colors: { brand, dark: darkTinted, ...statusPalettes },
  primaryColor: 'brand',
  primaryShade: PRIMARY_SHADE,
  // Filled colours whose white text would fall below 4.5:1 (green, teal, orange, yellow, cyan, lime) get dark text.
  autoContrast: true,
  variantColorResolver,
  luminanceThreshold: 0.185,
  black: surfaces.light.text,
  white: '#ffffff',
  defaultRadius: DEFAULT_RADIUS,
  radius,
  spacing,
  fontSizes,
  lineHeights,
  shadows,
  fontFamily,
  headings: { fontWeight: '700', sizes: headingSizes },
  components: {
    // A status label never gives up its width to a crowded table row or card (it would clip to a letter or two).
    // English badges are written as sentences ("Top-up code redeemed"), not in Mantine's capitals.
    Badge: {
      styles: {
        root: { flexShrink: 0, overflow: 'visible', textTransform: 'none' },
        label: { overflow: 'visible' },
      },
    },
    // A dialog is a surface of its own with a border, so it stands off the dimmed page in the dark scheme too.
    // (Plain objects, not `Modal.extend(…)`: that would bring the component itself into every page's first chunk.)
    Modal: {
      styles: {
        content: {
          backgroundColor: 'var(--portal-color-modal)',
          border: '1px solid var(--mantine-color-default-border)',
        },
        header: { backgroundColor: 'var(--portal-color-modal)' },
        // The dialog's title outranks its content (a bold figure inside must not look heavier than the title).
        title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' },
      },
    },
    // A field's hint sits under the field, not between its label and the box: fields side by side keep their labels
    // and boxes level whether or not one has a hint ("1–1000" beside an amount without one).
    InputWrapper: {
      defaultProps: { inputWrapperOrder: ['label', 'input', 'description', 'error'] },
    },
    // No separator lines between the unselected segments: one showed between two of three, which looked broken.
    SegmentedControl: { defaultProps: { withItemsBorders: false } },
    // Tabs keep one line and scroll sideways on phones instead of wrapping or being cut.
    Tabs: {
      classNames: { list: tabsClasses.list },
      styles: {
        list: { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' },
        tab: { flexShrink: 0, whiteSpace: 'nowrap' },
      },
    },
  },
});

/** Light-scheme text colours of the bright palettes (text, outline and light variants). */
function colorTextOverrides(): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(lightSchemeColorText)) {
    result[`--mantine-color-${name}-text`] = value;
    result[`--mantine-color-${name}-outline`] = value;
    if (name !== 'red') result[`--mantine-color-${name}-light-color`] = value;
  }
  return result;
}

/** The dark scheme's filled shade where the usual one disappears on the cards (DARK_FILLED_SHADE). */
function darkFilledOverrides(): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, shade] of Object.entries(DARK_FILLED_SHADE)) {
    result[`--mantine-color-${name}-filled`] = `var(--mantine-color-${name}-${shade})`;
    result[`--mantine-color-${name}-filled-hover`] = `var(--mantine-color-${name}-${shade + 1})`;
  }
  return result;
}

/** Surfaces and text colours of both schemes from the tokens; `--portal-color-page` is the page behind cards. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--portal-color-page': surfaces.light.page,
    '--mantine-color-body': surfaces.light.body,
    '--mantine-color-text': surfaces.light.text,
    '--mantine-color-default': surfaces.light.control,
    '--mantine-color-default-border': surfaces.light.border,
    '--portal-color-modal': surfaces.light.modal,
    '--mantine-color-disabled': surfaces.light.disabled,
    '--mantine-color-disabled-color': surfaces.light.disabledText,
    '--mantine-color-dimmed': surfaces.light.dimmed,
    '--mantine-color-placeholder': surfaces.light.placeholder,
    '--mantine-color-error': surfaces.light.error,
    '--mantine-color-anchor': surfaces.light.link,
    ...colorTextOverrides(),
  },
  dark: {
    '--portal-color-page': surfaces.dark.page,
    '--mantine-color-body': surfaces.dark.body,
    '--mantine-color-text': surfaces.dark.text,
    '--mantine-color-default': surfaces.dark.control,
    '--mantine-color-default-border': surfaces.dark.border,
    '--portal-color-modal': surfaces.dark.modal,
    '--mantine-color-disabled': surfaces.dark.disabled,
    '--mantine-color-disabled-color': surfaces.dark.disabledText,
    '--mantine-color-disabled-border': surfaces.dark.border,
    ...darkFilledOverrides(),
    '--mantine-color-brand-light': darkBrandLight.background,
    '--mantine-color-brand-light-hover': darkBrandLight.hover,
    '--mantine-color-brand-light-color': darkBrandLight.color,
    '--mantine-color-gray-light': darkGrayLight.background,
    '--mantine-color-gray-light-hover': darkGrayLight.hover,
    '--mantine-color-gray-light-color': darkGrayLight.color,
    '--mantine-color-dimmed': surfaces.dark.dimmed,
    '--mantine-color-placeholder': surfaces.dark.placeholder,
    '--mantine-color-error': surfaces.dark.error,
    '--mantine-color-anchor': surfaces.dark.link,
  },
});
