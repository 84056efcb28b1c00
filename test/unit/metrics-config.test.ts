import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { CWD, problemsOf } from '../helpers/config.js';

describe('metrics configuration', () => {
  it('collects by default, but serves no scrape endpoint until a token or a port is given', () => {
    expect(loadConfig({}, CWD).metrics).toEqual({ enabled: true, token: null, port: null, host: '0.0.0.0' });
  });

  it('reads FOLIO_METRICS, FOLIO_METRICS_TOKEN, FOLIO_METRICS_PORT and FOLIO_METRICS_HOST', () => {
    const c = loadConfig({ FOLIO_METRICS: 'false', FOLIO_METRICS_TOKEN: 'a-long-scrape-token-1234', FOLIO_METRICS_PORT: '9464', FOLIO_METRICS_HOST: '10.0.0.5' }, CWD);
    expect(c.metrics).toEqual({ enabled: false, token: 'a-long-scrape-token-1234', port: 9464, host: '10.0.0.5' });
    expect(loadConfig({ FOLIO_METRICS: '1', HOST: '127.0.0.1' }, CWD).metrics).toMatchObject({ enabled: true, host: '127.0.0.1' });
    // Port 0: any free port (tests).
    expect(loadConfig({ FOLIO_METRICS_PORT: '0' }, CWD).metrics.port).toBe(0);
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ FOLIO_METRICS: ' ', FOLIO_METRICS_TOKEN: '', FOLIO_METRICS_PORT: '  ' }, CWD).metrics).toMatchObject({ enabled: true, token: null, port: null });
  });

  it('lists every bad metrics value at once, without echoing the token', () => {
    const problems = problemsOf({ FOLIO_METRICS: 'yes', FOLIO_METRICS_TOKEN: 'short-secret', FOLIO_METRICS_PORT: '70000' });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/FOLIO_METRICS must be true or false \(got "yes"\)/);
    expect(problems.join('\n')).toMatch(/FOLIO_METRICS_TOKEN must be at least 16 printable characters/);
    expect(problems.join('\n')).toMatch(/FOLIO_METRICS_PORT must be an integer from 0 to 65535/);
    expect(problems.join('\n')).not.toContain('short-secret');
  });

  it('rejects a token with spaces and a metrics port equal to PORT', () => {
    expect(problemsOf({ FOLIO_METRICS_TOKEN: 'a token with spaces in it' })).toEqual([expect.stringMatching(/^FOLIO_METRICS_TOKEN/)]);
    expect(problemsOf({ PORT: '9000', FOLIO_METRICS_PORT: '9000' })).toEqual(['FOLIO_METRICS_PORT must differ from PORT (both 9000)']);
  });
});
