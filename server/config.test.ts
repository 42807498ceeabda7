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
    [{ APP_NAME: '   ' }, 'Invalid configuration: APP_NAME must not be blank'],
    [
      { TIME_ZONE: 'Mars/Olympus_Mons' },
      'Invalid configuration: TIME_ZONE must be an IANA time zone such as Europe/London (got "Mars/Olympus_Mons")',
    ],
    [{ TIME_ZONE: '+01:00' }, 'Invalid configuration: TIME_ZONE must be an IANA time zone'],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("TIME_ZONE: an IANA zone as Intl spells it; unset or blank, this machine's zone", () => {
    expect(loadConfig({ TIME_ZONE: 'europe/london' }).timeZone).toBe('Europe/London');
    expect(loadConfig({ TIME_ZONE: 'Asia/Tokyo' }).timeZone).toBe('Asia/Tokyo');
    const machine = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(loadConfig({}).timeZone).toBe(machine);
    expect(loadConfig({ TIME_ZONE: ' ' }).timeZone).toBe(machine);
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
      paymentsMode: 'test',
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

  it('keeps uploads on disk unless S3_BUCKET is set; the S3 settings are checked as a whole', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'rooms' }).s3).toEqual({
      bucket: 'rooms',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'rooms',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_REGION: 'eu-west-2',
      }).s3,
    ).toEqual({
      bucket: 'rooms',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-2',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
    });
    expect(
      loadConfig({ S3_BUCKET: 'rooms', S3_ENDPOINT: 'http://m:9000', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle,
    ).toBe(false);
    expect(() => loadConfig({ S3_BUCKET: 'rooms', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://m:9000' })).toThrow(
      'Invalid configuration: S3_BUCKET is required when S3_ENDPOINT or S3 credentials are set',
    );
    expect(() => loadConfig({ S3_BUCKET: 'rooms', S3_ENDPOINT: 'minio:9000' })).toThrow(
      'Invalid configuration: S3_ENDPOINT must be a full http(s) URL',
    );
    expect(() => loadConfig({ S3_BUCKET: 'rooms', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "yes")',
    );
  });

  it('picks the payments mode: test by default, stripe with a secret key, off with PAYMENTS=off', () => {
    expect(loadConfig({}).payments).toEqual({ mode: 'test', stripe: null });
    expect(loadConfig({ PAYMENTS: ' ', STRIPE_SECRET_KEY: '' }).payments).toEqual({ mode: 'test', stripe: null });
    expect(loadConfig({ PAYMENTS: 'on' }).payments.mode).toBe('test');
    expect(loadConfig({ PAYMENTS: 'off' }).payments).toEqual({ mode: 'off', stripe: null });
    expect(loadConfig({ PAYMENTS: 'OFF', STRIPE_SECRET_KEY: 'sk_test_x' }).payments.mode).toBe('off');
    const c = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_y' });
    expect(c.payments).toEqual({
      mode: 'stripe',
      stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_y', host: null, port: null, protocol: null },
    });
    expect(publicConfig(c).paymentsMode).toBe('stripe');
    expect(publicConfig(loadConfig({ PAYMENTS: 'off' })).paymentsMode).toBe('off');
    expect(JSON.stringify(publicConfig(c))).not.toMatch(/sk_test_x|whsec_y/);
  });

  it('refuses a PAYMENTS value it does not know rather than selling by mistake', () => {
    expect(() => loadConfig({ PAYMENTS: 'of' })).toThrow('Invalid configuration: PAYMENTS must be off');
  });

  it('points Stripe at STRIPE_API_URL (a loopback fake in tests)', () => {
    const stripe = (url: string) =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh', STRIPE_API_URL: url }).payments.stripe;
    expect(stripe('http://127.0.0.1:12111')).toMatchObject({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripe('https://stripe-proxy.internal/')).toMatchObject({
      host: 'stripe-proxy.internal',
      port: 443,
      protocol: 'https',
    });
    expect(() => stripe('ftp://x')).toThrow('Invalid configuration: STRIPE_API_URL must be a full http(s) URL');
  });

  it('requires STRIPE_WEBHOOK_SECRET with STRIPE_SECRET_KEY', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: ' ' })).toThrow(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    );
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
