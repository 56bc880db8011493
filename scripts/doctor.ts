// `npm run doctor`: is this deployment configured right? Exit 0 when nothing is wrong, 1 when something is.
import { doctorCommand } from '../bff/src/doctor/doctor-command.ts';

process.exitCode = await doctorCommand(process.env, { out: (line) => process.stdout.write(`${line}\n`) });
