import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contractTexts } from './vite.config.js';

export default defineProject({
  plugins: [react(), contractTexts],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // jsdom renders of whole pages: 5 s ran out when the machine was busy; findBy waits are set in setup.ts.
    testTimeout: 20_000,
  },
});
