import { describe, expect, it } from 'vitest';
import { OWASP_SCRYPT, Passwords } from '../../../bff/src/auth/passwords.ts';

describe('password hashing', () => {
  it('uses scrypt at OWASP’s parameters by default, with a random salt', async () => {
    const passwords = new Passwords();
    const [first, second] = await Promise.all([passwords.hash('correct horse battery'), passwords.hash('correct horse battery')]);
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await passwords.verify('correct horse battery', first)).toBe(true);
    expect(await passwords.verify('correct horse batterY', first)).toBe(false);
  });

  it('verifies a hash made under other parameters, so the cost can change', async () => {
    const cheap = await new Passwords({ N: 1024, r: 8, p: 1 }).hash('an older password');
    expect(await new Passwords().verify('an older password', cheap)).toBe(true);
  });

  it('treats equivalent Unicode forms as the same password and refuses garbage hashes', async () => {
    const passwords = new Passwords({ N: 1024, r: 8, p: 1 });
    const hash = await passwords.hash('caf\u00e9 au lait!');
    expect(await passwords.verify('cafe\u0301 au lait!', hash)).toBe(true);
    expect(await passwords.verify('x', 'not-a-hash')).toBe(false);
    expect(await passwords.verifyDummy('anything')).toBe(false);
  });
});
