import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_ADDRESS, normaliseAddress } from './device-address.js';

describe('one spelling per reported address', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    // Xboard-style "ip_suffix" entries
    ['1.2.3.4_node7', '1.2.3.4'],
    ['2001:db8::1_a_b', '2001:db8::1'],
    // IPv4 over a dual-stack socket
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::FFFF:0102:0304', '1.2.3.4'],
    // IPv6 in brackets (with a port), with a zone, upper case, written out in full
    ['[2001:DB8::1]', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['2001:0DB8:0000:0000:0000:FF00:0042:8329', '2001:db8::ff00:42:8329'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['::1', '::1'],
    // an IPv4 address with its port
    ['1.2.3.4:5678', '1.2.3.4'],
  ])('%s -> %s', (raw, expected) => {
    expect(normaliseAddress(raw)).toBe(expected);
  });

  it.each(['', 'nope', '256.1.1.1', '01.2.3.4', '1.2.3', '2001:db8:::1', 'example.com', '_1.2.3.4'])(
    'refuses %j',
    (raw) => {
      expect(normaliseAddress(raw)).toBeNull();
    },
  );

  it('refuses an entry longer than any address', () => {
    expect(normaliseAddress(`1.2.3.4_${'x'.repeat(MAX_REPORTED_ADDRESS)}`)).toBeNull();
  });
});
