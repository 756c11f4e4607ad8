import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Mantine components that only some later pages use (forms, lists, help, tickets, search) or only the operators'
 * console: they load with those pages rather than with every console page's first screen.
 */
const PAGE_ONLY_COMPONENTS = [
  'Accordion',
  'Checkbox',
  'Code',
  'Combobox',
  'FileButton',
  'Highlight',
  'Image',
  'MultiSelect',
  'NumberInput',
  'Pagination',
  'PasswordInput',
  'Pill',
  'PillsInput',
  'Rating',
  'Switch',
  'Textarea',
  'Typography',
];

/**
 * Vendor groups keep the landing bundle small; console pages are split by their lazy imports. Mantine's
 * notifications load with the first toast (lib/notify.ts), its spotlight with the search.
 */
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  {
    name: 'mantine',
    test: new RegExp(
      String.raw`node_modules[\\/](@floating-ui[\\/]|react-remove-scroll|clsx[\\/]|@mantine[\\/](?!spotlight|notifications)` +
        String.raw`(?!core[\\/]esm[\\/]components[\\/](${PAGE_ONLY_COMPONENTS.join('|')})[\\/]))`,
    ),
  },
  // Every icon in one small chunk rather than a request per icon.
  { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/ },
  // (Not TanStack's infinite queries: only the operators' console pages with them.)
  { name: 'data', test: /node_modules[\\/](@tanstack|i18next|react-i18next|zod)[\\/](?!.*[iI]nfinite)/ },
];

/**
 * An endpoint's `summary` is for the API document the server builds; the browser never reads it. The build leaves the
 * text out of the contract's endpoint files (about 2.5 KiB of the first load), keeping the property.
 */
export function withoutSummaries(code: string): string {
  return code.replace(/^(\s*)summary:\s*(['"`])(?:\\.|(?!\2)[^\\])*\2,/gm, "$1summary: '',");
}

const contractSummariesOut: Plugin = {
  name: 'portal-contract-summaries-out',
  apply: 'build',
  transform(code, id) {
    return /[\\/]contract[\\/]src[\\/]endpoints[\\/][^\\/]+\.ts$/.test(id) ? withoutSummaries(code) : null;
  },
};

/** In development the operators' console answers at /admin and under it, as the server serves it (ADMIN_PATH). */
const adminInDevelopment: Plugin = {
  name: 'portal-admin-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/admin(\/|\?|$)/.test(req.url)) req.url = '/admin.html';
      next();
    });
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), adminInDevelopment, contractSummariesOut],
  // The prerender bundle (src/prerender.tsx) runs in Node at build time: the contract package is TypeScript source.
  ssr: { noExternal: ['@portal/contract'] },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        // scripts/prerender.mjs reads it to link the landing chunk and its styles from the prerendered pages.
        manifest: true,
        rolldownOptions: {
          // The customer app, and the operators' console (served only at ADMIN_PATH): two entries, no code of the
          // console in the customer app's chunks (shared vendor chunks aside).
          input: { index: 'index.html', admin: 'admin.html' },
          output: {
            codeSplitting: {
              groups: VENDOR_GROUPS,
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
}));
