import { Hono } from 'hono';
import { requireKey } from './auth.ts';
import type { AppEnv, EmulatorContext } from './context.ts';
import { paymentDTO } from './dto.ts';
import { ApiError, errorResponse } from './errors.ts';
import { controlRoutes } from './routes/control-routes.ts';
import { horizonRoutes } from './routes/horizon-routes.ts';
import { ledgerRoutes } from './routes/ledger-routes.ts';
import { platformRoutes } from './routes/platform-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';
import { PaymentRefusal } from './state/payments.ts';

export function createEmulatorApp(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // U2A expiry is applied lazily: before any request can observe a payment, overdue ones are cancelled.
  app.use('*', async (_c, next) => {
    ctx.payments.expireUnapproved(Date.now());
    await next();
  });
  app.use('/__control/*', requireKey(ctx.key));

  app.route('/v2', platformRoutes(ctx));
  app.route('/__control', controlRoutes(ctx));
  app.route('/__control', settingsRoutes(ctx));
  app.route('/__control', ledgerRoutes(ctx));
  app.route('/horizon', horizonRoutes(ctx));

  app.notFound((c) => errorResponse(404, 'not_found', `no route ${c.req.method} ${c.req.path}`));
  app.onError((err) => {
    if (err instanceof PaymentRefusal) {
      return errorResponse(err.status, err.code, err.message, { payment: paymentDTO(err.payment, ctx.view) });
    }
    if (err instanceof ApiError) return errorResponse(err.status, err.code, err.message, err.extra);
    console.error('emulator: unexpected error', err);
    return errorResponse(500, 'unknown_error', 'unexpected emulator error');
  });
  return app;
}
