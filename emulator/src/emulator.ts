import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createEmulatorApp } from './app.ts';
import { NETWORK_DEFAULTS } from './config.ts';
import type { EmulatorConfig, NetworkConfig } from './config.ts';
import type { EmulatorContext } from './context.ts';
import type { PaymentView } from './dto.ts';
import { DEMO_HISTORY_MS, createDemoData } from './demo-data.ts';
import type { DemoData } from './demo-data.ts';
import { FaultBook } from './faults.ts';
import { linkToPayment } from './horizon/link-payment.ts';
import { Network } from './horizon/network.ts';
import { newServerKey } from './ids.ts';
import { units } from './amount.ts';
import { AdBook } from './state/ads.ts';
import { Ledger } from './state/ledger.ts';
import { PaymentBook } from './state/payments.ts';
import { UserBook } from './state/users.ts';
import { generateWallet, walletFromSeed } from './wallet.ts';
import type { Wallet } from './wallet.ts';

export interface EmulatorOptions {
  key?: string;
  host?: string;
  port?: number;
  demoData?: boolean;
  network?: string;
  u2aExpiryMs?: number;
  ongoingRule?: 'per_user' | 'per_app';
  incompleteList?: 'all' | 'latest_only';
  /** The app wallet's secret seed (S…); a new wallet when absent. */
  walletSeed?: string;
  /** The chain's pace and prices; by default a ledger closes at once for each transaction (tests pick their pace). */
  chain?: Partial<NetworkConfig>;
}

export interface RunningEmulator {
  origin: string;
  url: string;
  /** Horizon's base URL, e.g. `http://127.0.0.1:8788/horizon`. */
  horizonUrl: string;
  key: string;
  appWallet: Wallet;
  demo: DemoData;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** How a client on this machine reaches the server: wildcard binds are reached over loopback. */
function originHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

const APP_WALLET_OPENING_BALANCE = units(1_000_000_000);
// A ledger number of the order a long-running network has reached.
const FIRST_LEDGER = 1_000_000;

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const key = options.key ?? newServerKey();
  if (!/^\S+$/.test(key)) throw new Error('emulator key must be a non-empty string without whitespace');
  const appWallet = options.walletSeed === undefined ? generateWallet() : walletFromSeed(options.walletSeed);
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  const { port } = await listen(server, options.port ?? 0, host);
  const origin = `http://${originHost(host)}:${port}`;
  const horizonUrl = `${origin}/horizon`;

  const config: EmulatorConfig = {
    ongoingRule: options.ongoingRule ?? 'per_user',
    incompleteList: options.incompleteList ?? 'all',
    u2aExpiryMs: options.u2aExpiryMs ?? 60_000,
    staleIncompleteTransactions: false,
    network: { ...NETWORK_DEFAULTS, ...options.chain },
  };
  const { baseFeeStroops, baseReserveStroops, maxTxPerLedger } = config.network;
  const now = Date.now();
  // With demo data, the chain's history starts before the demo's payments, and the demo funds the app wallet.
  const ledger = new Ledger(FIRST_LEDGER, { closedAt: options.demoData === true ? now - DEMO_HISTORY_MS : now, baseFeeStroops, baseReserveStroops, maxTxSetSize: maxTxPerLedger });
  if (options.demoData !== true) ledger.open(appWallet.address, APP_WALLET_OPENING_BALANCE);
  const view: PaymentView = { appWalletAddress: appWallet.address, network: options.network ?? 'Plat Testnet', horizonUrl };
  const payments = new PaymentBook(config);
  const ctx: EmulatorContext = {
    key,
    config,
    view,
    users: new UserBook(ledger),
    payments,
    ads: new AdBook(),
    faults: new FaultBook(),
    ledger,
    network: new Network(ledger, config.network, view.network, (tx) => linkToPayment(payments, tx, view, tx.createdAt)),
  };
  const demo = options.demoData === true ? createDemoData(ctx, now, { appWallet, appWalletBalance: APP_WALLET_OPENING_BALANCE }) : { paymentIds: [], adIds: [], users: [] };
  server.on('request', getRequestListener(createEmulatorApp(ctx).fetch));

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      ctx.faults.dispose();
      ctx.network.dispose();
    });
    return closing;
  };
  return { origin, url: `${origin}/v2`, horizonUrl, key, appWallet, demo, close };
}
