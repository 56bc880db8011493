import type pg from 'pg';

/**
 * A lock every console process on one database takes in turn, held across upstream calls: on
 * PostgreSQL a session advisory lock on a connection of its own (not a transaction: none stays open
 * while it is held); on PGlite, whose data one process owns, a queue in this process. A process that
 * dies holding it lets go with its connection.
 */
export interface SharedLock {
  /** Whether other processes take it too (PostgreSQL): what this process knew when it last held it may have changed since. */
  readonly otherProcesses: boolean;
  /** Waits for its turn, behind the holders before it in this process and then in others. */
  acquire(): Promise<HeldLock>;
}

export interface HeldLock {
  /** Whether another holder, of this process or another, is waiting for it now. */
  contended(): Promise<boolean>;
  /** Gives it up; never throws (a connection that cannot unlock is closed, which unlocks). */
  release(): Promise<void>;
}

/** Runs `work` holding the lock. */
export async function holding<T>(lock: SharedLock, work: () => Promise<T>): Promise<T> {
  const held = await lock.acquire();
  try {
    return await work();
  } finally {
    await held.release();
  }
}

/** The lock of one process: holders take turns in the order they asked. */
export function processLock(): SharedLock {
  let last: Promise<void> = Promise.resolve();
  let waiting = 0;
  return {
    otherProcesses: false,
    acquire() {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const before = last;
      last = released;
      waiting++;
      return before.then(() => {
        waiting--;
        return { contended: async () => waiting > 0, release: async () => release() };
      });
    },
  };
}

/** Each schema's locks apart (tests run side by side in one database, a schema each). */
const KEY = `hashtextextended(current_schema() || ':plat-console:' || $1, 0)`;

/** Another session waits for the advisory lock this session holds (it holds no other). */
const CONTENDED = `SELECT EXISTS (
  SELECT 1 FROM pg_locks mine JOIN pg_locks other
    ON other.locktype = 'advisory' AND NOT other.granted AND other.database = mine.database
   AND other.classid = mine.classid AND other.objid = mine.objid AND other.objsubid = mine.objsubid
  WHERE mine.pid = pg_backend_pid() AND mine.locktype = 'advisory' AND mine.granted) AS contended`;

/**
 * How many holders of this process in a row take the advisory lock from one another, while they
 * queue, without giving it back to the database: a burst of checks pays one lock and one unlock.
 * After them, other processes waiting get their turn.
 */
const TURNS_KEPT = 8;

interface Session {
  client: pg.PoolClient;
  turns: number;
  /** Its connection died: the database let the lock go with it. */
  lost: boolean;
  onError: () => void;
}

/** Back to the pool, or closed (`destroy`): a session still holding the lock never goes back. */
function giveBack(session: Session, destroy: boolean): void {
  session.client.removeListener('error', session.onError);
  session.client.release(destroy);
}

/**
 * PostgreSQL's session advisory lock named `name`, on a pooled connection taken while it is held.
 * This process's holders queue first, so that it waits on one connection at most.
 */
export function advisoryLock(pool: pg.Pool, name: string): SharedLock {
  const inProcess = processLock();
  /** The session holding the lock, passed from one holder of this process to the next while they queue. */
  let session: Session | null = null;

  const lockedSession = async (): Promise<Session> => {
    const client = await pool.connect();
    const held: Session = { client, turns: 0, lost: false, onError: () => (held.lost = true) };
    // A connection that dies while held (the database restarted) must not throw from the pool's client.
    client.on('error', held.onError);
    try {
      await client.query(`SELECT pg_advisory_lock(${KEY})`, [name]);
      return held;
    } catch (error) {
      giveBack(held, true);
      throw error;
    }
  };
  const unlock = async (held: Session) => {
    try {
      if (!held.lost) await held.client.query(`SELECT pg_advisory_unlock(${KEY})`, [name]);
      giveBack(held, held.lost);
    } catch {
      // Closing the connection ends its session, and the lock with it.
      giveBack(held, true);
    }
  };

  return {
    otherProcesses: true,
    async acquire() {
      const turn = await inProcess.acquire();
      try {
        session ??= await lockedSession();
      } catch (error) {
        await turn.release();
        throw error;
      }
      const held = session;
      held.turns++;
      let released = false;
      return {
        contended: async () => {
          if (released) return false;
          // Asked before any await: the connection answers it before a release can unlock and give it back.
          const { rows } = await held.client.query<{ contended: boolean }>(CONTENDED);
          return rows[0]?.contended === true || (await turn.contended());
        },
        release: async () => {
          if (released) return;
          released = true;
          if (held.lost || held.turns >= TURNS_KEPT || !(await turn.contended())) {
            session = null;
            await unlock(held);
          }
          await turn.release();
        },
      };
    },
  };
}
