import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createRequestReader } from './request';

const req = (peer: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;
const config = (TRUST_PROXY: string) => createRequestReader(loadConfig({ TRUST_PROXY }));

describe('X-Forwarded-* only from TRUST_PROXY addresses', () => {
  const fwd = {
    'x-forwarded-for': '198.51.100.1, 203.0.113.9',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'a.example',
  };

  it('ignores them all when TRUST_PROXY is off', () => {
    const c = config('false');
    expect(c.clientIp(req('127.0.0.1', fwd))).toBe('127.0.0.1');
    expect(c.isHttps(req('127.0.0.1', fwd))).toBe(false);
    expect(c.requestHost(req('127.0.0.1', { ...fwd, host: 'b.example' }))).toBe('b.example');
  });

  it('true means a proxy on this machine: a peer elsewhere cannot choose its IP, scheme or host', () => {
    const c = config('true');
    expect(c.clientIp(req('192.0.2.5', fwd))).toBe('192.0.2.5');
    expect(c.isHttps(req('192.0.2.5', fwd))).toBe(false);
    expect(c.requestHost(req('192.0.2.5', { ...fwd, host: 'b.example' }))).toBe('b.example');
    expect(c.clientIp(req('127.0.0.1', fwd))).toBe('203.0.113.9');
    expect(c.clientIp(req('::ffff:127.0.0.1', fwd))).toBe('203.0.113.9');
    expect(c.clientIp(req('::1', fwd))).toBe('203.0.113.9');
    expect(c.isHttps(req('127.0.0.1', fwd))).toBe(true);
    expect(c.requestHost(req('127.0.0.1', { ...fwd, host: 'b.example' }))).toBe('a.example');
  });

  it('walks X-Forwarded-For from the right past trusted hops, stopping at the first untrusted one', () => {
    const c = config('10.0.0.0/8,192.0.2.1');
    const chain = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.7, 10.9.9.9' };
    expect(c.clientIp(req('192.0.2.1', chain))).toBe('203.0.113.9');
    expect(c.clientIp(req('::ffff:10.0.0.2', chain))).toBe('203.0.113.9');
    expect(c.clientIp(req('192.0.2.2', chain))).toBe('192.0.2.2');
    expect(c.clientIp(req('192.0.2.1', { 'x-forwarded-for': '10.0.0.3, 10.0.0.4' }))).toBe('10.0.0.3');
    expect(c.clientIp(req('192.0.2.1'))).toBe('192.0.2.1');
  });
});
