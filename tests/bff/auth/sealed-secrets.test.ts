import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SECRETS_KEY_BYTES, SecretSealer, UnknownSealingKeyError } from '../../../bff/src/secret-sealer.ts';
import { resealStoredSecrets, SecretsKeyMissingError } from '../../../bff/src/store/sealed-secrets.ts';
import { staffTotp, webhookEndpoints } from '../../../bff/src/store/schema.ts';
import { startEmulator, type RunningEmulator } from '../../../emulator/src/emulator.ts';
import { StaffClient, startBff } from '../../support/bff-process.ts';
import { consoleStoreEnv, storeKinds } from '../../support/test-store.ts';
import { enrolTotp } from '../support/second-factors.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const newKey = () => randomBytes(SECRETS_KEY_BYTES);

describe('the secret sealer', () => {
  it('opens what it sealed, under the current or an earlier key, and nothing altered or under a key it lacks', () => {
    const [a, b] = [newKey(), newKey()];
    const underA = new SecretSealer({ current: a }).seal('JBSWY3DPEHPK3PXP');
    const rotated = new SecretSealer({ current: b, previous: [a] });
    expect(underA).not.toContain('JBSWY3DPEHPK3PXP');
    expect(rotated.open(underA)).toBe('JBSWY3DPEHPK3PXP');
    expect(rotated.isCurrent(underA)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('x'))).toBe(true);
    expect(() => new SecretSealer({ current: b }).open(underA)).toThrow(UnknownSealingKeyError);
    const altered = `${underA.slice(0, -3)}${underA.at(-3) === 'A' ? 'B' : 'A'}${underA.slice(-2)}`;
    expect(() => rotated.open(altered)).toThrow();
  });
});

describe.each(storeKinds)('authenticator secrets at rest on %s', (kind) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('are kept encrypted, sealed again under a new key with the old one given, and refused without a key that opens them', async () => {
    const [a, b] = [newKey(), newKey()];
    t = await createTestApp(kind, { sealer: new SecretSealer({ current: a }) });
    const { secret } = await enrolTotp(t, await t.signInAs('manager'));
    const [stored] = await t.store.db.select({ secret: staffTotp.secret }).from(staffTotp);
    expect(stored!.secret).toMatch(/^sealed:v1:/);
    expect(stored!.secret).not.toContain(secret);

    await expect(resealStoredSecrets(t.store.db, new SecretSealer({ current: null }))).rejects.toThrow(SecretsKeyMissingError);
    await expect(resealStoredSecrets(t.store.db, new SecretSealer({ current: b }))).rejects.toThrow(UnknownSealingKeyError);
    expect(await resealStoredSecrets(t.store.db, new SecretSealer({ current: b, previous: [a] }))).toBe(1);
    const [resealed] = await t.store.db.select({ secret: staffTotp.secret }).from(staffTotp);
    expect(new SecretSealer({ current: b }).open(resealed!.secret)).toBe(secret);
    expect(await resealStoredSecrets(t.store.db, new SecretSealer({ current: b }))).toBe(0);
  });

  it("keep a webhook endpoint's signing secret encrypted too", async () => {
    t = await createTestApp(kind, { sealer: new SecretSealer({ current: newKey() }) });
    const created = await t.request('POST', '/api/webhook-endpoints', { cookie: await t.signInAs('admin'), body: { url: 'http://127.0.0.1:9/plat', events: ['reward.completed'] } });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    const [stored] = await t.store.db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints);
    expect(stored!.secret).toMatch(/^sealed:v1:/);
    expect(stored!.secret).not.toContain(secret.slice('whsec_'.length));
  });

  it('cannot be enrolled while no key is configured, and the answer says what to do', async () => {
    t = await createTestApp(kind, { sealer: new SecretSealer({ current: null }) });
    const response = await t.request('POST', '/api/me/totp', { cookie: await t.signInAs('manager') });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { code: 'secrets_key_missing', message: expect.stringContaining('PLAT_SECRETS_KEY') } });
  });
});

describe('a live console started without the key its stored secrets were sealed with', () => {
  const admin = { email: 'admin@sealed.test', password: 'sealed-admin-password' };
  let emulator: RunningEmulator;
  let store: Awaited<ReturnType<typeof consoleStoreEnv>>;
  beforeAll(async () => {
    emulator = await startEmulator({});
    store = await consoleStoreEnv('pglite');
  });
  afterAll(async () => {
    await emulator.close();
    await store.drop();
  });

  it('refuses to start, in words, and starts once given the key (rotating to a new one)', { timeout: 120_000 }, async () => {
    const [a, b] = [newKey().toString('base64'), newKey().toString('base64')];
    const env = { ...store.env, PLAT_API_KEY: emulator.key, PLAT_API_URL: emulator.url, PLAT_ADMIN_EMAIL: admin.email, PLAT_ADMIN_PASSWORD: admin.password };
    const first = await startBff({ ...env, PLAT_SECRETS_KEY: a });
    const client = await StaffClient.signIn(first.url, admin.email, admin.password);
    expect((await client.request('POST', '/api/me/totp')).status).toBe(200);
    await first.stop();

    // A console that cannot start ends before it says it is ready, and what it printed says why.
    await expect(startBff(env)).rejects.toThrow('PLAT_SECRETS_KEY is not set');
    await expect(startBff({ ...env, PLAT_SECRETS_KEY: b })).rejects.toThrow('sealed with a key this console was not given');
    const rotated = await startBff({ ...env, PLAT_SECRETS_KEY: b, PLAT_SECRETS_KEY_PREVIOUS: a });
    await rotated.stop();
    const afterRotation = await startBff({ ...env, PLAT_SECRETS_KEY: b });
    expect(afterRotation.output()).not.toContain(a);
    await afterRotation.stop();
  });
});
