import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('runs a local venue with nothing set: embedded database, demo data, only a local proxy trusted', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 4000, demoData: true, trustProxy: 'loopback' });
    expect(config.publicUrl).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names the variable and the value when a setting is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: .*\(got "eighty"\)/);
    expect(() => loadConfig({ VENUE_TIMEZONE: 'Mars/Olympus' })).toThrow(/VENUE_TIMEZONE: must be an IANA time zone/);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });

  it('needs PUBLIC_URL in production, where links in e-mails must not come from a request', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required when NODE_ENV is production/);
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://checkpoint.example/' });
    expect(config.publicUrl).toBe('https://checkpoint.example');
    expect(config.corsOrigins).toEqual(['https://checkpoint.example']);
  });

  it('seeds demo accounts (published passwords) outside production only, unless told otherwise', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://checkpoint.example' };
    expect(loadConfig(production).demoData).toBe(false);
    expect(loadConfig({ ...production, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it("reads TRUST_PROXY as Express's trust proxy setting", () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, loopback' }).trustProxy).toBe('10.0.0.5, loopback');
  });

  it('counts password changes like logins and e-mail changes like sign-ups', () => {
    const config = loadConfig({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '7', RATE_LIMIT_REGISTER_PER_IP: '9' });
    expect(config.rateLimits.passwordChange.perAccount).toBe(7);
    expect(config.rateLimits.emailChange.perIp).toBe(9);
  });
});
