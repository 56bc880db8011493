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

/** Changes a staff member's role or disabled state through the admin's API. */
export async function changeStaff(t: TestApp, adminCookie: string, id: string, change: { role?: Role; disabled?: boolean }): Promise<void> {
  const response = await t.request('PATCH', `/api/staff/${id}`, { cookie: adminCookie, body: change });
  if (response.status !== 200) throw new Error(`changing staff ${id} failed: ${response.status} ${await response.text()}`);
}
