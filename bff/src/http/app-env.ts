import type { HttpBindings } from '@hono/node-server';
import type { RequestIdVariables } from 'hono/request-id';
import type { ApiKeyCaller } from '../auth/api-key-caller.ts';
import type { ActiveSession } from '../auth/sessions.ts';
import type { StepUpCheck } from '../auth/step-up-check.ts';
import type { SignedInStaff } from '../domain/signed-in-staff.ts';
import type { Logger } from '../logger.ts';

// The SPA's session query reads the type from here.
export type { SignedInStaff };

export interface AppEnv {
  /** The Node request and response when served over HTTP; absent for requests made in-process (tests). */
  Bindings: Partial<HttpBindings>;
  Variables: RequestIdVariables & {
    /** Set by the session middleware on every /api request; null when signed out. */
    staff: SignedInStaff | null;
    /** Set by an API key's guard on the routes an app's backend calls; null otherwise. */
    apiKey: ApiKeyCaller | null;
    /** The session behind the cookie (its staff member is `staff`); null when signed out. */
    session: Omit<ActiveSession, 'staff'> | null;
    /** Set by the session middleware with the session: whether its staff member must step up now. */
    stepUpCheck: StepUpCheck | null;
    clientIp: string | null;
    /** A client's own request id, when it sent one of a safe shape; never used as the console's. */
    clientRequestId: string | null;
    /** The console's logger, for failures after the answer has started. */
    logger: Logger;
  };
}
