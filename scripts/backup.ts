// `npm run backup -- <file>`: see bff/src/app/backup-command.ts and docs/operations.md, "Backups".
import { backupCommand } from '../bff/src/app/backup-command.ts';

process.exitCode = await backupCommand('backup', process.env, process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
