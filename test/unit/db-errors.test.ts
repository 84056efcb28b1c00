import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from '../../src/platform/db/errors.js';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['dropped', new Error('Connection terminated unexpectedly')],
    ['pool timeout, wrapped', new Error('Connection terminated due to connection timeout', { cause: new Error('x') })],
    ['cause chain', new Error('query failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) })],
    ['class 08', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['admin shutdown', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['sqlite busy', Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })],
    ['a prepared statement gone stale under a migration', Object.assign(new Error('cached plan must not change result type'), { code: '0A000' })],
  ])('%s is an outage (503)', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near'), { code: '42601' })],
    ['another unsupported feature', Object.assign(new Error('cannot use subquery in check constraint'), { code: '0A000' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection terminated'],
    ['null', null],
  ])('%s is not', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('leaves the other classifications alone', () => {
    expect(isUniqueViolation(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(true);
  });
});
