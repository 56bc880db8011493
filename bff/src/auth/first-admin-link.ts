import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Executor } from '../store/executor.ts';
import { settings } from '../store/schema.ts';
import { setupPath } from './setup-links.ts';
import { hashToken, newToken } from './tokens.ts';

const KEY = 'first_admin_setup';
const VALID_MS = 24 * 60 * 60_000;
const stored = z.object({ tokenHash: z.string(), expiresAt: z.string() });

/**
 * The one-time link printed at a live start when there is no staff yet: whoever opens it
 * chooses the first admin's email, name and password. Kept in settings, hashed.
 */
export class FirstAdminLink {
  constructor(private readonly clock: Clock) {}

  async create(executor: Executor): Promise<string> {
    const token = newToken();
    const value = { tokenHash: hashToken(token), expiresAt: new Date(this.clock.now().getTime() + VALID_MS).toISOString() };
    await executor
      .insert(settings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: this.clock.now() } });
    return setupPath(token);
  }

  /** True, and the link is gone, when the token is the first-admin link and still valid. */
  async consume(executor: Executor, token: string): Promise<boolean> {
    const [row] = await executor.select().from(settings).where(eq(settings.key, KEY)).for('update');
    const link = stored.safeParse(row?.value);
    if (!link.success || link.data.tokenHash !== hashToken(token) || Date.parse(link.data.expiresAt) <= this.clock.now().getTime()) return false;
    await executor.delete(settings).where(eq(settings.key, KEY));
    return true;
  }
}
