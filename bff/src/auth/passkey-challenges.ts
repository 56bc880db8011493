import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Executor } from '../store/executor.ts';
import { passkeyChallenges, type PASSKEY_CHALLENGE_PURPOSES } from '../store/schema.ts';
import type { RelyingParty } from './relying-party.ts';

/** What a challenge is for: adding a passkey, a second factor or step-up, a passwordless sign-in. */
export type ChallengePurpose = (typeof PASSKEY_CHALLENGE_PURPOSES)[number];

/** Who asked for a challenge: the same must answer it. A passwordless sign-in's belongs to nobody yet. */
export interface ChallengeHolder {
  staffId: string | null;
  sessionHash: string | null;
}

// Longer than the browser's own time-out in the options (PASSKEY_TIMEOUT_MS), so a slow but honest answer still finds it.
const CHALLENGE_LIFETIME_MS = 3 * 60_000;
export const PASSKEY_TIMEOUT_MS = 2 * 60_000;

/**
 * The challenges handed to browsers, kept in the store (so any instance can check an answer) with
 * the relying party they were issued for, until used once or expired. A challenge is taken out before
 * its answer is checked: a failed answer uses it up too.
 */
export class PasskeyChallenges {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
  ) {}

  async issue(purpose: ChallengePurpose, holder: ChallengeHolder, rp: RelyingParty): Promise<string> {
    const challenge = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
    await this.db.insert(passkeyChallenges).values({ challenge, purpose, ...holder, rpId: rp.id, origin: rp.origin, expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS) });
    return challenge;
  }

  /**
   * The relying party of a challenge issued for this purpose and holder, not expired and not used; null
   * otherwise. It is used up either way.
   */
  async consume(challenge: string, purpose: ChallengePurpose, holder: ChallengeHolder, executor: Executor = this.db): Promise<Pick<RelyingParty, 'id' | 'origin'> | null> {
    const [row] = await executor.delete(passkeyChallenges).where(eq(passkeyChallenges.challenge, challenge)).returning();
    const valid =
      row !== undefined &&
      row.purpose === purpose &&
      row.staffId === holder.staffId &&
      row.sessionHash === holder.sessionHash &&
      row.expiresAt.getTime() > this.clock.now().getTime();
    return valid ? { id: row.rpId, origin: row.origin } : null;
  }
}
