import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('runs a local venue with nothing set: embedded database, demo data, only a local proxy trusted', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 4000, demoData: true, trustProxy: 'loopback' });
    expect(config.publicUrl).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databaseWaitMs).toBe(10_000);
  });

  it('names the variable and the value when a setting is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: .*\(got "eighty"\)/);
    expect(() => loadConfig({ VENUE_TIMEZONE: 'Mars/Olympus' })).toThrow(/VENUE_TIMEZONE: must be an IANA time zone/);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ STRIPE_API_URL: 'ftp://stripe.example' })).toThrow(/STRIPE_API_URL: must be an http/);
  });

  it('never prints a secret back: secret variables by length, URLs without their password', () => {
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('no error');
    };
    const short = messageOf({ JWT_SECRET: 'hunter2' });
    expect(short).toMatch(/JWT_SECRET: must be at least 32 characters .*\(got a value of 7 characters\)/);
    expect(short).not.toContain('hunter2');
    const db = messageOf({ DATABASE_URL: 'postgres://app:S3cretPw@db:port/x' });
    expect(db).toContain('DATABASE_URL');
    expect(db).toContain('postgres://app:***@db:port/x');
    expect(db).not.toContain('S3cretPw');
    const smtp = messageOf({ SMTP_URL: 'smpt://user:MailPw@mail.example:587' });
    expect(smtp).toContain('smpt://user:***@mail.example:587');
    expect(smtp).not.toContain('MailPw');
  });

  it('takes a variable set to nothing as unset, and numbers in decimal digits only', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 4000, databaseUrl: undefined });
    expect(() => loadConfig({ PORT: '0x12C5' })).toThrow(/PORT: must be a whole number \(got "0x12C5"\)/);
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_PER_IP: '1e3' })).toThrow(/RATE_LIMIT_LOGIN_PER_IP: must be a whole/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: /);
    expect(() => loadConfig({ DATABASE_WAIT_MS: '0' })).toThrow(/DATABASE_WAIT_MS: /);
    expect(() => loadConfig({ UPLOAD_MAX_MB: '0x10' })).toThrow(/UPLOAD_MAX_MB: must be a number in decimal digits/);
    expect(() => loadConfig({ VENUE_LATITUDE: '1e1' })).toThrow(/VENUE_LATITUDE: must be a number in decimal/);
    expect(loadConfig({ UPLOAD_MAX_MB: '2.5', VENUE_LONGITUDE: '-0.1278' })).toMatchObject({
      uploadMaxBytes: 2_621_440,
    });
    expect(() => loadConfig({ HOST: 'not a host' })).toThrow(/HOST: must be an IP address or a host name/);
    for (const host of ['127.0.0.1', '::', 'localhost', 'lounge.internal'])
      expect(loadConfig({ HOST: host }).host).toBe(host);
  });

  it('listens on this machine only while the demo accounts (published passwords) are on, unless HOST says otherwise', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://x.example', SMTP_URL: 'smtp://mail:25' };
    expect(loadConfig({})).toMatchObject({ demoData: true, host: '127.0.0.1' });
    expect(loadConfig({ HOST: ' ' })).toMatchObject({ demoData: true, host: '127.0.0.1' });
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ demoData: true, host: '0.0.0.0' });
    expect(loadConfig({ DEMO_DATA: 'false' })).toMatchObject({ demoData: false, host: '0.0.0.0' });
    expect(loadConfig(production)).toMatchObject({ demoData: false, host: '0.0.0.0' });
    expect(loadConfig({ ...production, DEMO_DATA: 'true' })).toMatchObject({ demoData: true, host: '127.0.0.1' });
  });

  it('takes only http(s) origins for PUBLIC_URL and CORS_ORIGINS, where links and CORS need one', () => {
    for (const bad of [
      'localhost:4809',
      'javascript:alert(1)',
      'https://shop.example.com/app/',
      'https://x.example/?a',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL: must be/);
    }
    expect(() => loadConfig({ CORS_ORIGINS: 'https://ok.example, ftp://files.example' })).toThrow(/CORS_ORIGINS/);
    // Not a URL at all: still named, not a bare "Invalid URL".
    expect(() => loadConfig({ PUBLIC_URL: 'checkpoint.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'checkpoint.example.com' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example,b.example' })).toThrow(/CORS_ORIGINS.*must be an http/);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:4000/' }).publicUrl).toBe('http://localhost:4000');
  });

  it('keeps origins as browsers send them, so a capital letter, a default port or a slash still matches', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://Checkpoint.Example:443/',
      CORS_ORIGINS: 'HTTP://Legacy.Example:80, https://shop.example:8443/, https://bücher.example',
    });
    expect(config.publicUrl).toBe('https://checkpoint.example');
    expect(config.corsOrigins).toEqual([
      'https://checkpoint.example',
      'http://legacy.example',
      'https://shop.example:8443',
      'https://xn--bcher-kva.example',
    ]);
  });

  it('checks the database, mail and proxy settings before anything starts', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not-a-url' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ REPORTING_DATABASE_URL: 'mysql://db/x' })).toThrow(/REPORTING_DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@db:5432/x' }).databaseUrl).toBe('postgresql://u:p@db:5432/x');
    expect(() => loadConfig({ SMTP_URL: 'mail.example:25' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ TRUST_PROXY: 'foo' })).toThrow(/TRUST_PROXY: must be true, false/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8/1' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ JWT_SECRET: 'x' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });

  it('needs PUBLIC_URL and SMTP_URL in production: e-mailed links must not come from a request, and must arrive', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: required when NODE_ENV is production[^]*SMTP_URL: required when NODE_ENV is production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://checkpoint.example' })).toThrow(
      /^Invalid configuration:\n {2}SMTP_URL: required/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://checkpoint.example/',
      SMTP_URL: 'smtp://mail.example:587',
    });
    expect(config.publicUrl).toBe('https://checkpoint.example');
    expect(config.corsOrigins).toEqual(['https://checkpoint.example']);
  });

  it('needs S3_BUCKET once any other S3 setting is given, rather than keeping images on this disk unsaid', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT is set \(images go to that bucket/,
    );
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'shh' })).toThrow(
      /S3_BUCKET: required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set/,
    );
    expect(loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'images' }).s3).toMatchObject({
      endpoint: 'http://minio:9000',
      bucket: 'images',
    });
    expect(loadConfig({}).s3.bucket).toBeUndefined();
  });

  it('seeds demo accounts (published passwords) outside production only, unless told otherwise', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://checkpoint.example',
      SMTP_URL: 'smtp://mail.example:587',
    };
    expect(loadConfig(production).demoData).toBe(false);
    expect(loadConfig({ ...production, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it("reads TRUST_PROXY as Express's trust proxy setting", () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, loopback' }).trustProxy).toBe('10.0.0.5, loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,fd00::/8,uniquelocal' }).trustProxy).toBe(
      '10.0.0.0/8,fd00::/8,uniquelocal',
    );
  });

  it('counts password changes like logins and e-mail changes like sign-ups', () => {
    const config = loadConfig({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '7', RATE_LIMIT_REGISTER_PER_IP: '9' });
    expect(config.rateLimits.passwordChange.perAccount).toBe(7);
    expect(config.rateLimits.emailChange.perIp).toBe(9);
  });
});
