import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../bff/src/audit/audit-log.ts';
import type { RewardRow, RewardState } from '../../../bff/src/rewards/reward-row.ts';
import { insertReward, moveRewardsWhere } from '../../../bff/src/rewards/reward-state-writer.ts';
import { RewardStore } from '../../../bff/src/rewards/reward-store.ts';
import { IllegalRewardMove, REWARD_TRANSITIONS, type RewardMove } from '../../../bff/src/rewards/reward-transitions.ts';
import type { Store } from '../../../bff/src/store/database.ts';
import { auditEvents, REWARD_STATES, rewardEvents, rewards, staff } from '../../../bff/src/store/schema.ts';
import { openTestStore, storeKinds } from '../../support/test-store.ts';
import { TestClock } from '../support/test-clock.ts';

const SYSTEM = { actor: null, clientIp: null, requestId: null, outcome: 'ok' as const };
const OWNER = 'test:transitions';
const moves = Object.entries(REWARD_TRANSITIONS) as Array<[RewardMove, (typeof REWARD_TRANSITIONS)[RewardMove]]>;
const moving = moves.filter(([, transition]) => transition.from.length > 0);
const making = moves.filter(([, transition]) => transition.from.length === 0);

describe.each(storeKinds)("the reward's transitions table on %s", (kind) => {
  let store: Store;
  let rewardStore: RewardStore;
  let staffId: string;
  const clock = new TestClock();

  beforeAll(async () => {
    store = await openTestStore(kind);
    rewardStore = new RewardStore(store.db, clock, new AuditLog(store.db, clock));
    staffId = randomUUID();
    await store.db.insert(staff).values({ id: staffId, email: `${staffId}@example.test`, name: 'Requester', role: 'manager' });
  });
  afterAll(() => store.close());

  /** A reward put straight into `state`, leased to OWNER (set up by the test, not by the console). */
  async function rewardIn(state: RewardState, extra: Partial<RewardRow> = {}): Promise<RewardRow> {
    const now = clock.now();
    const [row] = await store.db
      .insert(rewards)
      .values({ id: randomUUID(), requestedBy: staffId, idempotencyKey: randomUUID(), requestHash: '', uid: 'u1', amount: '1', memo: 'm', metadata: {}, state, leaseOwner: OWNER, leaseUntil: sql`now() + interval '1 minute'`, createdAt: now, updatedAt: now, ...extra })
      .returning();
    if (!row) throw new Error('no row');
    return row;
  }

  async function stored(id: string) {
    const [row] = await store.db.select().from(rewards).where(eq(rewards.id, id));
    const events = await store.db.select().from(rewardEvents).where(eq(rewardEvents.rewardId, id)).orderBy(asc(rewardEvents.id));
    const audit = await store.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.target, `reward:${id}`));
    return { state: row?.state, events: events.map((event) => `${event.state}:${event.step}`), audit: audit.map((entry) => entry.action) };
  }

  it('makes every move the table allows, from each of its states, with its timeline event and audit action', async () => {
    for (const [move, transition] of moving) {
      for (const from of transition.from) {
        const row = await rewardIn(from);
        const moved = await rewardStore.record(row, OWNER, { move, audit: SYSTEM });
        expect({ move, from, state: moved.state }).toEqual({ move, from, state: transition.to });
        expect(await stored(row.id)).toEqual({ state: transition.to, events: [`${transition.to}:${transition.event}`], audit: [transition.audit] });
      }
    }
  });

  it('refuses every move from a state the table does not allow, and leaves the reward as it was', async () => {
    for (const [move, transition] of moving) {
      for (const from of REWARD_STATES.filter((state) => !(transition.from as readonly RewardState[]).includes(state))) {
        const row = await rewardIn(from);
        await expect(rewardStore.record(row, OWNER, { move, audit: SYSTEM }), `${move} from ${from}`).rejects.toBeInstanceOf(IllegalRewardMove);
        expect(await stored(row.id)).toEqual({ state: from, events: [], audit: [] });
      }
    }
  });

  it('refuses a move the database state does not allow, even when the caller believes otherwise', async () => {
    const row = await rewardIn('completed');
    await expect(rewardStore.record({ ...row, state: 'submitted' }, OWNER, { move: 'complete', audit: SYSTEM })).rejects.toBeInstanceOf(IllegalRewardMove);
    expect(await stored(row.id)).toEqual({ state: 'completed', events: [], audit: [] });
  });

  it('inserts a new reward only by a move from nothing, with its first event', async () => {
    for (const [move, transition] of making) {
      const inserted = await store.db.transaction((tx) =>
        insertReward(tx, { move, values: { id: randomUUID(), requestedBy: staffId, idempotencyKey: randomUUID(), requestHash: '', uid: 'u2', amount: '1', memo: 'm', metadata: {} }, detail: {}, conflict: 'any', at: clock.now() }),
      );
      expect(inserted?.state).toBe(transition.to);
      expect((await stored(inserted?.id ?? '')).events).toEqual([`${transition.to}:${transition.event}`]);
    }
    const values = { id: randomUUID(), requestedBy: staffId, idempotencyKey: randomUUID(), requestHash: '', uid: 'u2', amount: '1', memo: 'm', metadata: {} };
    await expect(store.db.transaction((tx) => insertReward(tx, { move: 'complete', values, detail: {}, conflict: 'any', at: clock.now() }))).rejects.toBeInstanceOf(IllegalRewardMove);
  });

  it('moves many rewards at once only from the states the move leaves', async () => {
    const batchLike = await Promise.all((['awaiting_approval', 'requested', 'cancelled', 'awaiting_approval'] as const).map((state) => rewardIn(state, { uid: 'bulk' })));
    const moved = await store.db.transaction((tx) => moveRewardsWhere(tx, and(eq(rewards.uid, 'bulk'), eq(rewards.requestedBy, staffId)) ?? sql`false`, { move: 'batch_approve', code: null, approvedBy: staffId, at: clock.now() }));
    expect(new Set(moved)).toEqual(new Set([batchLike[0]?.id, batchLike[3]?.id]));
    const states = await Promise.all(batchLike.map(async (row) => (await stored(row.id)).state));
    expect(states).toEqual(['requested', 'requested', 'cancelled', 'requested']);
    expect((await stored(batchLike[1]?.id ?? '')).events).toEqual([]);
  });
});
