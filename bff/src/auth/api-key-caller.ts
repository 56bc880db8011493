import type { ApiKeyLimits } from '../store/schema.ts';
import type { Scope } from './permissions.ts';

/** The API key a /v1 request acts for, as its guard found it. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  scopes: readonly Scope[];
  /** The email of the admin who created it; null once that member is gone. */
  createdBy: string | null;
  limits: ApiKeyLimits;
}
