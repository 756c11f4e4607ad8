import { isIP } from 'node:net';

/** Longest entry an agent's online report may hold (an IPv6 address with a zone and a suffix fits). */
export const MAX_REPORTED_ADDRESS = 96;

/**
 * One device's address in one spelling, or null when the entry is not an address. Agents report what their core
 * saw: Xboard-style `"<ip>_<suffix>"` entries (the suffix names the node or the connection), IPv6 in brackets or
 * with a zone (`fe80::1%eth0`), IPv4 reached over a dual-stack socket as IPv4-mapped IPv6 (`::ffff:1.2.3.4`), IPv6
 * in upper case or written out in full. Each is brought to one form — IPv4 dotted, IPv6 lower-case and compressed
 * (RFC 5952, as the URL standard writes it) — so the same device reported two ways counts once.
 */
export function normaliseAddress(raw: string): string | null {
  if (raw.length === 0 || raw.length > MAX_REPORTED_ADDRESS) return null;
  let ip = raw.trim().split('_', 1)[0]!;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(ip);
  if (bracketed) ip = bracketed[1]!;
  // An IPv4 address with its port (`1.2.3.4:5678`): the port is the connection, not the device.
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(ip);
  if (v4WithPort) ip = v4WithPort[1]!;
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  const family = isIP(ip);
  if (family === 4) return ip;
  if (family !== 6) return null;
  const compressed = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(compressed);
  if (!mapped) return compressed;
  const hi = parseInt(mapped[1]!, 16);
  const lo = parseInt(mapped[2]!, 16);
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}
