import { Alert, NativeSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { SS_OBFS_MODES, SS_PLUGINS } from '@portal/contract/admin';
import type { AdminNode, NodeInput } from '@portal/contract/admin';
import { translateValidation } from '../../i18n/i18n';

/** A Shadowsocks node's plugin as the form holds it. */
export interface SsPluginForm {
  type: 'none' | (typeof SS_PLUGINS)[number];
  /** simple-obfs */
  obfsMode: (typeof SS_OBFS_MODES)[number];
  host: string;
  /** v2ray-plugin */
  tls: boolean;
  path: string;
}

export function ssPluginFormOf(node: AdminNode | null): SsPluginForm {
  const p = node?.ss_plugin ?? null;
  return {
    type: p?.type ?? 'none',
    obfsMode: p?.type === 'obfs' ? p.mode : 'http',
    host: p?.host ?? '',
    tls: p?.type === 'v2ray-plugin' ? p.tls : false,
    path: p?.type === 'v2ray-plugin' ? (p.path ?? '') : '',
  };
}

const empty = (s: string) => (s.trim() === '' ? null : s.trim());

/** The request's `ss_plugin` (null: none). */
export function ssPluginInputOf(f: SsPluginForm): NodeInput['ss_plugin'] {
  if (f.type === 'obfs') return { type: 'obfs', mode: f.obfsMode, host: empty(f.host) };
  if (f.type === 'v2ray-plugin')
    return { type: 'v2ray-plugin', mode: 'websocket', tls: f.tls, host: empty(f.host), path: empty(f.path) };
  return null;
}

/**
 * The plugin fields of a Shadowsocks node, and a plain note on what runs it: XrayR runs obfs http itself; obfs tls
 * and v2ray-plugin no agent runs (README, "Shadowsocks plugins").
 */
export function SsPluginFields({
  value,
  onChange,
  error,
}: {
  value: SsPluginForm;
  onChange: (next: SsPluginForm) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('admin');
  const set = <K extends keyof SsPluginForm>(key: K, v: SsPluginForm[K]) => onChange({ ...value, [key]: v });
  const note =
    value.type === 'obfs' && value.obfsMode === 'http'
      ? t('nodes.form.ssPlugin.noteObfsHttp')
      : value.type !== 'none'
        ? t('nodes.form.ssPlugin.noteBeside', {
            program: value.type === 'obfs' ? 'obfs-server' : 'v2ray-plugin',
          })
        : null;
  return (
    <Stack gap="sm" data-testid="node-ss-plugin">
      <NativeSelect
        label={t('nodes.form.ssPlugin.label')}
        description={t('nodes.form.ssPlugin.hint')}
        data={(['none', ...SS_PLUGINS] as const).map((v) => ({
          value: v,
          label: t(`nodes.form.ssPlugin.types.${v}`),
        }))}
        value={value.type}
        onChange={(e) => set('type', e.currentTarget.value as SsPluginForm['type'])}
        error={translateValidation(error)}
        data-testid="node-field-ss_plugin"
      />
      {value.type !== 'none' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {value.type === 'obfs' && (
            <NativeSelect
              label={t('nodes.form.ssPlugin.obfsMode')}
              data={SS_OBFS_MODES.map((v) => ({ value: v, label: v }))}
              value={value.obfsMode}
              onChange={(e) => set('obfsMode', e.currentTarget.value as SsPluginForm['obfsMode'])}
              data-testid="node-field-ss_plugin-mode"
            />
          )}
          <TextInput
            label={t('nodes.form.ssPlugin.host')}
            description={t(
              value.type === 'obfs' ? 'nodes.form.ssPlugin.obfsHostHint' : 'nodes.form.ssPlugin.hostHint',
            )}
            // The hint under the field, so the inputs of the row line up.
            maxLength={253}
            value={value.host}
            onChange={(e) => set('host', e.currentTarget.value)}
            data-testid="node-field-ss_plugin-host"
          />
          {value.type === 'v2ray-plugin' && (
            <TextInput
              label={t('nodes.form.ssPlugin.path')}
              placeholder="/"
              maxLength={200}
              value={value.path}
              onChange={(e) => set('path', e.currentTarget.value)}
              data-testid="node-field-ss_plugin-path"
            />
          )}
          {value.type === 'v2ray-plugin' && (
            <Switch
              label={t('nodes.form.ssPlugin.tls')}
              checked={value.tls}
              onChange={(e) => set('tls', e.currentTarget.checked)}
              data-testid="node-field-ss_plugin-tls"
            />
          )}
        </SimpleGrid>
      )}
      {note && (
        <Alert color="gray" variant="light" data-testid="node-ss-plugin-note">
          {note}
        </Alert>
      )}
    </Stack>
  );
}
