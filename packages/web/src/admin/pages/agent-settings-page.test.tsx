import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@portal/contract';
import type { AgentSettingsData, StaffMe } from '@portal/contract/admin';
import { installFakeFetch, ok } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { adminPath, setupAdminPageTests } from '../test-setup';
import { AgentSettingsPage } from './agent-settings-page';

const ME = (role: 'admin' | 'viewer'): StaffMe => ({
  id: 4,
  email: 'ops@example.com',
  nickname: null,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
});
const SAVED: AgentSettingsData = {
  routes: [
    { id: 3, action: 'block', match: ['ads.example.com', 'protocol:bittorrent'], action_value: '' },
    { id: 7, action: 'block_port', match: ['25'], action_value: '' },
  ],
  device_min_traffic_kb: 128,
  updated_at: '2026-11-24T00:00:00.000Z',
};

setupAdminPageTests();

const render = (role: 'admin' | 'viewer') =>
  renderRoutes(
    [{ path: '/agent-settings', element: <AgentSettingsPage me={ME(role)} /> }],
    '/agent-settings',
  );

describe('agent settings page', () => {
  it('edits the rules (add a DNS rule, reorder, remove) and the device minimum, and saves them in order', async () => {
    const { calls } = installFakeFetch((call) =>
      call.method === 'PUT' ? ok({ ...SAVED, updated_at: '2026-11-25T00:00:00.000Z' }) : ok(SAVED),
    );
    render('admin');
    const rows = await screen.findAllByTestId('rule-row');
    expect(rows).toHaveLength(2);
    expect((within(rows[0]!).getByTestId('rule-match') as HTMLTextAreaElement).value).toBe(
      'ads.example.com\nprotocol:bittorrent',
    );
    expect(within(rows[0]!).getByTestId('rule-agents').textContent).toBe('XrayR and V2bX');
    expect(within(rows[1]!).getByTestId('rule-agents').textContent).toBe('V2bX only');

    fireEvent.click(screen.getByTestId('rule-add'));
    const added = screen.getAllByTestId('rule-row')[2]!;
    fireEvent.change(within(added).getByTestId('rule-action'), { target: { value: 'dns' } });
    fireEvent.change(within(added).getByTestId('rule-match'), {
      target: { value: 'geosite:netflix\n\n  full:api.example.org  ' },
    });
    fireEvent.change(within(added).getByTestId('rule-value'), { target: { value: '1.1.1.1' } });
    // The new rule first, the port rule gone.
    fireEvent.click(within(added).getByTestId('rule-up'));
    fireEvent.click(within(screen.getAllByTestId('rule-row')[1]!).getByTestId('rule-up'));
    fireEvent.click(within(screen.getAllByTestId('rule-row')[2]!).getByTestId('rule-remove'));
    fireEvent.change(screen.getByTestId('agent-devices'), { target: { value: '256' } });
    fireEvent.click(screen.getByTestId('agent-settings-save'));

    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(adminPath(put)).toBe('/agent-settings');
    expect(put.body).toEqual({
      routes: [
        { action: 'dns', match: ['geosite:netflix', 'full:api.example.org'], action_value: '1.1.1.1' },
        { id: 3, action: 'block', match: ['ads.example.com', 'protocol:bittorrent'] },
      ],
      device_min_traffic_kb: 256,
    });
  });

  it('names the line that does not fit its rule and the missing DNS server, and sends nothing', async () => {
    const { calls } = installFakeFetch(() => ok({ ...SAVED, routes: [] }));
    render('admin');
    expect(await screen.findByTestId('rules-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('rule-add'));
    const row = screen.getByTestId('rule-row');
    fireEvent.change(within(row).getByTestId('rule-match'), {
      target: { value: 'good.example.com\nnot a domain' },
    });
    fireEvent.click(screen.getByTestId('agent-settings-save'));
    expect(await screen.findByText('not a domain: This entry does not fit the kind of rule')).toBeTruthy();

    fireEvent.change(within(row).getByTestId('rule-action'), { target: { value: 'dns' } });
    fireEvent.change(within(row).getByTestId('rule-match'), { target: { value: 'example.com' } });
    fireEvent.click(screen.getByTestId('agent-settings-save'));
    expect(
      await screen.findByText('Enter a DNS server: an IP address or an https:// (or tcp://) address'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a viewer the settings read-only', async () => {
    installFakeFetch(() => ok(SAVED));
    render('viewer');
    expect(await screen.findByTestId('agent-settings-summary')).toBeTruthy();
    expect(screen.getByTestId('agent-devices-summary').textContent).toContain('128 KiB');
    const rules = screen.getAllByTestId('rule-summary');
    expect(rules.map((r) => r.textContent)).toEqual([
      expect.stringContaining('ads.example.com, protocol:bittorrent'),
      expect.stringContaining('25'),
    ]);
    expect(screen.queryByTestId('agent-settings-save')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
