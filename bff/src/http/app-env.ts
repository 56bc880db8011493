import type { RequestIdVariables } from 'hono/request-id';

export interface AppEnv {
  Variables: RequestIdVariables;
}
