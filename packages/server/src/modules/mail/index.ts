import type { ModuleFactory } from '../../app-context.js';

/** The outbox sender runs in tests too (they read what it delivers). */
export const mailModule: ModuleFactory = (ctx) => {
  const { mailer } = ctx;
  return { jobs: [{ start: () => mailer.start(), stop: () => mailer.stop(), runsInTests: true }] };
};
