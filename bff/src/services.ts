import { AuditLog } from './audit/audit-log.ts';
import type { AuthSettings } from './auth/auth-settings.ts';
import { AuthService } from './auth/auth-service.ts';
import { FirstAdminLink } from './auth/first-admin-link.ts';
import { Sessions } from './auth/sessions.ts';
import { SetupLinks } from './auth/setup-links.ts';
import { SignInThrottle } from './auth/sign-in-throttle.ts';
import type { Clock } from './clock.ts';
import { StaffService } from './staff/staff-service.ts';
import type { Database } from './store/database.ts';

export interface Services {
  db: Database;
  clock: Clock;
  audit: AuditLog;
  sessions: Sessions;
  setupLinks: SetupLinks;
  firstAdminLink: FirstAdminLink;
  auth: AuthService;
  staff: StaffService;
}

/** Everything the routes need that holds state or talks to the store, built once per process. */
export function createServices({ db, clock, authSettings }: { db: Database; clock: Clock; authSettings: AuthSettings }): Services {
  const audit = new AuditLog(db, clock);
  const sessions = new Sessions(db, clock, authSettings);
  const setupLinks = new SetupLinks(clock);
  const firstAdminLink = new FirstAdminLink(clock);
  const throttle = new SignInThrottle(db, clock);
  return {
    db,
    clock,
    audit,
    sessions,
    setupLinks,
    firstAdminLink,
    auth: new AuthService({ db, clock, audit, sessions, throttle, setupLinks, firstAdminLink }),
    staff: new StaffService({ db, clock, audit, sessions, setupLinks }),
  };
}
