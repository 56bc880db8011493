import type { Role } from '../../../bff/src/domain/roles.ts';
import { SANDBOX_PASSWORD, type TestApp } from './test-app.ts';

/** A staff member added for one test, signed in: their own daily total and their own requests. */
export interface TestStaff {
  id: string;
  email: string;
  cookie: string;
}

let added = 0;

/** Adds a staff member through the admin's API and signs them in. */
export async function addStaff(t: TestApp, adminCookie: string, role: Role): Promise<TestStaff> {
  const email = `${role}-${++added}-${Date.now()}@staff.test`;
  const response = await t.request('POST', '/api/staff', { cookie: adminCookie, body: { email, name: `${role} ${added}`, role, password: SANDBOX_PASSWORD } });
  if (response.status !== 201) throw new Error(`adding ${email} failed: ${response.status} ${await response.text()}`);
  const { staff } = (await response.json()) as { staff: { id: string } };
  return { id: staff.id, email, cookie: await t.signIn(email) };
}
