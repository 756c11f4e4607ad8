import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { matrix } from '../../test/clients/node-matrix.js';
import { parseShareUri } from '../../test/clients/share-uri-parser.js';
import { isSs2022, ss2022UserKey } from '../nodes/ss2022.js';
import type { ClientNode, Format } from './formats.js';
import { buildTemplates, renderDirect, Template, uuidItself, type CatalogueNode } from './templates.js';

/**
 * The templates against the serialisers they are cut from, over the whole node matrix, with names that YAML, JSON
 * and URIs each treat specially: filled with a subscription's UUID, every format's document is the serialiser's,
 * byte for byte, and reads back the same (YAML, JSON, each share URI through the clients' parser).
 */

const SERVER_KEYS: Record<string, string> = {
  '2022-blake3-aes-128-gcm': 'MDEyMzQ1Njc4OWFiY2RlZg==',
  '2022-blake3-aes-256-gcm': 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
};

const ODD_NAMES = [
  'it\'s "quoted"',
  'key: value',
  'a #comment',
  '#hash first',
  '  leading spaces',
  'trailing space ',
  '- dash first',
  '[flow] {map}',
  '*alias &anchor !tag',
  '| pipe > fold',
  '@at `tick` %pct',
  'back\\slash',
  '🇯🇵 東京 🚀',
  '香港 IPLC 專線',
  'null',
  'true',
  '0x1F',
  '12:30',
  '1e3',
  '~',
  `${'a very long name that a YAML writer would fold across lines '.repeat(2)}end`,
  'name: with "both" \'quotes\' # and: more',
];

/** The matrix as the catalogue holds it: no secret, and how a UUID becomes each node's secret. */
function catalogue(): CatalogueNode[] {
  return matrix().map((n, i) => {
    const serverKey = n.protocol === 'shadowsocks' && isSs2022(n.cipher) ? SERVER_KEYS[n.cipher]! : null;
    const node: ClientNode = { ...n, name: `${ODD_NAMES[i % ODD_NAMES.length]} ${i}`, secret: '' };
    return {
      node,
      // The catalogue's own identity (written as the UUID's bytes) and, every other node, another function that
      // returns the UUID (a slot like any other).
      secretOf: serverKey
        ? (uuid) => `${serverKey}:${ss2022UserKey(uuid, n.cipher)}`
        : i % 2 === 0
          ? uuidItself
          : (uuid) => uuid,
    };
  });
}

const UUIDS = [
  randomUUID(),
  randomUUID(),
  '00000000-0000-0000-0000-000000000000',
  '12345678-1234-1234-1234-123456789012',
  '1e345678-9abc-4def-8123-456789abcdef',
  'ABCDEF01-2345-4678-9ABC-DEF012345678',
];

const FORMATS: Format[] = ['base64', 'clash', 'sing-box'];

/** A template's text, and its bytes and gzip form (what the route sends), which must be the same. */
function filled(template: Template, uuid: string): string {
  const text = template.text(uuid);
  expect(template.bytes(uuid).toString('utf8')).toBe(text);
  const gzipped = template.gzip(uuid);
  if (template.inPlace) expect(gzipped).not.toBeNull();
  if (gzipped) expect(gunzipSync(gzipped).toString('utf8')).toBe(text);
  return text;
}

function read(format: Format, body: string): unknown {
  if (format === 'clash') return parse(body) as unknown;
  if (format === 'sing-box') return JSON.parse(body) as unknown;
  return Buffer.from(body, 'base64').toString('utf8').split('\n').map(parseShareUri);
}

describe('delivery templates', () => {
  const nodes = catalogue();
  const site = 'Proxy: "Portal" #1';
  const templates = buildTemplates(nodes, site);

  for (const format of FORMATS) {
    it(`${format}: the serialiser's document, byte for byte and read back, for every UUID`, () => {
      const template = templates[format]!;
      expect(template.pieces.some((p) => typeof p !== 'string')).toBe(true);
      for (const uuid of UUIDS) {
        const expected = renderDirect(format, nodes, uuid, site);
        const got = filled(template, uuid);
        expect(read(format, got)).toEqual(read(format, expected));
        expect(got).toBe(expected);
      }
    });
  }

  it('one node at a time too (a secret at the very start or end of a document)', () => {
    for (const one of nodes) {
      const single = buildTemplates([one], 'S');
      for (const format of FORMATS) {
        const template = single[format];
        const expected = renderDirect(format, [one], UUIDS[0]!, 'S');
        if (!template) {
          // The format cannot carry this node: the route says so with its placeholder.
          expect(read(format, expected)).toBeDefined();
          continue;
        }
        expect(filled(template, UUIDS[0]!)).toBe(expected);
      }
    }
  });

  it('keeps every name out of the slots, even one shaped like the stand-in', () => {
    const [first] = nodes;
    const trap = { ...first!, node: { ...first!.node, name: '00000000-5e47-4000-8000-000000000000' } };
    const t = buildTemplates([trap], 'S');
    for (const format of FORMATS)
      expect(filled(t[format]!, UUIDS[1]!)).toBe(renderDirect(format, [trap], UUIDS[1]!, 'S'));
  });

  it('keeps each answer as written while later answers are cut from the same slab', () => {
    // Bodies held at once, as sockets that have not taken theirs yet hold them: none is written over by the next.
    const uuids = Array.from({ length: 120 }, () => randomUUID());
    for (const format of FORMATS) {
      const template = templates[format]!;
      const bodies = uuids.map((u) => template.bytes(u));
      bodies.forEach((body, i) => expect(body.toString('utf8')).toBe(template.text(uuids[i]!)));
    }
  });

  it('writes every format in place, Shadowsocks 2022 keys included (their length does not vary with the UUID)', () => {
    for (const format of FORMATS) expect(templates[format]!.inPlace).toBe(true);
  });

  it('gzips each format to a fraction of its size, every UUID read back exactly', () => {
    for (const format of FORMATS) {
      const template = templates[format]!;
      const size = template.bytes(UUIDS[0]!).length;
      for (const uuid of [...UUIDS, ...Array.from({ length: 20 }, () => randomUUID())]) {
        const gzipped = template.gzip(uuid)!;
        expect(gunzipSync(gzipped).toString('utf8')).toBe(template.text(uuid));
        expect(gzipped.length).toBeLessThan(size * (format === 'base64' ? 0.8 : 0.5));
      }
    }
  });

  it('gzips 200 nodes to a few kilobytes: the UUID is stored once, every other place copies it', () => {
    const many = Array.from({ length: 200 }, (_, i) => {
      const c = nodes[i % nodes.length]!;
      const ss2022 = c.node.protocol === 'shadowsocks' && isSs2022(c.node.cipher);
      // As the catalogue makes them: the UUID itself wherever the secret is the UUID.
      return {
        secretOf: ss2022 ? c.secretOf : uuidItself,
        node: { ...c.node, name: `node ${i}`, port: 20000 + i },
      };
    });
    const t = buildTemplates(many, site);
    for (const format of ['clash', 'sing-box'] as const) {
      for (const uuid of UUIDS) {
        const gzipped = t[format]!.gzip(uuid)!;
        expect(gunzipSync(gzipped).toString('utf8')).toBe(renderDirect(format, many, uuid, site));
        // Stored at each place, 200 UUIDs alone would be 7,200 bytes.
        expect(gzipped.length).toBeLessThan(7_200);
      }
    }
  });

  it('has no template for a format that carries none of the nodes', () => {
    // sing-box has no TCP HTTP header obfuscation that matches Xray's.
    const dressed = nodes.filter((c) => c.node.network === 'tcp' && c.node.tcpHeader === 'http');
    expect(dressed.length).toBeGreaterThan(0);
    const t = buildTemplates(dressed, 'S');
    expect(t['sing-box']).toBeNull();
    expect(t.clash).not.toBeNull();
    expect(t.base64).not.toBeNull();
  });
});

describe('a template written in place', () => {
  const MORE = [...UUIDS, ...Array.from({ length: 50 }, () => randomUUID())];
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

  it('re-encodes the base64 groups around each UUID, at every offset, neighbours sharing groups', () => {
    for (let k = 0; k < 6; k++) {
      for (const gap of ['', 'y', 'yy', 'yyy', 'yyyy']) {
        const t = new Template([
          { base64: ['x'.repeat(k), uuidItself, gap, (u) => u.toUpperCase(), 'é'.repeat(k % 3)] },
          '\n',
        ]);
        expect(t.inPlace).toBe(true);
        for (const uuid of MORE)
          expect(t.bytes(uuid).toString('latin1')).toBe(
            `${b64(`${'x'.repeat(k)}${uuid}${gap}${uuid.toUpperCase()}${'é'.repeat(k % 3)}`)}\n`,
          );
      }
    }
  });

  it('base64url without padding (a Shadowsocks userinfo), at every length and offset, inside the list', () => {
    const url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
    for (let k = 0; k < 6; k++) {
      for (const tail of ['', 'y', 'yy', 'é']) {
        const t = new Template([
          { base64: ['ss://', { base64: ['x'.repeat(k), uuidItself, tail], url: true }, '@h:1'] },
        ]);
        expect(t.inPlace).toBe(true);
        for (const uuid of MORE) {
          const want = b64(`ss://${url(`${'x'.repeat(k)}${uuid}${tail}`)}@h:1`);
          expect(t.bytes(uuid).toString('latin1')).toBe(want);
          expect(t.text(uuid)).toBe(want);
        }
      }
    }
  });

  it('base64 inside base64 (a VMess link in the list)', () => {
    const t = new Template([{ base64: ['a', { base64: ['{"id":"', uuidItself, '"}'] }, '\nb', uuidItself] }]);
    expect(t.inPlace).toBe(true);
    for (const uuid of MORE)
      expect(t.bytes(uuid).toString('latin1')).toBe(b64(`a${b64(`{"id":"${uuid}"}`)}\nb${uuid}`));
  });

  it('falls back to text when a slot writes another length than the probes gave', () => {
    const odd = (u: string) => (u.startsWith('abc') ? `${u}!` : u);
    const t = new Template([{ base64: ['x', odd, 'y'] }]);
    expect(t.inPlace).toBe(true);
    const uuid = 'abcdef01-2345-4678-9abc-def012345678';
    expect(t.bytes(uuid).toString('latin1')).toBe(b64(`x${uuid}!y`));
    // A template never keeps what a failed answer half-wrote.
    expect(t.bytes(UUIDS[0]!).toString('latin1')).toBe(b64(`x${UUIDS[0]!}y`));
  });

  it('falls back to text when a slot writes a non-ASCII character for one UUID only', () => {
    const odd = (u: string) => (u.startsWith('abc') ? `é${u.slice(1)}` : u);
    const t = new Template(['x', odd, 'y']);
    expect(t.inPlace).toBe(true);
    const uuid = 'abcdef01-2345-4678-9abc-def012345678';
    expect(t.bytes(uuid).toString('utf8')).toBe(`xé${uuid.slice(1)}y`);
  });

  it('gzips UUIDs farther apart than deflate reaches, and side by side, each read back exactly', () => {
    const far = new Template(['a', uuidItself, 'b'.repeat(40_000), uuidItself, 'c']);
    const touching = new Template([
      'a',
      uuidItself,
      uuidItself,
      '\n',
      uuidItself,
      uuidItself,
      uuidItself,
      'z',
    ]);
    for (const t of [far, touching])
      for (const uuid of MORE) expect(gunzipSync(t.gzip(uuid)!).toString('latin1')).toBe(t.text(uuid));
  });

  it('is not laid out when the probes already show a slot writes lengths that vary, or non-ASCII', () => {
    expect(new Template(['a', (u) => u.replace(/[^0-9]/g, '')]).inPlace).toBe(false);
    expect(new Template(['a', (u) => `é${u}`]).inPlace).toBe(false);
    expect(new Template(['a', (u) => `é${u}`]).bytes(UUIDS[0]!).toString('utf8')).toBe(`aé${UUIDS[0]!}`);
  });
});
