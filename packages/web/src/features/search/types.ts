import type { Messages } from '../../i18n/locales/zh_CN';

/**
 * A console page the search can open: its key (its name is `nav.<key>`, its keywords `search.keywords.<key>`, so
 * the compiler checks that every page given to the search has both) and its path.
 */
export interface SearchPage {
  key: keyof Messages['nav'] & keyof Messages['search']['keywords'];
  path: string;
}
