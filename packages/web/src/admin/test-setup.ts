import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { addNamespace, i18n } from '../i18n/i18n';
import { resetApiClient } from '../lib/api-client';
import { saveTokens } from '../lib/token-store';
import type { FakeCall } from '../test/fake-fetch';
import { ADMIN_MESSAGE_LOADERS } from './i18n';

/** A staff API call's path without the prefix ("/users/7"). */
export const adminPath = (call: FakeCall) =>
  new URL(call.url, 'http://x').pathname.replace('/api/v1/admin', '');

/**
 * The console pages' test setup: the `admin` messages, a signed-in session and English for every test, the fake
 * fetch and mocks undone after each. Call it at the top of a page test file.
 */
export function setupAdminPageTests(): void {
  beforeAll(async () => {
    // Mantine's growing text areas listen for web fonts loading, which jsdom does not have.
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });
    await addNamespace('admin', (locale) => ADMIN_MESSAGE_LOADERS[locale]());
  });
  beforeEach(async () => {
    resetApiClient();
    saveTokens('acc', 'ref', true);
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
