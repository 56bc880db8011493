import type { Access } from '../../../bff/src/auth/permissions.ts';
import { declaredAccess, declaredCredential, declaredStepUp, type Credential, type StepUpRule } from '../../../bff/src/guards/require-access.ts';
import type { TestApp } from './test-app.ts';

export interface ApiRoute {
  method: string;
  path: string;
  access: Access | undefined;
  credential: Credential | undefined;
  stepUp: StepUpRule | undefined;
}

export const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Paths may never depend on an id existing: a refusal must come before any lookup.
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** Every /api and /v1 endpoint of the real app, with the access, the credential and the step-up its guard declares. */
export function apiRoutes(t: TestApp): ApiRoute[] {
  const endpoints = new Map<string, ApiRoute>();
  for (const route of t.app.routes) {
    if (!(route.path.startsWith('/api/') || route.path.startsWith('/v1/')) || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const entry = endpoints.get(key) ?? { method: route.method, path: route.path, access: undefined, credential: undefined, stepUp: undefined };
    entry.access ??= declaredAccess(route.handler);
    entry.credential ??= declaredCredential(route.handler);
    entry.stepUp ??= declaredStepUp(route.handler);
    endpoints.set(key, entry);
  }
  return [...endpoints.values()];
}

/** A route's path with a sample id in place of each parameter. */
export function concrete(path: string): string {
  return path.replace(/:[A-Za-z]+/g, SAMPLE_ID);
}
