import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { JwtIssuer } from '../../../src/modules/identity/jwt.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, PASSWORD, signUp } from '../../helpers/factories.js';
import { expectAuthCases, expectEnvelope401 } from '../../helpers/auth-cases.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const email = () => `a-${randomUUID()}@example.test`;
const NEW_PASSWORD = 'N3w-Passw0rd?';

function expectValidation(res: { statusCode: number; json(): any; body: string }, field: string, message?: string | RegExp): string[] {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.message).toBe('Invalid input');
  expect(Array.isArray(body.error[field]), `error.${field} in ${res.body}`).toBe(true);
  if (message !== undefined) {
    const messages: string[] = body.error[field];
    expect(messages.some((m) => (typeof message === 'string' ? m === message : message.test(m))), `${field}: ${messages.join('; ')}`).toBe(true);
  }
  return body.error[field];
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('POST /v1/account (sign-up)', () => {
  it('creates the account and answers 201 with a session', async () => {
    const address = email();
    const res = await post('/v1/account', { name: ' Ada Lovelace ', email: address.toUpperCase(), password: PASSWORD });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Created successfully');
    expect(Object.keys(body.data).sort()).toEqual(['access_token', 'expires_in', 'token_type', 'user']);
    expect(body.data.token_type).toBe('bearer');
    expect(body.data.expires_in).toBe(3600);
    expect(body.data.access_token.split('.')).toHaveLength(3);
    expect(body.data.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Ada Lovelace',
      email: address, // stored lower-case
      email_verified_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.body).not.toMatch(/password|hash|token_version/);
    // The token works straight away.
    const me = await get('/v1/account', as.J({ token: body.data.access_token }));
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(body.data.user.id);
  });

  it('names every missing field', async () => {
    const res = await post('/v1/account', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Invalid input',
      error: { name: ['is required'], email: ['is required'], password: ['is required'] },
    });
  });

  it('rejects an invalid name', async () => {
    for (const name of ['', '   ', 'x'.repeat(256), 42, null]) {
      expectValidation(await post('/v1/account', { name, email: email(), password: PASSWORD }), 'name');
    }
  });

  it('rejects an invalid email', async () => {
    for (const bad of ['not-an-email', 'a@', '@example.test', '', `${'x'.repeat(250)}@example.test`, 7]) {
      expectValidation(await post('/v1/account', { name: 'A', email: bad, password: PASSWORD }), 'email');
    }
  });

  it('rejects a password that breaks each rule, naming the rule', async () => {
    const cases: Array<[string, string]> = [
      ['Sh0rt!', 'must be at least 8 characters'],
      ['lowercase-only-1', 'must contain an upper-case letter'],
      ['UPPERCASE-ONLY-1', 'must contain a lower-case letter'],
      ['No-Digits-Here', 'must contain a digit'],
      ['NoSymbols123', 'must contain a symbol'],
    ];
    for (const [password, message] of cases) {
      const messages = expectValidation(await post('/v1/account', { name: 'A', email: email(), password }), 'password', message);
      expect(messages, password).toEqual([message]);
    }
    // Every broken rule at once.
    const all = expectValidation(await post('/v1/account', { name: 'A', email: email(), password: 'abc' }), 'password');
    expect(all).toEqual(expect.arrayContaining(['must be at least 8 characters', 'must contain an upper-case letter', 'must contain a digit', 'must contain a symbol']));
    expectValidation(await post('/v1/account', { name: 'A', email: email(), password: `Aa1!${'x'.repeat(125)}` }), 'password');
    expectValidation(await post('/v1/account', { name: 'A', email: email(), password: 12345678 }), 'password');
  });

  it('rejects an e-mail address already taken, whatever its case', async () => {
    const address = email();
    await signUp(t.app, { email: address });
    for (const again of [address, address.toUpperCase(), address.replace(/^a/, 'A')]) {
      const res = await post('/v1/account', { name: 'B', email: again, password: PASSWORD });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Invalid input', error: { email: ['has already been taken'] } });
    }
  });
});

describe('POST /v1/account/signIn', () => {
  it('answers 200 with a session, whatever the case of the e-mail', async () => {
    const user = await signUp(t.app);
    const res = await post('/v1/account/signIn', { email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: user.id, email: user.email } });
    expect(typeof body.message).toBe('string');
    expect((await get('/v1/account', as.J({ token: body.data.access_token }))).statusCode).toBe(200);
  });

  it('answers 401 alike for a wrong password and an unknown e-mail', async () => {
    const user = await signUp(t.app);
    const wrong = await post('/v1/account/signIn', { email: user.email, password: `${user.password}x` });
    expectEnvelope401(wrong);
    const unknown = await post('/v1/account/signIn', { email: email(), password: user.password });
    expectEnvelope401(unknown);
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
    expect(wrong.body).not.toMatch(/access_token/);
  });

  it('validates its body', async () => {
    const res = await post('/v1/account/signIn', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid input', error: { email: ['is required'], password: ['is required'] } });
    expectValidation(await post('/v1/account/signIn', { email: 'a@example.test', password: '' }), 'password');
  });
});

describe('GET /v1/account', () => {
  it('returns the signed-in user', async () => {
    const user = await signUp(t.app, { name: 'Grace' });
    const res = await get('/v1/account', as.J(user));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, email: user.email, name: 'Grace' });
    expect(res.body).not.toMatch(/password|hash/);
  });

  it('accepts only the account JWT', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/account', accepts: ['J'] }, store);
  });
});

describe('PUT /v1/account', () => {
  it('updates the name and the e-mail (normalised)', async () => {
    const user = await signUp(t.app);
    const address = email();
    const res = await put('/v1/account', { name: ' Renamed ', email: address.toUpperCase() }, as.J(user));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Updated successfully', data: { id: user.id, name: 'Renamed', email: address } });
    expect((await get('/v1/account', as.J(user))).json().data).toMatchObject({ name: 'Renamed', email: address });
    // The new address signs in; keeping one's own address is not a conflict.
    expect((await post('/v1/account/signIn', { email: address, password: user.password })).statusCode).toBe(200);
    expect((await put('/v1/account', { email: address }, as.J(user))).statusCode).toBe(200);
  });

  it('validates its body', async () => {
    const user = await signUp(t.app);
    expectValidation(await put('/v1/account', {}, as.J(user)), 'body');
    expectValidation(await put('/v1/account', { email: 'nope' }, as.J(user)), 'email');
    expectValidation(await put('/v1/account', { name: '' }, as.J(user)), 'name');
    expectValidation(await put('/v1/account', { name: '  ' }, as.J(user)), 'name');
    expectValidation(await put('/v1/account', { name: 'x'.repeat(256) }, as.J(user)), 'name');
  });

  it("rejects another account's e-mail, whatever its case", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const res = await put('/v1/account', { email: other.email.toUpperCase() }, as.J(user));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid input', error: { email: ['has already been taken'] } });
    expect((await get('/v1/account', as.J(user))).json().data.email).toBe(user.email);
  });

  it('accepts only the account JWT', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'PUT', url: '/v1/account', payload: { name: 'x' }, accepts: ['J'] }, store);
  });
});

describe('PUT /v1/account/password-update', () => {
  it('rejects a wrong current password', async () => {
    const user = await signUp(t.app);
    const res = await put('/v1/account/password-update', { current_password: 'Wr0ng-password', password: NEW_PASSWORD }, as.J(user));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid input', error: { current_password: ['is incorrect'] } });
    // Nothing changed.
    expect((await get('/v1/account', as.J(user))).statusCode).toBe(200);
    expect((await post('/v1/account/signIn', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('rejects a weak new password and missing fields', async () => {
    const user = await signUp(t.app);
    expectValidation(await put('/v1/account/password-update', { current_password: user.password, password: 'weakweak' }, as.J(user)), 'password', 'must contain an upper-case letter');
    const res = await put('/v1/account/password-update', {}, as.J(user));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ current_password: ['is required'], password: ['is required'] });
    expect((await get('/v1/account', as.J(user))).statusCode).toBe(200);
  });

  it('changes the password, ends every earlier JWT and returns a working one', async () => {
    const store = await createStore(t.app);
    const user = store.owner;
    const second = (await post('/v1/account/signIn', { email: user.email, password: user.password })).json().data.access_token as string;
    const rendered = (await get('/v1/account/render-jwt', as.B(store))).json().data.access_token as string;

    const res = await put('/v1/account/password-update', { current_password: user.password, password: NEW_PASSWORD }, as.J(user));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ token_type: 'bearer', user: { id: user.id } });
    const fresh = body.data.access_token as string;

    for (const old of [user.token, second, rendered]) {
      expectEnvelope401(await get('/v1/account', as.J({ token: old })));
      expectEnvelope401(await put('/v1/account', { name: 'x' }, as.J({ token: old })));
      expectEnvelope401(await get('/v1/stores', as.J({ token: old })));
      expectEnvelope401(await get('/v1/stores/store-details', { authorization: `Bearer ${old}`, 'x-service-store-sid': store.sid }));
      expectEnvelope401(await put('/v1/account/password-update', { current_password: NEW_PASSWORD, password: 'An0ther-one!' }, as.J({ token: old })));
    }
    expect((await get('/v1/account', as.J({ token: fresh }))).statusCode).toBe(200);
    expect((await get('/v1/stores/store-details', { authorization: `Bearer ${fresh}`, 'x-service-store-sid': store.sid })).statusCode).toBe(200);
    // The store key is not an account credential: it keeps working.
    expect((await get('/v1/stores/store-details', as.B(store))).statusCode).toBe(200);

    expectEnvelope401(await post('/v1/account/signIn', { email: user.email, password: user.password }));
    const signIn = await post('/v1/account/signIn', { email: user.email, password: NEW_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect((await get('/v1/account', as.J({ token: signIn.json().data.access_token }))).statusCode).toBe(200);
  });

  it('accepts only the account JWT', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(
      t.app,
      { method: 'PUT', url: '/v1/account/password-update', payload: { current_password: PASSWORD, password: NEW_PASSWORD }, accepts: ['J'] },
      store,
    );
    // None of the rejected attempts changed the password.
    expect((await post('/v1/account/signIn', { email: store.owner.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('GET /v1/account/render-jwt', () => {
  it("returns a JWT for the store owner's account", async () => {
    const store = await createStore(t.app);
    const res = await get('/v1/account/render-jwt', as.B(store));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toEqual({ token_type: 'bearer', access_token: expect.any(String), expires_in: 3600 });
    const me = await get('/v1/account', as.J({ token: body.data.access_token }));
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(store.owner.id);
  });

  it('accepts only the store key', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/account/render-jwt', accepts: ['B'] }, store);
  });
});

describe('account JWT verification', () => {
  const jwtSecret = () => (JSON.parse(fs.readFileSync(path.join(t.dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string }).jwtSecret;
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

  it('accepts a token the server signed now and refuses expired, future, foreign and forged ones', async () => {
    const user = await signUp(t.app);
    const ok = await new JwtIssuer(jwtSecret(), 'folio', 3600).issue(user.id, 0);
    expect((await get('/v1/account', as.J({ token: ok.access_token }))).statusCode).toBe(200);

    const hour = 3600_000;
    const refused: Array<[string, string]> = [
      ['expired', (await new JwtIssuer(jwtSecret(), 'folio', 60, () => Date.now() - hour).issue(user.id, 0)).access_token],
      ['not yet valid', (await new JwtIssuer(jwtSecret(), 'folio', 3600, () => Date.now() + hour).issue(user.id, 0)).access_token],
      ['other secret', (await new JwtIssuer('x'.repeat(48), 'folio', 3600).issue(user.id, 0)).access_token],
      ['other issuer', (await new JwtIssuer(jwtSecret(), 'someone-else', 3600).issue(user.id, 0)).access_token],
      ['stale version', (await new JwtIssuer(jwtSecret(), 'folio', 3600).issue(user.id, 1)).access_token],
      ['unknown user', (await new JwtIssuer(jwtSecret(), 'folio', 3600).issue(randomUUID(), 0)).access_token],
    ];
    const [h, p, sig] = ok.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const other = await signUp(t.app);
    refused.push(['payload swapped to another user', `${h}.${b64({ ...claims, sub: other.id })}.${sig}`]);
    refused.push(['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`]);
    refused.push(['no signature', `${h}.${p}.`]);
    for (const [why, token] of refused) {
      const res = await get('/v1/account', as.J({ token }));
      expect(res.statusCode, why).toBe(401);
    }
  });

  it('refuses malformed Authorization headers', async () => {
    const store = await createStore(t.app);
    for (const authorization of ['Bearer', 'Bearer ', 'Token abc', 'Basic', 'Basic !!!', `Basic ${Buffer.from(store.sid).toString('base64')}`, `Basic ${Buffer.from(`:${store.secret}`).toString('base64')}`]) {
      expectEnvelope401(await get('/v1/stores/store-details', { authorization }));
    }
    // The same secret under another store's sid does not open it.
    const other = await createStore(t.app);
    expectEnvelope401(await get('/v1/stores/store-details', as.B({ sid: other.sid, secret: store.secret })));
  });
});
