import { fileURLToPath } from 'node:url';

/** Where journeys keep screenshots of what they saw (test artifacts, e2e/artifacts/screens). */
export const shots = (name: string) =>
  fileURLToPath(new URL(`../artifacts/screens/${name}.png`, import.meta.url));
