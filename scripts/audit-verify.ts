// `npm run audit:verify`: is the audit log as it was written? Exit 0 intact, 2 not intact, 1 not checked.
import { auditVerifyCommand } from '../bff/src/audit/audit-verify-command.ts';

process.exitCode = await auditVerifyCommand(process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
