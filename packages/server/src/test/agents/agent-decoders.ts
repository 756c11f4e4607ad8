/**
 * The node agents' `config` structs, as Go's encoding/json decodes them, and what each agent then does with the
 * values: so a contract test can say, per node shape, "XrayR decodes it and runs it" or why not. Field names and
 * Go types are facts read from the agents' source (docs/research/uniproxy-agents-and-clients.md §1.2, §2.3, §2.4:
 * XrayR `api/newV2board`, V2bX `api/panel`), restated here; the behaviour after decoding is the part of each
 * agent's code the notes quote (supported networks, required fields, the Reality dest).
 *
 * Go's decoder ignores keys a struct does not declare, accepts `null` for any field (leaving its zero value), and
 * fails on a value of the wrong JSON type: a string where an `int` is declared, a number where a `string` is, a
 * fraction for an `int`, anything but a quoted decimal for a `uint64` tagged `,string`.
 */

export type GoType =
  | 'int'
  | 'uint'
  /** uint64 with the `,string` tag: a JSON string holding a decimal */
  | 'uintString'
  | 'string'
  | 'bool'
  /** json.RawMessage or interface{}: anything */
  | 'raw'
  | { array: GoType }
  | { struct: Record<string, GoType> };

/** Every place the value does not decode into the Go type; empty when it decodes. */
export function goDecodeErrors(value: unknown, type: GoType, path = '$'): string[] {
  if (value === null || value === undefined) return [];
  if (typeof type === 'string') {
    switch (type) {
      case 'int':
        return typeof value === 'number' && Number.isInteger(value) ? [] : [`${path}: not an int`];
      case 'uint':
        return typeof value === 'number' && Number.isInteger(value) && value >= 0
          ? []
          : [`${path}: not a uint`];
      case 'uintString':
        return typeof value === 'string' && /^\d+$/.test(value) ? [] : [`${path}: not a quoted uint`];
      case 'string':
        return typeof value === 'string' ? [] : [`${path}: not a string`];
      case 'bool':
        return typeof value === 'boolean' ? [] : [`${path}: not a bool`];
      case 'raw':
        return [];
    }
  }
  if ('array' in type) {
    if (!Array.isArray(value)) return [`${path}: not an array`];
    return value.flatMap((v, i) => goDecodeErrors(v, type.array, `${path}[${i}]`));
  }
  if (typeof value !== 'object' || Array.isArray(value)) return [`${path}: not an object`];
  const obj = value as Record<string, unknown>;
  return Object.entries(type.struct).flatMap(([key, t]) => goDecodeErrors(obj[key], t, `${path}.${key}`));
}

const str = 'string' as const;

// ---- XrayR, api/newV2board serverConfig ----

const xrayrNetworkSettings: GoType = {
  struct: { path: str, host: str, headers: 'raw', serviceName: str, header: 'raw' },
};

export const XRAYR_CONFIG: GoType = {
  struct: {
    server_port: 'int',
    base_config: { struct: { push_interval: 'int', pull_interval: 'int' } },
    routes: { array: { struct: { id: 'int', match: { array: str }, action: str, action_value: str } } },
    host: str,
    server_name: str,
    cipher: str,
    obfs: str,
    obfs_settings: { struct: { path: str, host: str } },
    server_key: str,
    network: str,
    networkSettings: xrayrNetworkSettings,
    network_settings: xrayrNetworkSettings,
    flow: str,
    tls: 'int',
    tls_settings: {
      struct: {
        server_port: str,
        dest: str,
        // The newer struct exports it as a plain uint64 (the older one never decodes it).
        xver: 'uint',
        server_name: str,
        private_key: str,
        short_id: str,
      },
    },
  },
};

// ---- V2bX (wyx2685 lineage), api/panel CommonNode and the per-type structs ----

const v2bxTls: GoType = {
  struct: {
    server_name: str,
    dest: str,
    server_port: str,
    short_id: str,
    private_key: str,
    mldsa65Seed: str,
    xver: 'uintString',
  },
};

export const V2BX_COMMON: GoType = {
  struct: {
    host: str,
    server_port: 'int',
    server_name: str,
    routes: {
      array: { struct: { id: 'int', match: 'raw', action: str, action_value: str, remarks: str } },
    },
    base_config: { struct: { push_interval: 'raw', pull_interval: 'raw' } },
  },
};

export const V2BX_BY_TYPE: Record<string, GoType> = {
  vmess: {
    struct: {
      tls: 'int',
      tls_settings: v2bxTls,
      tlsSettings: v2bxTls,
      network: str,
      network_settings: 'raw',
      networkSettings: 'raw',
      encryption: str,
      server_name: str,
      flow: str,
    },
  },
  shadowsocks: { struct: { cipher: str, server_key: str } },
  trojan: { struct: { network: str, networkSettings: 'raw' } },
  tuic: { struct: { congestion_control: str, zero_rtt_handshake: 'bool' } },
  hysteria2: {
    struct: {
      ignore_client_bandwidth: 'bool',
      up_mbps: 'int',
      down_mbps: 'int',
      obfs: str,
      'obfs-password': str,
    },
  },
};
V2BX_BY_TYPE.vless = V2BX_BY_TYPE.vmess!;

/** A node as the contract test describes it: its protocol and the `config` the panel served for it. */
export interface ServedNode {
  protocol: string;
  config: Record<string, unknown>;
}

type Verdict = { runs: true } | { runs: false; why: string };

const no = (why: string): Verdict => ({ runs: false, why });

const settingsOf = (c: Record<string, unknown>, key: string) =>
  c[key] && typeof c[key] === 'object' ? (c[key] as Record<string, unknown>) : {};

/** The routes both agents walk; `null` match or an empty DNS match panics V2bX, a string match empties XrayR's. */
function routeProblems(config: Record<string, unknown>): string | null {
  const routes = config.routes;
  if (routes === undefined) return null;
  if (!Array.isArray(routes)) return 'routes is not a list';
  for (const r of routes as Record<string, unknown>[]) {
    if (!Array.isArray(r.match)) return `route ${String(r.id)}: match is not a list`;
    if (r.action === 'dns' && (r.match as unknown[]).length === 0)
      return `route ${String(r.id)}: empty dns match`;
  }
  return null;
}

/** What XrayR (NewV2board panel type) does with the answer. */
export function xrayrVerdict(node: ServedNode): Verdict {
  if (!['vmess', 'vless', 'trojan', 'shadowsocks'].includes(node.protocol))
    return no(`XrayR has no ${node.protocol} node type`);
  const errors = goDecodeErrors(node.config, XRAYR_CONFIG);
  if (errors.length > 0) return no(`decode: ${errors.join('; ')}`);
  const c = node.config;
  if (!(typeof c.server_port === 'number' && c.server_port > 0)) return no('server port must > 0');
  const routes = routeProblems(c);
  if (routes) return no(routes);
  if (node.protocol === 'trojan') {
    // XrayR runs Trojan on raw TCP whatever the panel says: clients told ws or grpc would not connect.
    if (c.network !== undefined && c.network !== 'tcp')
      return no(`XrayR runs Trojan on tcp only, not ${String(c.network)}`);
    return { runs: true };
  }
  if (node.protocol === 'shadowsocks') {
    if (c.obfs !== null && c.obfs !== undefined && c.obfs !== '' && c.obfs !== 'http')
      return no(`XrayR knows obfs "http" only`);
    // `plugin` is not in its struct: it serves plain Shadowsocks, which clients told to use the plugin cannot reach.
    if (c.plugin && c.obfs !== 'http') return no(`XrayR does not run ${String(c.plugin)}`);
    return { runs: true };
  }
  if (!['tcp', 'ws', 'grpc', 'httpupgrade', 'splithttp'].includes(String(c.network)))
    return no(`XrayR has no ${String(c.network)} transport`);
  if (c.flow === 'none') return no('flow "none" is not a flow');
  if (c.tls === 2) {
    const t = settingsOf(c, 'tls_settings');
    if (!t.private_key || !(t.dest || t.server_name) || !t.server_port)
      return no('Reality settings incomplete');
  }
  return { runs: true };
}

/** What V2bX (wyx2685 lineage; xray core for VMess/VLESS/Trojan/SS, sing core for Hysteria2/TUIC) does with it. */
export function v2bxVerdict(node: ServedNode): Verdict {
  const typed = V2BX_BY_TYPE[node.protocol];
  if (!typed) return no(`V2bX has no ${node.protocol} node type`);
  const errors = [...goDecodeErrors(node.config, V2BX_COMMON), ...goDecodeErrors(node.config, typed)];
  if (errors.length > 0) return no(`decode: ${errors.join('; ')}`);
  const c = node.config;
  const base = settingsOf(c, 'base_config');
  // Dereferenced without a nil check; a missing interval panics on its type.
  if (!c.base_config || base.push_interval == null || base.pull_interval == null)
    return no('base_config missing');
  const routes = routeProblems(c);
  if (routes) return no(routes);
  if (node.protocol === 'vmess' || node.protocol === 'vless' || node.protocol === 'trojan') {
    const network = String(c.network ?? 'tcp');
    if (!['tcp', 'ws', 'grpc', 'httpupgrade', 'splithttp', 'xhttp'].includes(network))
      return no(`V2bX has no ${network} transport`);
    if (c.flow === 'none') return no('flow "none" is not a flow');
    if (c.tls === 2) {
      const t = settingsOf(c, 'tls_settings');
      if (!t.private_key || !(t.dest || t.server_name) || !t.server_port)
        return no('Reality settings incomplete');
    }
  }
  if (node.protocol === 'shadowsocks' && String(c.cipher).startsWith('2022-') && !c.server_key)
    return no('Shadowsocks 2022 without a server key');
  // Its Shadowsocks struct has no obfs or plugin field: plain Shadowsocks, which plugin clients cannot reach.
  if (node.protocol === 'shadowsocks' && (c.plugin || c.obfs)) return no('V2bX runs no Shadowsocks plugin');
  if (node.protocol === 'hysteria2' && c['obfs-password'] && !c.obfs)
    return no('obfs password without its type');
  return { runs: true };
}
