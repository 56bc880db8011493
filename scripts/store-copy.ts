// `npm run store:copy -- <data dir> <postgres url>`: see bff/src/app/store-copy-command.ts and docs/operations.md.
import { storeCopyCommand } from '../bff/src/app/store-copy-command.ts';

process.exitCode = await storeCopyCommand(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
