import {
  Button,
  Checkbox,
  Drawer,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { isQuicProtocol, LOCALES, NODE_PROTOCOLS } from '@portal/contract';
import {
  adminNodesApi,
  agentCannotRun,
  NODE_AGENTS,
  type AgentSupportInput,
  HY2_OBFS,
  PROTOCOL_TRANSPORTS,
  SS_CIPHERS,
  TCP_HEADERS,
  TLS_FINGERPRINTS,
  TUIC_CONGESTION_CONTROLS,
  TUIC_UDP_RELAY_MODES,
  VLESS_FLOWS,
  XHTTP_MODES,
} from '@portal/contract/admin';
import type { Locale, NodeProtocol, NodeTransport } from '@portal/contract';
import type { AdminNode, NodeGroup, NodeInput } from '@portal/contract/admin';
import { translateValidation } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useCreateNode, useUpdateNode } from '../api';
import { SsPluginFields, ssPluginFormOf, ssPluginInputOf, type SsPluginForm } from './node-form-ss-plugin';

/** The form's state: numbers as typed, translations flat. */
interface FormValues {
  name: string;
  region: string;
  country: string;
  city: string;
  host: string;
  port: string;
  protocol: NodeProtocol;
  network: NodeTransport;
  tcp_header: 'none' | 'http';
  path: string;
  ws_host: string;
  service_name: string;
  xhttp_mode: (typeof XHTTP_MODES)[number];
  tls: boolean;
  sni: string;
  flow: '' | 'xtls-rprx-vision';
  /** VLESS with TLS: Reality instead of the node's own certificate */
  reality: boolean;
  reality_dest: string;
  reality_dest_port: string;
  /** Empty: keep the node's key (or make a pair) */
  reality_private_key: string;
  /** Comma-separated; empty: keep the node's (or make one) */
  reality_short_ids: string;
  reality_xver: string;
  reality_fingerprint: (typeof TLS_FINGERPRINTS)[number];
  cipher: string;
  /** Shadowsocks with a classic cipher: simple-obfs or v2ray-plugin */
  ss_plugin: SsPluginForm;
  /** Hysteria2 */
  hy2_obfs: (typeof HY2_OBFS)[number];
  /** Empty: keep the node's (or make one) */
  hy2_obfs_password: string;
  hy2_up_mbps: string;
  hy2_down_mbps: string;
  hy2_ignore_client_bandwidth: boolean;
  hy2_hop_ports: string;
  /** TUIC v5 */
  tuic_congestion_control: (typeof TUIC_CONGESTION_CONTROLS)[number];
  tuic_udp_relay_mode: (typeof TUIC_UDP_RELAY_MODES)[number];
  tuic_zero_rtt_handshake: boolean;
  /** Comma-separated */
  tuic_alpn: string;
  /** Hysteria2 and TUIC: clients accept an unverified (self-signed) certificate */
  quic_allow_insecure: boolean;
  rate_percent: string;
  sort_order: string;
  inbound_rule_id: string;
  rule_name: string;
  group_ids: number[];
  translations: Record<Locale, { name: string; city: string }>;
}

const empty = (s: string) => (s.trim() === '' ? null : s.trim());

function initial(node: AdminNode | null): FormValues {
  const tr = (l: Locale) => ({
    name: node?.translations[l]?.name ?? '',
    city: node?.translations[l]?.city ?? '',
  });
  return {
    name: node?.name ?? '',
    region: node?.region ?? '',
    country: node?.country ?? '',
    city: node?.city ?? '',
    host: node?.host ?? '',
    port: String(node?.port ?? 443),
    protocol: node?.protocol ?? 'vmess',
    network: node?.network ?? 'tcp',
    tcp_header: node?.tcp_header ?? 'none',
    path: node?.path ?? '',
    ws_host: node?.ws_host ?? '',
    service_name: node?.service_name ?? '',
    xhttp_mode: node?.xhttp_mode ?? 'auto',
    tls: node?.tls ?? false,
    sni: node?.sni ?? '',
    flow: node?.flow ?? '',
    reality: node?.reality !== null && node?.reality !== undefined,
    reality_dest: node?.reality?.dest ?? '',
    reality_dest_port: String(node?.reality?.dest_port ?? 443),
    reality_private_key: '',
    reality_short_ids: node?.reality?.short_ids.join(', ') ?? '',
    reality_xver: String(node?.reality?.xver ?? 0),
    reality_fingerprint: node?.reality?.fingerprint ?? 'chrome',
    cipher: node?.cipher ?? SS_CIPHERS[0],
    ss_plugin: ssPluginFormOf(node),
    hy2_obfs: node?.hysteria2?.obfs ?? 'none',
    hy2_obfs_password: node?.hysteria2?.obfs_password ?? '',
    hy2_up_mbps: String(node?.hysteria2?.up_mbps ?? 0),
    hy2_down_mbps: String(node?.hysteria2?.down_mbps ?? 0),
    hy2_ignore_client_bandwidth: node?.hysteria2?.ignore_client_bandwidth ?? false,
    hy2_hop_ports: node?.hysteria2?.hop_ports ?? '',
    tuic_congestion_control: node?.tuic?.congestion_control ?? 'cubic',
    tuic_udp_relay_mode: node?.tuic?.udp_relay_mode ?? 'native',
    tuic_zero_rtt_handshake: node?.tuic?.zero_rtt_handshake ?? false,
    tuic_alpn: node?.tuic?.alpn.join(', ') ?? 'h3',
    quic_allow_insecure: node?.hysteria2?.allow_insecure ?? node?.tuic?.allow_insecure ?? false,
    rate_percent: String(node?.rate_percent ?? 100),
    sort_order: String(node?.sort_order ?? 0),
    inbound_rule_id: node?.inbound_rule_id ? String(node.inbound_rule_id) : '',
    rule_name: node?.rule_name ?? '',
    group_ids: node?.group_ids ?? [],
    translations: { zh_CN: tr('zh_CN'), zh_TW: tr('zh_TW'), en: tr('en') },
  };
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** Transports with a request path and a Host (TCP only with the HTTP header). */
const hasPath = (network: NodeTransport, header: 'none' | 'http') =>
  network === 'ws' ||
  network === 'httpupgrade' ||
  network === 'xhttp' ||
  network === 'h2' ||
  (network === 'tcp' && header === 'http');

/** Hysteria2's and TUIC's settings from the form; null for other protocols. */
function quicInput(v: FormValues): Pick<NodeInput, 'hysteria2' | 'tuic'> {
  if (v.protocol === 'hysteria2')
    return {
      hysteria2: {
        obfs: v.hy2_obfs,
        obfs_password: v.hy2_obfs === 'salamander' ? empty(v.hy2_obfs_password) : null,
        up_mbps: num(v.hy2_up_mbps),
        down_mbps: num(v.hy2_down_mbps),
        ignore_client_bandwidth: v.hy2_ignore_client_bandwidth,
        hop_ports: empty(v.hy2_hop_ports),
        allow_insecure: v.quic_allow_insecure,
      },
      tuic: null,
    };
  if (v.protocol === 'tuic')
    return {
      hysteria2: null,
      tuic: {
        congestion_control: v.tuic_congestion_control,
        udp_relay_mode: v.tuic_udp_relay_mode,
        zero_rtt_handshake: v.tuic_zero_rtt_handshake,
        alpn: v.tuic_alpn
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
        allow_insecure: v.quic_allow_insecure,
      },
    };
  return { hysteria2: null, tuic: null };
}

/** A form field's name for an error's path (Hysteria2's and TUIC's fields are nested in the request). */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if ((first === 'hysteria2' || first === 'tuic') && second)
    return second === 'allow_insecure'
      ? 'quic_allow_insecure'
      : `${first === 'tuic' ? 'tuic' : 'hy2'}_${second}`;
  return first ?? '';
}

/** The request body from the form (fields the protocol does not use are left out). */
function toInput(v: FormValues): NodeInput {
  const ss = v.protocol === 'shadowsocks';
  const quic = isQuicProtocol(v.protocol);
  const network = ss ? 'tcp' : quic ? 'quic' : v.network;
  const tls = ss ? false : v.protocol === 'trojan' || quic ? true : v.tls;
  const vless = v.protocol === 'vless';
  const reality = vless && tls && v.reality;
  const header = network === 'tcp' && !ss ? v.tcp_header : 'none';
  const withPath = hasPath(network, header);
  return {
    name: v.name.trim(),
    region: v.region.trim(),
    country: v.country.trim(),
    city: empty(v.city),
    host: v.host.trim(),
    port: num(v.port),
    protocol: v.protocol,
    network,
    tcp_header: header,
    path: withPath ? empty(v.path) : null,
    ws_host: withPath ? empty(v.ws_host) : null,
    service_name: network === 'grpc' ? empty(v.service_name) : null,
    xhttp_mode: network === 'xhttp' ? v.xhttp_mode : 'auto',
    tls,
    sni: tls ? empty(v.sni) : null,
    flow: vless && network === 'tcp' && tls ? v.flow : '',
    reality: reality
      ? {
          dest: v.reality_dest.trim(),
          dest_port: num(v.reality_dest_port),
          private_key: empty(v.reality_private_key),
          short_ids: v.reality_short_ids
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
          xver: num(v.reality_xver),
          fingerprint: v.reality_fingerprint,
        }
      : null,
    cipher: ss ? (v.cipher as NodeInput['cipher']) : null,
    ss_plugin: ss ? ssPluginInputOf(v.ss_plugin) : null,
    ...quicInput(v),
    rate_percent: num(v.rate_percent),
    sort_order: num(v.sort_order),
    inbound_rule_id: v.inbound_rule_id.trim() === '' ? null : num(v.inbound_rule_id),
    rule_name: empty(v.rule_name),
    group_ids: v.group_ids,
    translations: Object.fromEntries(
      LOCALES.map((l) => [l, { name: empty(v.translations[l].name), city: empty(v.translations[l].city) }]),
    ),
  };
}

type Errors = Partial<Record<string, string>>;

/** Adds or edits a node in a drawer: the fields the chosen protocol uses, checked as the server checks them. */
export function NodeFormDrawer({
  node,
  opened,
  groups,
  onClose,
}: {
  /** null: a new node */
  node: AdminNode | null;
  opened: boolean;
  groups: NodeGroup[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState<FormValues>(() => initial(node));
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateNode();
  const update = useUpdateNode();
  const pending = create.isPending || update.isPending;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const text = (
    key: Exclude<
      keyof FormValues,
      | 'protocol'
      | 'network'
      | 'tcp_header'
      | 'xhttp_mode'
      | 'tls'
      | 'group_ids'
      | 'translations'
      | 'flow'
      | 'reality'
      | 'reality_fingerprint'
      | 'ss_plugin'
      | 'hy2_obfs'
      | 'hy2_ignore_client_bandwidth'
      | 'tuic_congestion_control'
      | 'tuic_udp_relay_mode'
      | 'tuic_zero_rtt_handshake'
      | 'quic_allow_insecure'
    >,
  ) => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: translateValidation(errors[key]),
    'data-testid': `node-field-${key}`,
  });

  const ss = values.protocol === 'shadowsocks';
  const trojan = values.protocol === 'trojan';
  const vless = values.protocol === 'vless';
  const quic = isQuicProtocol(values.protocol);
  const network: NodeTransport = ss ? 'tcp' : quic ? 'quic' : values.network;
  const withPath = !ss && hasPath(network, values.tcp_header);
  const tls = !ss && (trojan || quic || values.tls);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminNodesApi.nodeInput.safeParse(toInput(values));
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[fieldOf(issue.path)] ??= issue.message;
      setErrors(next);
      return;
    }
    const done = (saved: AdminNode) => {
      notify.success(t(node ? 'nodes.saved' : 'nodes.created', { name: saved.name }));
      onClose();
    };
    const failed = (error: Error) => {
      const data = isApiError(error)
        ? (error.data as { errors?: { field: string; message: string }[] })
        : null;
      if (data?.errors) {
        const next: Errors = {};
        for (const e of data.errors) next[fieldOf(e.field.replace(/^body\./, '').split('.'))] ??= e.message;
        setErrors(next);
      }
      notify.error(error.message);
    };
    if (node)
      update.mutate({ params: { id: node.id }, body: parsed.data }, { onSuccess: done, onError: failed });
    else create.mutate({ body: parsed.data }, { onSuccess: done, onError: failed });
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('nodes.agentConfig.close') }}
      position="right"
      size="lg"
      title={node ? t('nodes.edit') : t('nodes.add')}
      data-testid="node-form"
    >
      <form onSubmit={submit} noValidate aria-label={node ? t('nodes.edit') : t('nodes.add')}>
        <Stack gap="lg">
          <Stack gap="sm">
            <Title order={2} size="h5">
              {t('nodes.form.general')}
            </Title>
            <TextInput label={t('nodes.form.name')} required maxLength={100} {...text('name')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label={t('nodes.form.region')}
                description={t('nodes.form.regionHint')}
                required
                maxLength={50}
                {...text('region')}
              />
              <TextInput
                label={t('nodes.form.country')}
                description={t('nodes.form.countryHint')}
                // The hint under the field, so the row's three inputs line up.
                required
                maxLength={2}
                {...text('country')}
              />
              <TextInput label={t('nodes.form.city')} maxLength={100} {...text('city')} />
            </SimpleGrid>
          </Stack>

          <Stack gap="sm">
            <Title order={2} size="h5">
              {t('nodes.form.connection')}
            </Title>
            <NativeSelect
              label={t('nodes.form.protocol')}
              data={NODE_PROTOCOLS.map((p) => ({ value: p, label: p }))}
              value={values.protocol}
              onChange={(e) => {
                const protocol = e.currentTarget.value as NodeProtocol;
                set('protocol', protocol);
                // A transport the new protocol does not take falls back to the protocol's first.
                if (!(PROTOCOL_TRANSPORTS[protocol] as readonly string[]).includes(values.network))
                  set('network', PROTOCOL_TRANSPORTS[protocol][0]);
              }}
              data-testid="node-field-protocol"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('nodes.form.host')} required maxLength={253} {...text('host')} />
              <TextInput label={t('nodes.form.port')} required inputMode="numeric" {...text('port')} />
            </SimpleGrid>
            {ss ? (
              <NativeSelect
                label={t('nodes.form.cipher')}
                data={[...SS_CIPHERS]}
                value={values.cipher}
                onChange={(e) => set('cipher', e.currentTarget.value)}
                error={translateValidation(errors.cipher)}
                data-testid="node-field-cipher"
              />
            ) : null}
            {ss && (
              <SsPluginFields
                value={values.ss_plugin}
                onChange={(next) => set('ss_plugin', next)}
                error={errors.ss_plugin}
              />
            )}
            {quic && <QuicFields values={values} set={set} text={text} errors={errors} />}
            {ss || quic ? null : (
              <>
                <NativeSelect
                  label={t('nodes.form.network')}
                  data={PROTOCOL_TRANSPORTS[values.protocol].map((value) => ({
                    value,
                    label: t(`nodes.form.transports.${value}`),
                  }))}
                  value={values.network}
                  onChange={(e) => set('network', e.currentTarget.value as NodeTransport)}
                  error={translateValidation(errors.network)}
                  data-testid="node-field-network"
                />
                {network === 'tcp' && (
                  <NativeSelect
                    label={t('nodes.form.tcpHeader')}
                    data={TCP_HEADERS.map((value) => ({ value, label: t(`nodes.form.tcpHeaders.${value}`) }))}
                    value={values.tcp_header}
                    onChange={(e) => set('tcp_header', e.currentTarget.value as 'none' | 'http')}
                    error={translateValidation(errors.tcp_header)}
                    data-testid="node-field-tcp_header"
                  />
                )}
                {network === 'grpc' && (
                  <TextInput
                    label={t('nodes.form.serviceName')}
                    placeholder="grpc"
                    required
                    maxLength={100}
                    {...text('service_name')}
                  />
                )}
                {network === 'xhttp' && (
                  <NativeSelect
                    label={t('nodes.form.xhttpMode')}
                    data={[...XHTTP_MODES]}
                    value={values.xhttp_mode}
                    onChange={(e) => set('xhttp_mode', e.currentTarget.value as FormValues['xhttp_mode'])}
                    error={translateValidation(errors.xhttp_mode)}
                    data-testid="node-field-xhttp_mode"
                  />
                )}
                {withPath && (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput
                      label={t('nodes.form.path')}
                      placeholder={network === 'tcp' ? '/' : `/${network}`}
                      maxLength={200}
                      {...text('path')}
                    />
                    <TextInput label={t('nodes.form.wsHost')} maxLength={253} {...text('ws_host')} />
                  </SimpleGrid>
                )}
                <Switch
                  label={t('nodes.form.tls')}
                  checked={tls}
                  disabled={trojan}
                  onChange={(e) => set('tls', e.currentTarget.checked)}
                  error={translateValidation(errors.tls)}
                  data-testid="node-field-tls"
                />
                {tls && <TextInput label={t('nodes.form.sni')} maxLength={253} {...text('sni')} />}
                {vless && tls && network === 'tcp' && (
                  <NativeSelect
                    label={t('nodes.form.flow')}
                    description={t('nodes.form.flowHint')}
                    data={VLESS_FLOWS.map((value) => ({ value, label: value || t('nodes.form.flowNone') }))}
                    value={values.flow}
                    onChange={(e) => set('flow', e.currentTarget.value as FormValues['flow'])}
                    error={translateValidation(errors.flow)}
                    data-testid="node-field-flow"
                  />
                )}
                {vless && tls && (
                  <Switch
                    label={t('nodes.form.reality')}
                    description={t('nodes.form.realityHint')}
                    checked={values.reality}
                    onChange={(e) => set('reality', e.currentTarget.checked)}
                    error={translateValidation(errors.reality)}
                    data-testid="node-field-reality"
                  />
                )}
                {vless && tls && values.reality && (
                  <Stack gap="sm" data-testid="node-reality">
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      <TextInput
                        label={t('nodes.form.realityDest')}
                        description={t('nodes.form.realityDestHint')}
                        // The hint under the field, so both inputs of the row line up.
                        required
                        maxLength={253}
                        {...text('reality_dest')}
                      />
                      <TextInput
                        label={t('nodes.form.realityDestPort')}
                        inputMode="numeric"
                        {...text('reality_dest_port')}
                      />
                    </SimpleGrid>
                    {node?.reality && (
                      <TextInput
                        label={t('nodes.form.realityPublicKey')}
                        value={node.reality.public_key}
                        readOnly
                        data-testid="node-reality-public-key"
                      />
                    )}
                    <TextInput
                      label={t('nodes.form.realityPrivateKey')}
                      description={t('nodes.form.realityPrivateKeyHint')}
                      maxLength={43}
                      autoComplete="off"
                      {...text('reality_private_key')}
                    />
                    <TextInput
                      label={t('nodes.form.realityShortIds')}
                      description={t('nodes.form.realityShortIdsHint')}
                      maxLength={200}
                      {...text('reality_short_ids')}
                    />
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      <NativeSelect
                        label={t('nodes.form.realityFingerprint')}
                        data={[...TLS_FINGERPRINTS]}
                        value={values.reality_fingerprint}
                        onChange={(e) =>
                          set(
                            'reality_fingerprint',
                            e.currentTarget.value as FormValues['reality_fingerprint'],
                          )
                        }
                        data-testid="node-field-reality_fingerprint"
                      />
                      <NativeSelect
                        label={t('nodes.form.realityXver')}
                        data={['0', '1', '2']}
                        {...text('reality_xver')}
                      />
                    </SimpleGrid>
                  </Stack>
                )}
              </>
            )}
            <AgentSupportNote
              protocol={values.protocol}
              network={network}
              reality={vless && tls && values.reality ? { xver: Number(values.reality_xver) } : null}
              ss_plugin={ss ? ssPluginInputOf(values.ss_plugin) : null}
            />
          </Stack>

          <Stack gap="sm">
            <Title order={2} size="h5">
              {t('nodes.form.display')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('nodes.form.rate')}
                description={t('nodes.form.rateHint')}
                inputMode="numeric"
                {...text('rate_percent')}
              />
              <TextInput
                label={t('nodes.form.sortOrder')}
                description={t('nodes.form.sortOrderHint')}
                inputMode="numeric"
                {...text('sort_order')}
              />
              <TextInput label={t('nodes.form.ruleId')} inputMode="numeric" {...text('inbound_rule_id')} />
              <TextInput label={t('nodes.form.ruleName')} maxLength={100} {...text('rule_name')} />
            </SimpleGrid>
            <Checkbox.Group
              label={t('nodes.form.groups')}
              value={values.group_ids.map(String)}
              onChange={(ids) => set('group_ids', ids.map(Number))}
              error={translateValidation(errors.group_ids)}
            >
              {groups.length === 0 ? (
                <Text size="sm" c="dimmed" mt={4}>
                  {t('nodes.form.noGroups')}
                </Text>
              ) : (
                <Group gap="md" mt={6}>
                  {groups.map((g) => (
                    <Checkbox key={g.id} value={String(g.id)} label={g.name} />
                  ))}
                </Group>
              )}
            </Checkbox.Group>
          </Stack>

          <Stack gap="sm">
            <Title order={2} size="h5">
              {t('nodes.form.translations')}
            </Title>
            {LOCALES.map((l) => (
              <SimpleGrid key={l} cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('nodes.form.translationName', { language: t(`languages.${l}`) })}
                  maxLength={100}
                  value={values.translations[l].name}
                  onChange={(e) => {
                    const name = e.currentTarget.value;
                    setValues((v) => ({
                      ...v,
                      translations: { ...v.translations, [l]: { ...v.translations[l], name } },
                    }));
                  }}
                />
                <TextInput
                  label={t('nodes.form.translationCity', { language: t(`languages.${l}`) })}
                  maxLength={100}
                  value={values.translations[l].city}
                  onChange={(e) => {
                    const city = e.currentTarget.value;
                    setValues((v) => ({
                      ...v,
                      translations: { ...v.translations, [l]: { ...v.translations[l], city } },
                    }));
                  }}
                />
              </SimpleGrid>
            ))}
          </Stack>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('nodes.form.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="node-form-submit">
              {node ? t('nodes.form.save') : t('nodes.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}

/** Which agent runs the node as set (XrayR, V2bX), and why not where one does not: before the operator saves it. */
function AgentSupportNote(props: AgentSupportInput) {
  const { t } = useTranslation('admin');
  return (
    <Text size="sm" c="dimmed" data-testid="node-agent-support">
      {t('nodes.agentSupport.title')}
      {NODE_AGENTS.map((agent, i) => {
        const why = agentCannotRun(agent, props);
        return (
          <span key={agent} data-agent={agent} data-runs={why === null}>
            {i > 0 && ' · '}
            {t('nodes.agentSupport.item', {
              agent: t(`nodes.agentSupport.${agent}`),
              status: why === null ? t('nodes.agentSupport.runs') : t(`nodes.agentSupport.${why}`),
            })}
          </span>
        );
      })}
    </Text>
  );
}

type SetValue = <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;

/**
 * Hysteria2's and TUIC's fields: TLS always on (its certificate name), an unverified certificate allowed or not, then
 * each protocol's own (salamander, bandwidth hints, port hopping; congestion control, UDP relay, 0-RTT, ALPN).
 */
function QuicFields({
  values,
  set,
  text,
  errors,
}: {
  values: FormValues;
  set: SetValue;
  text: (
    key: 'sni' | 'hy2_obfs_password' | 'hy2_up_mbps' | 'hy2_down_mbps' | 'hy2_hop_ports' | 'tuic_alpn',
  ) => {
    value: string;
    onChange: (e: { currentTarget: { value: string } }) => void;
    error: ReturnType<typeof translateValidation>;
    'data-testid': string;
  };
  errors: Errors;
}) {
  const { t } = useTranslation('admin');
  const hy2 = values.protocol === 'hysteria2';
  return (
    <Stack gap="sm" data-testid="node-quic">
      <Text size="sm" c="dimmed">
        {t('nodes.form.quic.tlsAlways')}
      </Text>
      <TextInput label={t('nodes.form.sni')} maxLength={253} {...text('sni')} />
      <Switch
        label={t('nodes.form.quic.allowInsecure')}
        description={t('nodes.form.quic.allowInsecureHint')}
        checked={values.quic_allow_insecure}
        onChange={(e) => set('quic_allow_insecure', e.currentTarget.checked)}
        error={translateValidation(errors.quic_allow_insecure)}
        data-testid="node-field-quic_allow_insecure"
      />
      {hy2 ? (
        <>
          <NativeSelect
            label={t('nodes.form.quic.obfs')}
            data={HY2_OBFS.map((value) => ({ value, label: t(`nodes.form.quic.obfsModes.${value}`) }))}
            value={values.hy2_obfs}
            onChange={(e) => set('hy2_obfs', e.currentTarget.value as FormValues['hy2_obfs'])}
            error={translateValidation(errors.hy2_obfs)}
            data-testid="node-field-hy2_obfs"
          />
          {values.hy2_obfs === 'salamander' && (
            <TextInput
              label={t('nodes.form.quic.obfsPassword')}
              description={t('nodes.form.quic.obfsPasswordHint')}
              maxLength={128}
              autoComplete="off"
              {...text('hy2_obfs_password')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('nodes.form.quic.upMbps')}
              description={t('nodes.form.quic.bandwidthHint')}
              inputMode="numeric"
              {...text('hy2_up_mbps')}
            />
            <TextInput
              label={t('nodes.form.quic.downMbps')}
              description={t('nodes.form.quic.bandwidthHint')}
              inputMode="numeric"
              {...text('hy2_down_mbps')}
            />
          </SimpleGrid>
          <Switch
            label={t('nodes.form.quic.ignoreClientBandwidth')}
            description={t('nodes.form.quic.ignoreClientBandwidthHint')}
            checked={values.hy2_ignore_client_bandwidth}
            onChange={(e) => set('hy2_ignore_client_bandwidth', e.currentTarget.checked)}
            error={translateValidation(errors.hy2_ignore_client_bandwidth)}
            data-testid="node-field-hy2_ignore_client_bandwidth"
          />
          <TextInput
            label={t('nodes.form.quic.hopPorts')}
            description={t('nodes.form.quic.hopPortsHint')}
            placeholder="20000-30000"
            maxLength={100}
            {...text('hy2_hop_ports')}
          />
        </>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label={t('nodes.form.quic.congestionControl')}
              data={[...TUIC_CONGESTION_CONTROLS]}
              value={values.tuic_congestion_control}
              onChange={(e) =>
                set('tuic_congestion_control', e.currentTarget.value as FormValues['tuic_congestion_control'])
              }
              data-testid="node-field-tuic_congestion_control"
            />
            <NativeSelect
              label={t('nodes.form.quic.udpRelayMode')}
              data={TUIC_UDP_RELAY_MODES.map((value) => ({
                value,
                label: t(`nodes.form.quic.udpRelayModes.${value}`),
              }))}
              value={values.tuic_udp_relay_mode}
              onChange={(e) =>
                set('tuic_udp_relay_mode', e.currentTarget.value as FormValues['tuic_udp_relay_mode'])
              }
              data-testid="node-field-tuic_udp_relay_mode"
            />
          </SimpleGrid>
          <Switch
            label={t('nodes.form.quic.zeroRtt')}
            description={t('nodes.form.quic.zeroRttHint')}
            checked={values.tuic_zero_rtt_handshake}
            onChange={(e) => set('tuic_zero_rtt_handshake', e.currentTarget.checked)}
            data-testid="node-field-tuic_zero_rtt_handshake"
          />
          <TextInput
            label={t('nodes.form.quic.alpn')}
            description={t('nodes.form.quic.alpnHint')}
            maxLength={140}
            {...text('tuic_alpn')}
          />
        </>
      )}
    </Stack>
  );
}
