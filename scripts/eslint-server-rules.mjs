// Local ESLint rules that keep the server's structure: no import cycles, kebab-case file names.
import fs from 'node:fs';
import path from 'node:path';

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const SOURCE = /\.(?:ts|mts|tsx)$/;

/** Relative specifier -> the file it names (`.js` is written for `.ts` files, as NodeNext wants). */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    path.join(base, 'index.ts'),
  ];
  return candidates.find((c) => SOURCE.test(c) && fs.existsSync(c)) ?? null;
}

function sourceFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** Strongly connected components of the relative-import graph under `root` (type-only imports count too). */
function analyse(root) {
  const edges = new Map();
  for (const file of sourceFiles(root)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(file, m[1]);
      if (target && target.startsWith(root)) targets.add(target);
    }
    edges.set(file, targets);
  }
  // Tarjan's algorithm, iterative enough for a few hundred files.
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  const connect = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const members = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        members.push(w);
      } while (w !== v);
      const cyclic = members.length > 1 || (edges.get(v) ?? new Set()).has(v);
      for (const m of members) component.set(m, cyclic ? members : null);
    }
  };
  for (const v of edges.keys()) if (!indices.has(v)) connect(v);
  return { edges, component };
}

const analyses = new Map();

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles (type-only imports included) under a source root.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { cycle: 'Import cycle: {{chain}}' },
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0]?.root ?? '.');
    const file = path.resolve(context.filename);
    if (!file.startsWith(root)) return {};
    return {
      Program() {
        // One analysis per lint run and root (the CLI lints every file against the same tree).
        if (!analyses.has(root)) analyses.set(root, analyse(root));
        const { component } = analyses.get(root);
        const members = component.get(file);
        if (!members) return;
        const rel = (f) => path.relative(root, f);
        context.report({
          loc: { line: 1, column: 0 },
          messageId: 'cycle',
          data: { chain: members.map(rel).sort().join(', ') },
        });
      },
    };
  },
};

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

const kebabCaseFile = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names are kebab-case (lower-case words joined by hyphens).' },
    schema: [],
    messages: { name: 'File name "{{name}}" is not kebab-case.' },
  },
  create(context) {
    const name = path.basename(context.filename);
    return {
      Program(node) {
        if (!KEBAB.test(name)) context.report({ node, messageId: 'name', data: { name } });
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle, 'kebab-case-file': kebabCaseFile } };
