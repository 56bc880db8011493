import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import type { EmulatorConfig } from './config.ts';
import type { PaymentView } from './dto.ts';
import type { FaultBook } from './faults.ts';
import type { Network } from './horizon/network.ts';
import type { AdBook } from './state/ads.ts';
import type { Ledger } from './state/ledger.ts';
import type { PaymentBook } from './state/payments.ts';
import type { UserBook } from './state/users.ts';

/** Everything one running emulator holds; routes get it, nothing is global. */
export interface EmulatorContext {
  key: string;
  config: EmulatorConfig;
  view: PaymentView;
  users: UserBook;
  payments: PaymentBook;
  ads: AdBook;
  ledger: Ledger;
  network: Network;
  faults: FaultBook;
}

export type AppEnv = {
  Bindings: HttpBindings | Http2Bindings;
  /** Set by a `late_inclusion` fault: how many ledgers the submitted transaction is held back. */
  Variables: { heldBackLedgers?: number };
};
