import type { NodeRow } from '../../db/types.js';

/** The transport, TLS and cipher settings kept as JSON on a node, read defensively. */
export interface NodeSettings {
  network: 'tcp' | 'ws';
  /** WebSocket path and Host header */
  path: string | null;
  wsHost: string | null;
  tls: boolean;
  sni: string | null;
  /** Shadowsocks AEAD cipher */
  cipher: string;
  /** Demo catalogue only: the state its simulated agent keeps the node in. */
  demo: 'online' | null;
}

export const DEFAULT_SS_CIPHER = 'chacha20-ietf-poly1305';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function nodeSettings(node: Pick<NodeRow, 'protocol' | 'settings'>): NodeSettings {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(node.settings);
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // A malformed settings column reads as defaults rather than taking the node (or a subscription) down.
  }
  return {
    network: raw.network === 'ws' ? 'ws' : 'tcp',
    path: str(raw.path),
    wsHost: str(raw.host),
    // Trojan is TLS by definition.
    tls: raw.tls === true || node.protocol === 'trojan',
    sni: str(raw.sni),
    cipher: str(raw.cipher) ?? DEFAULT_SS_CIPHER,
    demo: raw.demo === 'online' ? 'online' : null,
  };
}
