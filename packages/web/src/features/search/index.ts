export { SearchLauncher } from './search-launcher';
export type { SearchPage } from './types';
