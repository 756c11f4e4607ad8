import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import {
  AGENT_ROUTE_ACTIONS,
  AGENT_SETTINGS_LIMITS,
  XRAYR_ROUTE_ACTIONS,
  agentSettingsAdminApi,
} from '@portal/contract/admin';
import type { AgentRouteAction, AgentSettingsData, StaffMe } from '@portal/contract/admin';
import { translateValidation } from '../../i18n/i18n';
import { notify } from '../../lib/notify';
import { useAgentSettings, useSaveAgentSettings } from '../api';
import { PageTitle } from './page-title';

/** A rule being edited: `key` tells rows apart while they move; `id` is the server's, absent for a new rule. */
interface DraftRule {
  key: number;
  id?: number;
  action: AgentRouteAction;
  match: string;
  value: string;
}

/** Errors by field: `devices`, or `<rule key>.match` / `<rule key>.value`. */
type Errors = Record<string, string | undefined>;

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);

/** Which agents act on a rule of this kind. */
function AgentsBadge({ action }: { action: AgentRouteAction }) {
  const { t } = useTranslation('admin');
  const both = XRAYR_ROUTE_ACTIONS.includes(action);
  return (
    <Badge variant="light" color={both ? 'teal' : 'gray'} tt="none" data-testid="rule-agents">
      {both ? t('agentSettings.agentsBoth') : t('agentSettings.agentsV2bx')}
    </Badge>
  );
}

function SettingsForm({ saved }: { saved: AgentSettingsData }) {
  const { t } = useTranslation('admin');
  const save = useSaveAgentSettings();
  const nextKey = useRef(saved.routes.length);
  const [devices, setDevices] = useState<number | string>(saved.device_min_traffic_kb);
  const [rules, setRules] = useState<DraftRule[]>(() =>
    saved.routes.map((r, i) => ({
      key: i,
      id: r.id,
      action: r.action,
      match: r.match.join('\n'),
      value: r.action_value,
    })),
  );
  const [errors, setErrors] = useState<Errors>({});

  const change = (key: number, patch: Partial<DraftRule>) => {
    setRules((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setErrors((e) => ({ ...e, [`${key}.match`]: undefined, [`${key}.value`]: undefined }));
  };
  const move = (index: number, by: -1 | 1) =>
    setRules((all) => {
      const next = [...all];
      const [rule] = next.splice(index, 1);
      next.splice(index + by, 0, rule!);
      return next;
    });
  const add = () => {
    if (rules.length >= AGENT_SETTINGS_LIMITS.routes) return;
    setRules((all) => [...all, { key: nextKey.current++, action: 'block', match: '', value: '' }]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = agentSettingsAdminApi.agentSettingsInput.safeParse({
      routes: rules.map((r) => ({
        ...(r.id !== undefined ? { id: r.id } : {}),
        action: r.action,
        match: lines(r.match),
        ...(r.action === 'dns' ? { action_value: r.value.trim() } : {}),
      })),
      device_min_traffic_kb: typeof devices === 'number' ? devices : Number.NaN,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const [first, index, field, entry] = issue.path;
        if (first === 'device_min_traffic_kb') next.devices ??= issue.message;
        else if (first === 'routes' && typeof index === 'number') {
          const key = rules[index]!.key;
          const name = field === 'action_value' ? 'value' : 'match';
          // Name the line of the entry that does not fit.
          const message = translateValidation(issue.message);
          next[`${key}.${name}`] ??=
            name === 'match' && typeof entry === 'number'
              ? t('agentSettings.lineError', { line: lines(rules[index]!.match)[entry], message })
              : message;
        }
      }
      return setErrors(next);
    }
    save.mutate({ body: parsed.data }, { onSuccess: () => notify.success(t('agentSettings.saved')) });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="agent-settings-form">
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb={4}>
            {t('agentSettings.devicesTitle')}
          </Title>
          <NumberInput
            label={t('agentSettings.devicesLabel')}
            description={t('agentSettings.devicesHint')}
            value={devices}
            onChange={(v) => {
              setDevices(v);
              setErrors((e) => ({ ...e, devices: undefined }));
            }}
            min={0}
            max={AGENT_SETTINGS_LIMITS.deviceMinTrafficKbMax}
            allowDecimal={false}
            maw={360}
            error={translateValidation(errors.devices)}
            data-testid="agent-devices"
          />
        </Card>
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb={4}>
            {t('agentSettings.rulesTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('agentSettings.rulesIntro')}
          </Text>
          <Stack gap="sm">
            {rules.length === 0 && (
              <Text size="sm" data-testid="rules-empty">
                {t('agentSettings.noRules')}
              </Text>
            )}
            {rules.map((rule, index) => (
              <Card
                key={rule.key}
                withBorder
                radius="sm"
                padding="sm"
                data-testid="rule-row"
                role="group"
                aria-label={t('agentSettings.ruleLabel', { n: index + 1 })}
              >
                <Group justify="space-between" mb="xs" wrap="wrap">
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {t('agentSettings.ruleLabel', { n: index + 1 })}
                    </Text>
                    <AgentsBadge action={rule.action} />
                  </Group>
                  <Group gap={4}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('agentSettings.moveUp', { n: index + 1 })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      data-testid="rule-up"
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('agentSettings.moveDown', { n: index + 1 })}
                      disabled={index === rules.length - 1}
                      onClick={() => move(index, 1)}
                      data-testid="rule-down"
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('agentSettings.remove', { n: index + 1 })}
                      onClick={() => setRules((all) => all.filter((r) => r.key !== rule.key))}
                      data-testid="rule-remove"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
                <Stack gap="xs">
                  <NativeSelect
                    label={t('agentSettings.action')}
                    description={t(`agentSettings.actionHints.${rule.action}`)}
                    value={rule.action}
                    onChange={(e) => change(rule.key, { action: e.currentTarget.value as AgentRouteAction })}
                    data={AGENT_ROUTE_ACTIONS.map((a) => ({
                      value: a,
                      label: t(`agentSettings.actions.${a}`),
                    }))}
                    data-testid="rule-action"
                  />
                  <Textarea
                    label={t('agentSettings.match')}
                    description={t(`agentSettings.matchHints.${rule.action}`)}
                    value={rule.match}
                    onChange={(e) => change(rule.key, { match: e.currentTarget.value })}
                    autosize
                    minRows={2}
                    maxRows={10}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    error={errors[`${rule.key}.match`]}
                    data-testid="rule-match"
                  />
                  {rule.action === 'dns' && (
                    <TextInput
                      label={t('agentSettings.server')}
                      description={t('agentSettings.serverHint')}
                      value={rule.value}
                      onChange={(e) => change(rule.key, { value: e.currentTarget.value })}
                      maxLength={AGENT_SETTINGS_LIMITS.resolverLength}
                      error={errors[`${rule.key}.value`]}
                      data-testid="rule-value"
                    />
                  )}
                </Stack>
              </Card>
            ))}
            <Group>
              <Button
                variant="default"
                onClick={add}
                disabled={rules.length >= AGENT_SETTINGS_LIMITS.routes}
                data-testid="rule-add"
              >
                {t('agentSettings.add')}
              </Button>
            </Group>
          </Stack>
        </Card>
        {save.error && (
          <Alert color="red" role="alert" data-testid="agent-settings-error">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="agent-settings-save">
            {t('agentSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What a role without nodes.write sees: the same settings, as text. */
function SettingsSummary({ saved }: { saved: AgentSettingsData }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="md" data-testid="agent-settings-summary">
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb={4}>
          {t('agentSettings.devicesTitle')}
        </Title>
        <Text size="sm" data-testid="agent-devices-summary">
          {saved.device_min_traffic_kb > 0
            ? t('agentSettings.devicesSummary', { kb: saved.device_min_traffic_kb })
            : t('agentSettings.devicesEvery')}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {t('agentSettings.devicesHint')}
        </Text>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('agentSettings.rulesTitle')}
        </Title>
        {saved.routes.length === 0 ? (
          <Text size="sm" data-testid="rules-empty">
            {t('agentSettings.noRules')}
          </Text>
        ) : (
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {saved.routes.map((r, i) => (
              <li key={r.id} data-testid="rule-summary">
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {t('agentSettings.ruleLabel', { n: i + 1 })}: {t(`agentSettings.actions.${r.action}`)}
                  </Text>
                  <AgentsBadge action={r.action} />
                </Group>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {r.match.join(', ')}
                  {r.action === 'dns' ? ` → ${r.action_value}` : ''}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

/**
 * The agents' settings (issue 18 §2): the block and DNS rules every node's agent applies, in order, and the traffic
 * an address must move before it counts as a device. Read with nodes.read, changed with nodes.write.
 */
export function AgentSettingsPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  const canWrite = me.permissions.includes('nodes.write');
  const settings = useAgentSettings();
  return (
    <>
      <PageTitle title={t('nav.agentSettings')} intro={t('agentSettings.intro')} />
      {settings.isError ? (
        <Alert color="red" role="alert">
          {t('agentSettings.loadFailed')}: {settings.error.message}
        </Alert>
      ) : !settings.data ? (
        <Loader size="sm" aria-label={t('access.checking')} />
      ) : canWrite ? (
        <SettingsForm key={settings.data.updated_at ?? 'never'} saved={settings.data} />
      ) : (
        <SettingsSummary saved={settings.data} />
      )}
    </>
  );
}
