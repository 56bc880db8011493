import { and, desc, eq, isNull } from 'drizzle-orm';
import type { RequestOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { hashToken, newToken } from './tokens.ts';
import type { Clock } from '../clock.ts';
import { refusal } from '../domain/refusal.ts';
import type { Database } from '../store/database.ts';
import { ingestTokens } from '../store/schema.ts';

export interface IngestTokenView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revoked: boolean;
}

const PREFIX = 'plat_ingest_';

function view(row: typeof ingestTokens.$inferSelect): IngestTokenView {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null, revoked: row.revokedAt !== null };
}

/** Tokens with which the app's own backend sends payment ids to the console. Stored hashed; shown once. */
export class IngestTokens {
  constructor(private readonly deps: { db: Database; clock: Clock; audit: AuditLog }) {}

  async list(): Promise<IngestTokenView[]> {
    return (await this.deps.db.select().from(ingestTokens).orderBy(desc(ingestTokens.createdAt))).map(view);
  }

  async create(name: string, origin: RequestOrigin): Promise<{ token: string; ingestToken: IngestTokenView }> {
    const { db, clock, audit } = this.deps;
    const token = `${PREFIX}${newToken()}`;
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(ingestTokens).values({ name, tokenHash: hashToken(token), createdBy: origin.actor?.id ?? null, createdAt: clock.now() }).returning();
      if (!row) throw new Error('insert returned no row');
      await audit.append({ ...origin, action: 'ingest_token.create', target: `ingest_token:${row.id}`, outcome: 'ok', details: { name } }, tx);
      return { token, ingestToken: view(row) };
    });
  }

  async revoke(id: string, origin: RequestOrigin): Promise<IngestTokenView> {
    const { db, clock, audit } = this.deps;
    const revoked = await db.transaction(async (tx) => {
      const [row] = await tx.update(ingestTokens).set({ revokedAt: clock.now() }).where(and(eq(ingestTokens.id, id), isNull(ingestTokens.revokedAt))).returning();
      if (row) await audit.append({ ...origin, action: 'ingest_token.revoke', target: `ingest_token:${id}`, outcome: 'ok' }, tx);
      return row;
    });
    if (!revoked) throw refusal('not_found', 'ingest_token_not_found', 'No active ingest token with this id.');
    return view(revoked);
  }

  /** The token's id when it is one of ours and not revoked; records its use. */
  async authenticate(token: string): Promise<string | null> {
    if (!token.startsWith(PREFIX)) return null;
    const [row] = await this.deps.db
      .update(ingestTokens)
      .set({ lastUsedAt: this.deps.clock.now() })
      .where(and(eq(ingestTokens.tokenHash, hashToken(token)), isNull(ingestTokens.revokedAt)))
      .returning({ id: ingestTokens.id });
    return row?.id ?? null;
  }
}
