import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '@portal/contract';
import type { Package } from '@portal/contract';
import { i18n } from '../../../i18n/i18n';
import { loadResource } from '../../../i18n/resources';
import { resetApiClient } from '../../../lib/api-client';
import { formatTraffic } from '../../../lib/package-pricing';
import { installFakeFetch, ok } from '../../../test/fake-fetch';
import { renderRoutes } from '../../../test/render';
import LandingLayout from './landing-layout';
import { previewPackage } from './landing-preview';

const GB = 1024 ** 3;

function pkg(over: Partial<Package>): Package {
  return {
    id: 1,
    name: 'Basic',
    description: '',
    type: 'monthly',
    traffic_bytes: String(20 * GB),
    validity_days: 30,
    price: '15.00',
    device_limit: 2,
    speed_limit_mbps: null,
    popular: false,
    on_sale: true,
    upgrade_targets: [],
    ...over,
  } as Package;
}

const CATALOGUE = [
  pkg({ id: 1 }),
  pkg({ id: 2, name: 'Team', traffic_bytes: null, device_limit: 10, popular: true, price: '88.00' }),
  pkg({
    id: 3,
    name: 'Plus',
    traffic_bytes: String(300 * GB),
    device_limit: 6,
    popular: true,
    price: '45.00',
  }),
];

function renderLanding(packages: Package[] = CATALOGUE) {
  installFakeFetch((call) => (call.url.endsWith('/subscriptions/packages') ? ok(packages) : ok(null)));
  return renderRoutes([{ path: '/', element: <LandingLayout /> }], '/');
}

beforeEach(async () => {
  resetApiClient();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('landing phone menu', () => {
  it('opens a labelled dialog with the sections, sign-in and register, and closes with Escape', async () => {
    renderLanding();
    const burger = await screen.findByRole('button', { name: 'Open menu' }, { timeout: 5000 });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(burger.getAttribute('aria-haspopup')).toBe('dialog');

    fireEvent.click(burger);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    const nav = within(menu).getByRole('navigation', { name: 'Site navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Features', '#features'],
      ['Pricing', '#pricing'],
      ['FAQ', '#faq'],
      ['Support', '#support'],
    ]);
    // Every target exists on the page.
    for (const id of ['features', 'pricing', 'faq', 'support'])
      expect(document.getElementById(id)).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Sign up' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Change language' })).toBeTruthy();
    expect(within(menu).getByTestId('theme-toggle')).toBeTruthy();

    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  }, 15_000);

  it('a section link closes the menu, then scrolls to the section and moves focus there', async () => {
    renderLanding();
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 5000 }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const faq = document.getElementById('faq')!;
    const scrolled = vi.spyOn(faq, 'scrollIntoView');

    fireEvent.click(within(menu).getByRole('link', { name: 'FAQ' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(window.location.hash).toBe('#faq');
    expect(document.activeElement).toBe(faq);
  }, 15_000);

  it('its Log in button closes the menu and opens the login form', async () => {
    renderLanding();
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 5000 }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    fireEvent.click(within(menu).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('login-form')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  }, 15_000);
});

describe('landing FAQ', () => {
  it('is an accordion of six questions, each opening its answer', async () => {
    renderLanding();
    const faq = await screen.findByTestId('landing-faq', {}, { timeout: 5000 });
    const questions = within(faq).getAllByRole('button');
    expect(questions).toHaveLength(6);
    // Each question is a heading under the section's h2.
    expect(within(faq).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    const refund = within(faq).getByRole('button', { name: 'Is there a trial or a refund?' });
    expect(refund.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(refund);
    expect(refund.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(refund.getAttribute('aria-controls')!)!;
    expect(panel.textContent).toContain('a new account gets it once its email is verified');
    expect(panel.textContent).toContain('ask within 7 days of buying');
  }, 15_000);

  it.each(LOCALES)('%s answers as the product rules say: 7 days, TRC20 and ERC20', async (locale) => {
    const faq = (await loadResource(locale)).home.faq;
    expect(faq.refund.a).toMatch(/7/);
    expect(faq.refund.a).not.toMatch(/30/);
    expect(faq.payment.a).toContain('TRC20');
    expect(faq.payment.a).toContain('ERC20');
    expect(faq.clients.a).toContain('Shadowrocket');
  });
});

describe('landing hero preview', () => {
  it('shows the most popular package on sale with a traffic limit, monthly first, else the demo Pro', () => {
    expect(previewPackage(CATALOGUE)).toEqual({ name: 'Plus', limitBytes: 300 * GB, devices: 6 });
    const yearly = pkg({ id: 4, name: 'Plus yearly', type: 'yearly', popular: true });
    expect(previewPackage([yearly, ...CATALOGUE]).name).toBe('Plus');
    expect(previewPackage([CATALOGUE[1]!])).toEqual({ name: null, limitBytes: 200 * GB, devices: 5 });
    expect(previewPackage(undefined).name).toBeNull();
    expect(previewPackage([pkg({ on_sale: false, popular: true, name: 'Old' })]).name).toBeNull();
  });

  it('draws the package from the catalogue once it has loaded, and says in its caption what it is', async () => {
    renderLanding();
    const preview = await screen.findByTestId('hero-preview', {}, { timeout: 5000 });
    expect(preview.tagName).toBe('FIGURE');
    expect(within(preview).getByText(/sample data/)).toBeTruthy();
    await waitFor(() => expect(within(preview).getByTestId('hero-preview-plan').textContent).toBe('Plus'));
    expect(preview.textContent).toContain('of 6 devices online');
    expect(preview.textContent).toContain(formatTraffic(300 * GB)!);
  }, 15_000);
});
