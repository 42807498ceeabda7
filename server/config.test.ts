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
    expect(publicConfig(c)).toEqual({ appName: 'Roomlist', baseUrl: 'https://rooms.example.com', mailMode: 'smtp' });
  });
});
