/** The live feed's address on the desk (issue 24): host names, IPv4 and IPv6 literals, ports 1–65535, the issue codes. */
import { describe, expect, it } from 'vitest';
import { deskLiveInput, deskLiveIssues, HOST_MAX, isFeedHost, isHostname, isIpv4, isIpv6 } from './desk-live';

const codes = (body: unknown) => {
  const parsed = deskLiveInput.safeParse(body);
  return parsed.success ? [] : deskLiveIssues(parsed.error).map((i) => `${i.path.join('.')}:${i.code}`);
};

describe('deskLiveInput', () => {
  it('accepts host names, IPv4 and IPv6 literals, trimmed; brackets around IPv6 dropped', () => {
    expect(deskLiveInput.parse({ host: ' timing.local ', port: 50000 })).toEqual({ host: 'timing.local', port: 50000 });
    expect(deskLiveInput.parse({ host: '192.168.1.20', port: 1 }).host).toBe('192.168.1.20');
    expect(deskLiveInput.parse({ host: '[::1]', port: 65535 }).host).toBe('::1');
    expect(deskLiveInput.parse({ host: '2001:db8::8a2e:370:7334', port: 50000 }).host).toBe('2001:db8::8a2e:370:7334');
    expect(deskLiveInput.parse({ host: 'Orbits-PC', port: 50000 }).host).toBe('Orbits-PC');
    expect(deskLiveInput.parse({ host: 'localhost', port: 50000 }).host).toBe('localhost');
    expect(deskLiveInput.parse({ host: 'timing.example.org.', port: 50000 }).host).toBe('timing.example.org.');
  });

  it('refuses a missing or blank host with null_host', () => {
    expect(codes({ port: 50000 })).toEqual(['host:null_host']);
    expect(codes({ host: null, port: 50000 })).toEqual(['host:null_host']);
    expect(codes({ host: '   ', port: 50000 })).toEqual(['host:null_host']);
  });

  it('refuses what is not a host with invalid_host', () => {
    for (const host of ['http://timing.local', 'timing.local:50000', 'timing local', '-orbits', 'orbits-', 'a..b', '999.1.1.1', '192.168.1', '1.2.3.4.5', '::1::2', '[timing.local]', 'tímíng.local', 'x'.repeat(64), 42, true]) {
      expect(codes({ host, port: 50000 }), String(host)).toEqual(['host:invalid_host']);
    }
    // Longer than a DNS name may be.
    const long = `${'a'.repeat(63)}.`.repeat(4).slice(0, HOST_MAX + 1);
    expect(long.length).toBe(HOST_MAX + 1);
    expect(codes({ host: long, port: 50000 })).toEqual(['host:invalid_host']);
    expect(isHostname(long.slice(0, HOST_MAX).replace(/\.$/, 'a'))).toBe(true);
  });

  it('refuses a port outside 1–65535, not whole or not a number with invalid_port', () => {
    for (const port of [0, -1, 65_536, 1.5, '50000', null, undefined, Number.NaN]) {
      expect(codes({ host: 'timing.local', port }), String(port)).toEqual(['port:invalid_port']);
    }
    expect(codes({ host: '', port: 0 })).toEqual(['host:null_host', 'port:invalid_port']);
  });
});

describe('host checks', () => {
  it('tells IPv4, IPv6 and host names apart', () => {
    expect(isIpv4('10.0.0.255')).toBe(true);
    expect(isIpv4('10.0.0.256')).toBe(false);
    expect(isIpv4('010.0.0.1')).toBe(false);
    expect(isIpv6('fe80::1')).toBe(true);
    expect(isIpv6('timing.local')).toBe(false);
    expect(isHostname('timing-1.track.example')).toBe(true);
    expect(isHostname('timing_1')).toBe(false);
    expect(isFeedHost('::')).toBe(true);
    expect(isFeedHost('')).toBe(false);
  });
});
