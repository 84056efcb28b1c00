import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultBgThreads, isPostgresUrl, loadConfig } from '../../src/config/index.js';
import { CWD, problemsOf } from '../helpers/config.js';

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const c = loadConfig({}, CWD);
    expect(c).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      publicUrl: 'http://localhost:8080',
      dataDir: path.join(CWD, 'data'),
      databaseUrl: null,
      redisUrl: null,
      storageUrl: null,
      redisPrefix: 'folio:',
      logLevel: 'info',
      trustProxy: false,
      bodyLimitBytes: 1_048_576,
      jwt: { secret: null, ttlSeconds: 3600, issuer: 'folio' },
      encryptionKey: null,
      signingKey: null,
      scryptCost: 15,
      signupTokens: 50,
      billingUrl: 'http://localhost:8080/billing',
      plansFile: null,
      corsOrigins: '*',
    });
  });

  it('derives the public URL from PORT and strips trailing slashes', () => {
    expect(loadConfig({ PORT: '9090' }, CWD).publicUrl).toBe('http://localhost:9090');
    const c = loadConfig({ FOLIO_PUBLIC_URL: 'https://api.example.com/print///', PORT: '9090' }, CWD);
    expect(c.publicUrl).toBe('https://api.example.com/print');
    expect(c.billingUrl).toBe('https://api.example.com/print/billing');
  });

  it('reads the values it is given', () => {
    const key = 'ab'.repeat(32);
    const c = loadConfig(
      {
        HOST: '127.0.0.1',
        PORT: '0',
        FOLIO_DATA_DIR: 'var/folio',
        DATABASE_URL: 'postgres://u@db:5432/folio',
        REDIS_URL: 'rediss://cache:6380',
        LOG_LEVEL: 'warn',
        FOLIO_TRUST_PROXY: '10.0.0.0/8',
        FOLIO_ENCRYPTION_KEY: key.toUpperCase(),
        FOLIO_JWT_SECRET: 'j'.repeat(32),
        FOLIO_JWT_TTL: '600',
        FOLIO_CORS_ORIGINS: 'https://a.example, https://b.example,',
        FOLIO_CUSTOMIZER_API_ORIGINS: 'https://api.shop.example, http://localhost:8081/',
        FOLIO_BILLING_URL: 'https://billing.example/',
        FOLIO_PLANS_FILE: 'conf/plans.json',
        FOLIO_SCRYPT_COST: '10',
      },
      CWD,
    );
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 0,
      dataDir: path.join(CWD, 'var/folio'),
      databaseUrl: 'postgres://u@db:5432/folio',
      redisUrl: 'rediss://cache:6380',
      logLevel: 'warn',
      trustProxy: '10.0.0.0/8',
      encryptionKey: key.toUpperCase(),
      jwt: { secret: 'j'.repeat(32), ttlSeconds: 600 },
      corsOrigins: ['https://a.example', 'https://b.example'],
      customizerApiOrigins: ['https://api.shop.example', 'http://localhost:8081'],
      billingUrl: 'https://billing.example',
      plansFile: path.join(CWD, 'conf/plans.json'),
      scryptCost: 10,
    });
    expect(isPostgresUrl(c.databaseUrl)).toBe(true);
    expect(isPostgresUrl('sqlite:./x.db')).toBe(false);
    expect(loadConfig({ FOLIO_TRUST_PROXY: 'true' }, CWD).trustProxy).toBe(true);
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '  ', LOG_LEVEL: '', DATABASE_URL: ' ' }, CWD)).toMatchObject({ port: 8080, logLevel: 'info', databaseUrl: null });
  });

  it.each([['abc'], ['80.5'], ['-1'], ['65536'], ['8080x']])('rejects PORT=%s', (port) => {
    const problems = problemsOf({ PORT: port });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT must be an integer from 0 to 65535/);
    expect(problems[0]).toContain(port);
  });

  it('rejects URLs that do not parse or use the wrong scheme', () => {
    expect(problemsOf({ FOLIO_PUBLIC_URL: 'localhost:8080' })[0]).toMatch(/^FOLIO_PUBLIC_URL must use one of http, https/);
    expect(problemsOf({ FOLIO_PUBLIC_URL: 'not a url' })[0]).toMatch(/^FOLIO_PUBLIC_URL must be a URL/);
    expect(problemsOf({ DATABASE_URL: 'mysql://db/folio' })[0]).toMatch(/^DATABASE_URL must use one of postgres, postgresql, sqlite, file/);
    expect(problemsOf({ REDIS_URL: 'http://cache' })[0]).toMatch(/^REDIS_URL must use one of redis, rediss/);
    expect(problemsOf({ FOLIO_BILLING_URL: 'javascript:alert(1)' })[0]).toMatch(/^FOLIO_BILLING_URL/);
    // an origin, not a base URL with a path, and never another scheme
    for (const bad of ['https://api.example/v1', 'javascript:alert(1)', 'api.example']) {
      expect(problemsOf({ FOLIO_CUSTOMIZER_API_ORIGINS: bad })[0]).toMatch(/^FOLIO_CUSTOMIZER_API_ORIGINS must list origins/);
    }
  });

  it('gives the local background-removal model half the cores unless FOLIO_BG_THREADS says otherwise', () => {
    expect([1, 2, 3, 8, 64].map((cores) => defaultBgThreads(cores))).toEqual([1, 1, 1, 4, 32]);
    expect(loadConfig({}, CWD).bgRemove.threads).toBe(defaultBgThreads());
    expect(loadConfig({ FOLIO_BG_THREADS: '3' }, CWD).bgRemove.threads).toBe(3);
    // 0: onnxruntime's own default, a thread per core
    expect(loadConfig({ FOLIO_BG_THREADS: '0' }, CWD).bgRemove.threads).toBe(0);
    expect(problemsOf({ FOLIO_BG_THREADS: '-1' })[0]).toMatch(/^FOLIO_BG_THREADS must be an integer from 0 to 256/);
    expect(problemsOf({ FOLIO_BG_THREADS: 'all' })[0]).toMatch(/^FOLIO_BG_THREADS must be an integer/);
  });

  it('takes FOLIO_BG_MODEL as a path from the working directory, for the local provider only', () => {
    expect(loadConfig({}, CWD).bgRemove.model).toBeNull();
    expect(loadConfig({ FOLIO_BG_MODEL: 'models/isnet.json' }, CWD).bgRemove.model).toBe(path.join(CWD, 'models/isnet.json'));
    expect(loadConfig({ FOLIO_BG_MODEL: '/opt/isnet.json' }, CWD).bgRemove.model).toBe('/opt/isnet.json');
    expect(problemsOf({ FOLIO_BG_MODEL: '/opt/isnet.json', FOLIO_BG_PROVIDER: 'remove.bg', FOLIO_REMOVE_BG_API_KEY: 'k' })).toEqual([
      "FOLIO_BG_MODEL is the local provider's model: it needs FOLIO_BG_PROVIDER=local",
    ]);
  });

  it('rejects an unknown LOG_LEVEL', () => {
    expect(problemsOf({ LOG_LEVEL: 'verbose' })).toEqual(['LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")']);
  });

  it.each([['ab'.repeat(31)], ['ab'.repeat(33)], ['zz'.repeat(32)], ['secret']])('rejects FOLIO_ENCRYPTION_KEY=%s', (key) => {
    expect(problemsOf({ FOLIO_ENCRYPTION_KEY: key })).toEqual(['FOLIO_ENCRYPTION_KEY must be 64 hex characters (32 bytes)']);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      FOLIO_PUBLIC_URL: 'ftp://x',
      DATABASE_URL: 'mysql://db',
      LOG_LEVEL: 'loud',
      FOLIO_ENCRYPTION_KEY: 'short',
      FOLIO_JWT_SECRET: 'short',
      FOLIO_SIGNING_KEY: 'short',
      FOLIO_SCRYPT_COST: '30',
      FOLIO_BODY_LIMIT_BYTES: '10',
    });
    const vars = problems.map((p) => p.split(' ')[0]);
    expect(vars.sort()).toEqual(
      ['DATABASE_URL', 'FOLIO_BODY_LIMIT_BYTES', 'FOLIO_ENCRYPTION_KEY', 'FOLIO_JWT_SECRET', 'FOLIO_PUBLIC_URL', 'FOLIO_SCRYPT_COST', 'FOLIO_SIGNING_KEY', 'LOG_LEVEL', 'PORT'].sort(),
    );
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' }, CWD);
    } catch (err) {
      expect((err as Error).message).toBe('Invalid configuration:\n  - PORT must be an integer from 0 to 65535 (got "abc")\n  - LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")');
    }
  });

  it('never echoes a secret it rejects', () => {
    const problems = problemsOf({ FOLIO_JWT_SECRET: 'hunter2-is-my-secret', FOLIO_ENCRYPTION_KEY: 'my-encryption-key' });
    expect(problems.join('\n')).not.toMatch(/hunter2|my-encryption-key/);
  });
});
