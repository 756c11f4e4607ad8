import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { authApi, ticketsApi } from '@portal/contract';
import { contractForTheBrowser } from '../../vite.config';

const CONTRACT = path.resolve(__dirname, '../../../contract/src');

/** Every module of the contract, as the browser build takes it (tests aside). */
function contractModules(dir = CONTRACT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return contractModules(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** The object literal of each `defineEndpoint({...})` call in `code`. */
function endpointObjects(code: string): Node[] {
  const found: Node[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.type === 'CallExpression' && (n.callee as { name?: string }).name === 'defineEndpoint')
      found.push((n.arguments as Node[])[0]!);
    Object.values(n).forEach(visit);
  };
  visit(parseAst(code, { lang: 'ts' }));
  return found;
}

describe("the contract's modules in the browser build", () => {
  const tickets = path.join(CONTRACT, 'endpoints/tickets.ts');
  const source = readFileSync(tickets, 'utf8');
  const built = contractForTheBrowser(source, tickets);

  it("keeps what the browser reads of an endpoint and nothing else: its schemas stay on the server's side", () => {
    const endpoints = endpointObjects(built);
    expect(endpoints.length).toBeGreaterThan(5);
    for (const endpoint of endpoints) {
      const properties = Object.fromEntries(
        (endpoint.properties as { key: { name: string }; value: Node }[]).map((p) => [
          p.key.name,
          built.slice(p.value.start, p.value.end),
        ]),
      );
      for (const [key, value] of Object.entries(properties)) {
        if (['method', 'path', 'auth', 'permission', 'produces'].includes(key)) continue;
        expect(value, key).toBe('undefined');
      }
      expect(properties.method).toMatch(/^'(GET|POST|PUT|PATCH|DELETE)'$/);
    }
    // The endpoints the module defines, with the same methods and paths as the server's.
    const paths = endpoints.map((e) => {
      const property = (e.properties as { key: { name: string }; value: Node }[]).find(
        (p) => p.key.name === 'path',
      )!;
      return built.slice(property.value.start + 1, property.value.end - 1);
    });
    expect(paths).toContain(ticketsApi.createTicket.path);
    expect(paths).toContain(ticketsApi.replyTicket.path);
  });

  it('builds each constant made by calls in a call marked pure, so that one nothing reads is dropped', () => {
    expect(source).toContain('export const ticketStatusSchema = z.enum(TICKET_STATUSES);');
    expect(built).toContain(
      'export const ticketStatusSchema = /* @__PURE__ */ (() => (z.enum(TICKET_STATUSES)))();',
    );
    // Plain values stay as they are.
    expect(built).toContain(
      "export const TICKET_STATUSES = ['pending', 'processing', 'resolved', 'closed'] as const;",
    );
  });

  it.each(contractModules().map((file) => [path.relative(CONTRACT, file), file]))(
    '%s stays valid TypeScript, with every endpoint it defines',
    (_name, file) => {
      const code = readFileSync(file, 'utf8');
      const out = contractForTheBrowser(code, file);
      expect(() => parseAst(out, { lang: 'ts' })).not.toThrow();
      expect(endpointObjects(out)).toHaveLength(endpointObjects(code).length);
    },
  );

  it('leaves the endpoints as the server defines them outside the build', () => {
    expect(authApi.login.data).toBeDefined();
    expect(authApi.login.body).toBeDefined();
  });
});
