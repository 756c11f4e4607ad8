/**
 * Hostile requests built from an OpenAPI document: for each operation, a plausible base request (from its schemas)
 * and variants that break it one place at a time. Nothing here knows an endpoint by name, so an endpoint added
 * later is fuzzed as soon as it is in the document.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI form: `/api/v1/portal/tickets/{id}` */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

export interface Variant {
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** A string is sent as it is (malformed JSON, raw prototype keys); anything else as JSON. */
  payload?: unknown;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      })),
  );
}

const MEGABYTE = 'A'.repeat(1024 * 1024);
const DEEP = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

/** Values that replace one field at a time: wrong types, edges of numbers, hostile strings. */
const HOSTILE_VALUES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['zero', 0],
  ['negative', -1],
  ['fraction', 1.5],
  ['int32+1', 2_147_483_648],
  ['2^53+2', 9_007_199_254_740_994],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['empty', ''],
  ['NUL', 'n\u0000ul'],
  ['control', 'a\u001b[31mb\u007f'],
  ['lone surrogate', '\ud800x'],
  ['unicode', '日本語 🇯🇵 ⁦RTL⁩ ﷽'],
  ['sql', "1' OR '1'='1'; DROP TABLE users; --"],
  ['traversal', '../../../../etc/passwd'],
  ['100 KB', 'B'.repeat(100 * 1024)],
  ['array', [1, 'two']],
  ['object', { nested: { deeper: 1 } }],
  ['__proto__ object', JSON.parse('{"__proto__":{"polluted":1}}')],
];

/** Variants of a plausible value that stay plausible: a NUL or a line break inside an otherwise valid text. */
function derived(base: unknown): [string, unknown][] {
  if (typeof base === 'string' && base.length > 0)
    return [
      ['NUL inside', `${base.slice(0, 1)}\u0000${base.slice(1)}`],
      ['NUL at the end', `${base}\u0000`],
      ['line break inside', `${base.slice(0, 1)}\n${base.slice(1)}`],
      ['escape inside', `${base.slice(0, 1)}\u001b${base.slice(1)}`],
    ];
  if (typeof base === 'number') return [['plus 2^31', base + 2 ** 31]];
  return [];
}

/** Values for one path parameter (encoded into the URL as they are). */
const HOSTILE_SEGMENTS: [string, string][] = [
  ['int32+1', '2147483648'],
  ['huge', '99999999999999999999999'],
  ['zero', '0'],
  ['negative', '-1'],
  ['exponent', '1e3'],
  ['hex', '0x10'],
  ['NaN', 'NaN'],
  ['NUL', '%00'],
  ['encoded traversal', '..%2F..%2F..%2Fetc%2Fpasswd'],
  ['dots', '..'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['sql', "1'%20OR%20'1'%3D'1"],
  ['unicode', encodeURIComponent('𝕏日本')],
  ['bad escape', '%E0%A4%A'],
  ['150 chars', '9'.repeat(150)],
];

/** Values for one query parameter; `many` repeats it (an array where a scalar is expected). */
const HOSTILE_QUERY: [string, string[]][] = [
  ['int32+1', ['2147483648']],
  ['1e400', ['1e400']],
  ['negative', ['-5']],
  ['NaN', ['NaN']],
  ['empty', ['']],
  ['NUL', ['a\u0000b']],
  ['sql', ["' OR 1=1 --"]],
  ['many', ['1', '2', '3']],
  ['100 KB', ['C'.repeat(100 * 1024)]],
  ['unicode', ['日本語🇯🇵']],
];

/** A value the schema would plausibly accept; a base the variants break one place at a time. */
export function sample(schema: JsonSchema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) {
    const option = choice.find((s) => s.type !== 'null') ?? choice[0];
    return sample(option, name, depth + 1);
  }
  if (schema.allOf?.length) return sample(schema.allOf[0], name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {}))
        out[key] = sample(child, key, depth + 1);
      return out;
    }
    case 'array':
      // One element at least, so the fields of its items are fuzzed too.
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        sample(schema.items, name, depth + 1),
      );
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'date-time') return new Date(Date.now() + 3_600_000).toISOString();
      if (/email/i.test(name)) return 'fuzz@example.com';
      if (/password/i.test(name)) return 'Fuzz-pass-123';
      if (/amount|price|balance/i.test(name)) return '10.00';
      if (/url/i.test(name)) return 'https://example.com/x';
      const base = name.endsWith('_id') ? '1' : 'fuzz text';
      return base.padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return null;
  }
}

type Path = (string | number)[];

/** Every field of a body, nested ones included (arrays by their first element). */
function fieldPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.length > 0 ? fieldPaths(value[0], [...prefix, 0]) : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key],
    ...fieldPaths(child, [...prefix, key]),
  ]);
}

function valueAt(value: unknown, at: Path): unknown {
  return at.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], value);
}

/** A copy of the body with one field replaced (undefined: removed). */
function withField(body: unknown, at: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  const parent = valueAt(copy, at.slice(0, -1)) as Record<string | number, unknown>;
  const key = at[at.length - 1]!;
  if (value === undefined) delete parent[key];
  else parent[key] = value;
  return copy;
}

function buildUrl(path: string, pathValues: Record<string, string>, query: [string, string][]): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => pathValues[name] ?? '1');
  if (query.length === 0) return filled;
  return `${filled}?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
}

/** The base request and every variant that breaks it in one place. */
export function variantsOf(op: Operation): Variant[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const basePath = Object.fromEntries(
    pathParams.map((p) => [p.name, String(sample(p.schema, p.name) ?? '1')]),
  );
  const baseQuery: [string, string][] = queryParams.map((p) => [
    p.name,
    String(sample(p.schema, p.name) ?? '1'),
  ]);
  const url = buildUrl(op.path, basePath, baseQuery);
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const baseBody = hasBody ? (sample(op.body ?? undefined) ?? {}) : undefined;
  const out: Variant[] = [{ label: 'base', url, payload: baseBody }];

  for (const p of pathParams) {
    for (const [label, value] of HOSTILE_SEGMENTS) {
      out.push({
        label: `path ${p.name} ${label}`,
        url: buildUrl(op.path, { ...basePath, [p.name]: value }, baseQuery),
        payload: baseBody,
      });
    }
  }
  for (const p of queryParams) {
    for (const [label, values] of HOSTILE_QUERY) {
      const rest = baseQuery.filter(([k]) => k !== p.name);
      out.push({
        label: `query ${p.name} ${label}`,
        url: buildUrl(op.path, basePath, [...rest, ...values.map((v) => [p.name, v] as [string, string])]),
        payload: baseBody,
      });
    }
  }
  out.push({
    label: 'query __proto__',
    url: buildUrl(op.path, basePath, [...baseQuery, ['__proto__', '1']]),
  });
  out.push({
    label: 'query constructor[prototype]',
    url: buildUrl(op.path, basePath, [...baseQuery, ['constructor[prototype][x]', '1']]),
  });

  if (!hasBody) return out;
  const json = { 'content-type': 'application/json' };
  const body = (label: string, payload: unknown, headers: Record<string, string> = json): Variant => ({
    label: `body ${label}`,
    url,
    headers,
    payload,
  });
  out.push(
    body('array', JSON.stringify([])),
    body('string', JSON.stringify('x')),
    body('null', 'null'),
    body('number', '123'),
    body('malformed', '{"a":'),
    body('__proto__', '{"__proto__":{"polluted":true}}'),
    body('constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'),
    body('deep nesting', DEEP),
    body('1 MB', JSON.stringify({ x: MEGABYTE })),
    body('empty', '', json),
    body('text/plain', 'plain', { 'content-type': 'text/plain' }),
    body('form', 'a=1&b=2', { 'content-type': 'application/x-www-form-urlencoded' }),
  );
  for (const at of fieldPaths(baseBody)) {
    const name = at.join('.');
    out.push(body(`${name} missing`, withField(baseBody, at, undefined)));
    for (const [label, value] of [...HOSTILE_VALUES, ...derived(valueAt(baseBody, at))]) {
      out.push(body(`${name} = ${label}`, withField(baseBody, at, value)));
    }
  }
  return out;
}
