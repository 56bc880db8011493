import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditAction } from './audit-action.ts';
import type { AuditOrigin } from './audit-entry.ts';
import type { AuditLog } from './audit-log.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import type { Executor } from '../store/executor.ts';
import { settings } from '../store/schema.ts';

/** The settings kept in `settings`; each change is audited as `settings.<key>`. */
export type SettingKey = Extract<AuditAction, `settings.${string}`> extends `settings.${infer Key}` ? Key : never;

/** One admin setting, a JSON value under `key` in `settings`: read with its default, changed with an audit row of before and after. */
export class AuditedSetting<T> {
  constructor(
    private readonly deps: { db: Database; audit: AuditLog; clock: Clock },
    private readonly key: SettingKey,
    private readonly schema: z.ZodType<T>,
    private readonly fallback: T,
  ) {}

  async get(executor: Executor = this.deps.db): Promise<T> {
    const [row] = await executor.select({ value: settings.value }).from(settings).where(eq(settings.key, this.key));
    const parsed = this.schema.safeParse(row?.value);
    return parsed.success ? parsed.data : this.fallback;
  }

  async set(value: T, origin: AuditOrigin): Promise<T> {
    const { db, audit, clock } = this.deps;
    await db.transaction(async (tx) => {
      const before = await this.get(tx);
      await tx
        .insert(settings)
        .values({ key: this.key, value, updatedAt: clock.now() })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: clock.now() } });
      await audit.append({ ...origin, action: `settings.${this.key}`, target: `settings:${this.key}`, outcome: 'ok', details: { before, after: value } }, tx);
    });
    return value;
  }
}
