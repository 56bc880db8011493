import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../logger.ts';

/**
 * How `npm run backup` reaches the console that holds an embedded store open (PGlite is one process,
 * and the console holds its directory): a Unix socket in the data directory, which only the data's
 * owner can connect to (mode 0600: connecting needs write permission on it), as only they can read the
 * data files anyway. No port, nothing on the network, no secret to keep.
 */
const SOCKET_NAME = 'backup.sock';
const REQUEST = 'backup\n';
/** A Unix socket's path is at most 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 100;

export const backupSocketPath = (dataDir: string): string => path.resolve(dataDir, SOCKET_NAME);

/** The answer's first line; the backup's bytes follow an ok one. */
const headerSchema = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), bytes: z.number().int().min(0) }), z.object({ ok: z.literal(false), message: z.string() })]);
type Header = z.infer<typeof headerSchema>;

/** Serves backups made by `dump` on the data directory's socket, until closed; null (with a warning) where the path is too long for a socket. */
export async function serveBackups(dataDir: string, dump: () => Promise<Buffer>, logger: Logger): Promise<{ close(): Promise<void> } | null> {
  const socketPath = backupSocketPath(dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    logger.warn('the data directory path is too long for the backup socket: npm run backup works only while the console is stopped', { socketPath });
    return null;
  }
  // The directory lock is this process's: a socket file left here is a stopped console's.
  rmSync(socketPath, { force: true });
  const server: Server = createServer((socket) => {
    socket.once('data', (request) => {
      if (request.toString() !== REQUEST) return socket.end(`${JSON.stringify({ ok: false, message: 'unknown request' } satisfies Header)}\n`);
      dump().then(
        (backup) => {
          socket.write(`${JSON.stringify({ ok: true, bytes: backup.length } satisfies Header)}\n`);
          socket.end(backup);
          logger.info('backup made for npm run backup', { bytes: backup.length });
        },
        (error: unknown) => {
          logger.error('a backup could not be made', { error });
          socket.end(`${JSON.stringify({ ok: false, message: `the console could not make the backup: ${(error as Error).message}` } satisfies Header)}\n`);
        },
      );
    });
    socket.on('error', (error) => logger.warn('the backup connection failed', { error }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A backup from the console running on `dataDir`, through its socket. */
export function requestBackup(dataDir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(backupSocketPath(dataDir), () => socket.write(REQUEST));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? 'it does not serve backups (its data directory path is too long, or it is still starting)' : error.message;
      reject(new Error(`the console running on ${dataDir} could not be asked for a backup: ${why}`));
    });
    socket.once('end', () => {
      const answer = Buffer.concat(chunks);
      const lineEnd = answer.indexOf('\n');
      const header = lineEnd < 0 ? null : headerSchema.safeParse(JSON.parse(answer.subarray(0, lineEnd).toString()));
      if (!header?.success) return reject(new Error('the console ended the backup without a readable answer'));
      const { data } = header;
      if (!data.ok) return reject(new Error(data.message));
      const backup = answer.subarray(lineEnd + 1);
      if (backup.length !== data.bytes) return reject(new Error(`the backup was cut short (${backup.length} of ${data.bytes} bytes)`));
      resolve(backup);
    });
  });
}
