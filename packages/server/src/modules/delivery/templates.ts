import { randomBytes } from 'node:crypto';
import {
  base64List,
  clashYaml,
  formatCarries,
  shareUri,
  singBoxJson,
  ssUserinfo,
  vmessJson,
  type ClientNode,
  type Format,
} from './formats.js';

/**
 * A node as delivery renders it for every subscription: the client's fields with an empty secret, and how a
 * subscription's UUID becomes its secret (the UUID itself; Shadowsocks 2022: the server key and the user key).
 */
export interface CatalogueNode {
  node: ClientNode;
  secretOf: (uuid: string) => string;
}

/** The part of a document a subscription fills in, from its UUID. */
export type Slot = (uuid: string) => string;

/** A document of one format, rendered once: literal text and slots, in order. */
export type Template = readonly (string | Slot)[];

/** The subscription's UUID as the templates take it (what `randomUUID` makes); anything else is rendered afresh. */
export const TEMPLATE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function fill(template: Template, uuid: string): string {
  let out = '';
  for (const part of template) out += typeof part === 'string' ? part : part(uuid);
  return out;
}

/** The nodes with the subscription's secrets in: what the serialisers of `formats.ts` take. */
export function withSecrets(nodes: readonly CatalogueNode[], uuid: string): ClientNode[] {
  return nodes.map((c) => ({ ...c.node, secret: c.secretOf(uuid) }));
}

/**
 * Each format's document for these nodes as a template, or null when the format carries none of them. The
 * templates are cut from the serialisers' own output: every node gets a stand-in secret shaped like a UUID
 * (random, so no node name can hold it), the document is rendered once, and each place the stand-in appears
 * becomes a slot that writes the real secret the way that place encodes it (YAML plain scalar, JSON string,
 * URI component). Filled with a UUID, a template gives exactly the serialiser's bytes (`templates.test.ts`).
 * The base64 list is the text before base64 (the caller encodes it): VMess and plain Shadowsocks hide the secret
 * inside base64 of their own, so those parts are slots that build it.
 */
export function buildTemplates(
  nodes: readonly CatalogueNode[],
  site: string,
): Record<Format, Template | null> {
  const stamp = randomBytes(4).toString('hex');
  const standIn = (i: number) => `${stamp}-5e47-4000-8000-${String(i).padStart(12, '0')}`;
  const pattern = new RegExp(`${stamp}-5e47-4000-8000-(\\d{12})`, 'g');

  const carried = (format: Format) => {
    const kept = nodes.filter((c) => formatCarries(format, c.node));
    return { kept, stood: kept.map((c, i) => ({ ...c.node, secret: standIn(i) })) };
  };

  /** Cuts `text` at every stand-in; `encode` writes node i's secret where its stand-in was. */
  const cut = (
    text: string,
    kept: readonly CatalogueNode[],
    encode: (secret: string) => string,
  ): Template => {
    const parts: (string | Slot)[] = [];
    let last = 0;
    for (const m of text.matchAll(pattern)) {
      const secretOf = kept[Number(m[1])]!.secretOf;
      parts.push(text.slice(last, m.index), (uuid) => encode(secretOf(uuid)));
      last = m.index + m[0].length;
    }
    parts.push(text.slice(last));
    return compact(parts);
  };

  const clash = carried('clash');
  const singBox = carried('sing-box');
  const list = carried('base64');
  return {
    clash: clash.kept.length ? cut(clashYaml(clash.stood, site), clash.kept, yamlPlain) : null,
    'sing-box': singBox.kept.length ? cut(singBoxJson(singBox.stood), singBox.kept, jsonInner) : null,
    base64: list.kept.length
      ? compact(
          list.stood.flatMap((n, i) => [
            ...(i > 0 ? ['\n'] : []),
            ...uriTemplate(n, list.kept[i]!.secretOf, (text) => cut(text, list.kept, encodeURIComponent)),
          ]),
        )
      : null,
  };
}

/** One share URI with its secret left open (`n.secret` is the node's stand-in). */
function uriTemplate(n: ClientNode, secretOf: Slot, cutUri: (text: string) => Template): Template {
  if (n.protocol === 'vmess') {
    const [before, after] = vmessJson(n).split(n.secret) as [string, string];
    // The UUID needs no escaping in JSON.
    return [(uuid) => `vmess://${Buffer.from(before + secretOf(uuid) + after, 'utf8').toString('base64')}`];
  }
  if (n.protocol === 'shadowsocks') {
    const uri = shareUri(n);
    const head = `ss://${ssUserinfo(n.cipher, n.secret)}`;
    return ['ss://', (uuid) => ssUserinfo(n.cipher, secretOf(uuid)), uri.slice(head.length)];
  }
  return cutUri(shareUri(n));
}

/** Shadowsocks 2022's password: the server key and the user key, both padded base64. */
const SS2022_SECRET = /^[A-Za-z0-9+/]+=+:[A-Za-z0-9+/]+=+$/;

/**
 * A secret as YAML: a UUID or a Shadowsocks 2022 password as a plain scalar, as the serialiser writes them (no
 * character of theirs needs quoting, and neither reads as a number, boolean or null); anything else
 * double-quoted (JSON's escapes are YAML's).
 */
function yamlPlain(secret: string): string {
  return TEMPLATE_UUID.test(secret) || SS2022_SECRET.test(secret) ? secret : JSON.stringify(secret);
}

/** A secret inside a JSON string's quotes. */
function jsonInner(secret: string): string {
  return JSON.stringify(secret).slice(1, -1);
}

/** Adjacent literal parts joined, empty ones dropped. */
function compact(parts: readonly (string | Slot)[]): Template {
  const out: (string | Slot)[] = [];
  for (const p of parts) {
    if (p === '') continue;
    const prev = out[out.length - 1];
    if (typeof p === 'string' && typeof prev === 'string') out[out.length - 1] = prev + p;
    else out.push(p);
  }
  return out;
}

/** The serialisers' output for the same nodes and UUID: what a template must equal (tests, odd UUIDs). */
export function renderDirect(
  format: Format,
  nodes: readonly CatalogueNode[],
  uuid: string,
  site: string,
): string {
  const filled = withSecrets(nodes, uuid).filter((n) => formatCarries(format, n));
  if (format === 'clash') return clashYaml(filled, site);
  if (format === 'sing-box') return singBoxJson(filled);
  return base64List(filled);
}
