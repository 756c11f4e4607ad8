import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');
const STYLES_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
  'styles',
);
const sheet = readFileSync(path.join(__dirname, 'mantine.css'), 'utf8');
const imported = [...sheet.matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map((m) => m[1]!);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("Mantine's styles (theme/mantine.css)", () => {
  it('include every component the app imports that has styles of its own', () => {
    const used = new Set<string>();
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from '@mantine\/core'/g))
        for (const name of match[1]!.split(',')) used.add(name.replace(/\btype\b/, '').trim());
    }
    expect(used.size).toBeGreaterThan(30);
    // Components drawn with other components' styles (no file of their own).
    const borrowed: Record<string, string[]> = {
      MultiSelect: ['Pill', 'PillsInput'],
      TagsInput: ['Pill', 'PillsInput'],
    };
    const needed = [...used].flatMap((name) => [name, ...(borrowed[name] ?? [])]);
    const missing = needed.filter(
      (name) => existsSync(path.join(STYLES_DIR, `${name}.css`)) && !imported.includes(name),
    );
    expect(missing).toEqual([]);
  });

  it('import files that exist, in the order of the full sheet', () => {
    const full = readFileSync(path.join(STYLES_DIR, '..', 'styles.css'), 'utf8');
    const positions = imported.slice(3).map((name) => {
      const file = path.join(STYLES_DIR, `${name}.css`);
      expect(existsSync(file), name).toBe(true);
      const selector = /\.m_[0-9a-f]+/.exec(readFileSync(file, 'utf8'))?.[0] ?? '';
      return full.indexOf(selector);
    });
    expect(imported.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
