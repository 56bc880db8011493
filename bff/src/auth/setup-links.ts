import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Executor } from '../store/executor.ts';
import { setupTokens } from '../store/schema.ts';
import { hashToken, newToken } from './tokens.ts';

const VALID_MS = 24 * 60 * 60_000;

/** The SPA page that redeems a link. */
export function setupPath(token: string): string {
  return `/setup?token=${token}`;
}

/** One-time links with which a staff member chooses a password; stored hashed, valid 24 h. */
export class SetupLinks {
  constructor(private readonly clock: Clock) {}

  async create(executor: Executor, staffId: string): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await executor.insert(setupTokens).values({ tokenHash: hashToken(token), staffId, createdAt: now, expiresAt: new Date(now.getTime() + VALID_MS) });
    return setupPath(token);
  }

  /** Ends the staff member's links not used yet: a new one replaces them. */
  async revokeAllOf(executor: Executor, staffId: string): Promise<void> {
    await executor.update(setupTokens).set({ usedAt: this.clock.now() }).where(and(eq(setupTokens.staffId, staffId), isNull(setupTokens.usedAt)));
  }

  /** Marks the link used and answers whose it was; null when unknown, used or expired. */
  async consume(executor: Executor, token: string): Promise<string | null> {
    const now = this.clock.now();
    const [used] = await executor
      .update(setupTokens)
      .set({ usedAt: now })
      .where(and(eq(setupTokens.tokenHash, hashToken(token)), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)))
      .returning({ staffId: setupTokens.staffId });
    return used?.staffId ?? null;
  }
}
