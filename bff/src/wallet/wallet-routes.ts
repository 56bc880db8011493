import { Hono } from 'hono';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditContext } from '../guards/request-origin.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../http/validate.ts';
import type { AuditedSetting } from '../audit/audited-setting.ts';
import type { WalletService } from './wallet-service.ts';
import { walletSettingsSchema, type WalletSettings } from './wallet-settings.ts';

/** The app wallet: everyone reads it; admins set the low-balance threshold. */
export function walletRoutes({ audit, wallet, settings }: { audit: AuditLog; wallet: WalletService; settings: AuditedSetting<WalletSettings> }) {
  return new Hono<AppEnv>()
    .get('/wallet', requireAccess('wallet:read', audit), async (c) => c.json({ wallet: await wallet.view() }))
    .get('/settings/wallet', requireAccess('wallet:read', audit), async (c) => c.json({ settings: await settings.get() }))
    .put('/settings/wallet', requireAccess('settings:manage', audit), validate('json', walletSettingsSchema), async (c) =>
      c.json({ settings: await settings.set(c.req.valid('json'), auditContext(c)) }),
    );
}
