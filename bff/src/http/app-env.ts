import type { RequestIdVariables } from 'hono/request-id';
import type { Role } from '../auth/permissions.ts';

export interface SignedInStaff {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface AppEnv {
  Variables: RequestIdVariables & {
    /** Set by the session middleware on every /api request; null when signed out. */
    staff: SignedInStaff | null;
    sessionIdHash: string | null;
    clientIp: string | null;
  };
}
