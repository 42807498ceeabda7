import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicConfig } from './config';

describe('loadConfig', () => {
  it('has a default for every variable', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appName: 'Roomlist',
      baseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(publicConfig(c).mailMode).toBe('outbox');
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    [
      { BASE_URL: 'rooms.example.com' },
      'Invalid configuration: BASE_URL must be a full URL such as https://rooms.example.com (got "rooms.example.com")',
    ],
    [{ SMTP_URL: 'nope' }, 'Invalid configuration: SMTP_URL must be a full URL'],
    [
      { TRUST_PROXY: 'yes' },
      'Invalid configuration: TRUST_PROXY must be false, true (a proxy on this machine) or proxy addresses such as 127.0.0.1,10.0.0.0/8 (got "yes")',
    ],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'Invalid configuration: TRUST_PROXY must be false, true'],
    [{ TRUST_PROXY: '127.0.0.1,,10.0.0.1' }, 'Invalid configuration: TRUST_PROXY must be false, true'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'Invalid configuration: TRUST_PROXY must be false, true'],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('requires BASE_URL when e-mail leaves the machine', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      'Invalid configuration: BASE_URL is required when SMTP_URL is set',
    );
  });

  it('trims a trailing slash from BASE_URL and reports smtp mode', () => {
    const c = loadConfig({ BASE_URL: 'https://rooms.example.com/', SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(c.baseUrl).toBe('https://rooms.example.com');
    expect(publicConfig(c)).toEqual({
      appName: 'Roomlist',
      baseUrl: 'https://rooms.example.com',
      mailMode: 'smtp',
      linkedinEnabled: false,
    });
  });

  it("enables LinkedIn only with both client id and secret, on LinkedIn's endpoints unless told", () => {
    expect(loadConfig({}).linkedin).toBeNull();
    const c = loadConfig({ LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 'secret' });
    expect(c.linkedin).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      authUrl: 'https://www.linkedin.com/oauth/v2/authorization',
      tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
      userinfoUrl: 'https://api.linkedin.com/v2/userinfo',
    });
    expect(publicConfig(c).linkedinEnabled).toBe(true);
    expect(JSON.stringify(publicConfig(c))).not.toContain('secret');
    expect(() => loadConfig({ LINKEDIN_CLIENT_ID: 'id' })).toThrow(
      'Invalid configuration: LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET must be set together',
    );
    expect(() =>
      loadConfig({ LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 's', LINKEDIN_TOKEN_URL: 'ftp://x/t' }),
    ).toThrow('Invalid configuration: LINKEDIN_TOKEN_URL must be a full http(s) URL');
  });

  it.each([
    [undefined, []],
    ['false', []],
    ['', []],
    ['true', ['loopback']],
    ['1', ['loopback']],
    ['loopback', ['loopback']],
    [' 127.0.0.1 , 10.0.0.0/8,::1, fd00::/8 ', ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('TRUST_PROXY=%o trusts %o', (value, list) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(list);
  });
});
