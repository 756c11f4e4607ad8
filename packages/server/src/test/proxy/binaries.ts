import { accessSync, constants, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** The proxy programs the tests run, and the Debian package that installs each. */
export const DEBIAN_PACKAGE = {
  v2ray: 'v2ray',
  'ss-server': 'shadowsocks-libev',
  'ss-local': 'shadowsocks-libev',
  trojan: 'trojan',
  openssl: 'openssl',
  // Shadowsocks plugins (SIP003): ss-server / ss-local start them by name.
  'obfs-server': 'simple-obfs',
  'obfs-local': 'simple-obfs',
  // Debian names v2ray-plugin's program ss-v2ray-plugin.
  'ss-v2ray-plugin': 'shadowsocks-v2ray-plugin',
} as const;

export type Binary = keyof typeof DEBIAN_PACKAGE;

export const ALL_BINARIES = Object.keys(DEBIAN_PACKAGE) as Binary[];

/** The absolute path of an executable on PATH, or null. */
export function findBinary(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/**
 * The paths of the given programs. Throws one error naming every missing program and the Debian package to install,
 * so a machine without them fails the tests loudly instead of skipping them.
 */
export function requireBinaries(names: readonly Binary[] = ALL_BINARIES): Record<Binary, string> {
  const found: Partial<Record<Binary, string>> = {};
  const missing: string[] = [];
  for (const name of names) {
    const p = findBinary(name);
    if (p) found[name] = p;
    else missing.push(`\`${name}\` (Debian package \`${DEBIAN_PACKAGE[name]}\`)`);
  }
  if (missing.length > 0) {
    const packages = [...new Set(names.filter((n) => !found[n]).map((n) => DEBIAN_PACKAGE[n]))].join(' ');
    throw new Error(
      `The proxy-software tests need real proxy programs that are not on PATH: ${missing.join(', ')}. ` +
        `Install them with: apt-get install -y ${packages}`,
    );
  }
  return found as Record<Binary, string>;
}

/**
 * A directory of links that puts each Shadowsocks plugin under the name links and configs give it (`v2ray-plugin`:
 * Debian's program is `ss-v2ray-plugin`), for the PATH of ss-server and ss-local.
 */
export function pluginPathDir(dir: string): string {
  const found = requireBinaries(['obfs-server', 'obfs-local', 'ss-v2ray-plugin']);
  mkdirSync(dir, { recursive: true });
  for (const [name, target] of [
    ['v2ray-plugin', found['ss-v2ray-plugin']],
    ['obfs-local', found['obfs-local']],
    ['obfs-server', found['obfs-server']],
  ] as const)
    symlinkSync(target, path.join(dir, name));
  return dir;
}
