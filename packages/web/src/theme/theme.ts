import './contrast.css';
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // WCAG AA: white on blue.6 (Mantine's default) is 3.6:1, on blue.8 5:1; filled colours whose white text would fall
  // below 4.5:1 (green, teal, orange, yellow, cyan, lime) get dark text instead (autoContrast).
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.185,
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // A status label never gives up its width to a crowded table row or card (it would clip to a letter or two).
    Badge: { styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } },
  },
});
