import type { Wallet, WalletPayment } from '../../../dashboard/src/display/wallet/get-wallet.ts';

export const WALLET_ADDRESS = 'GAPPWALLETAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQ7XZ';
export const USER_ADDRESS = 'GUSERWALLETBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBK2M4';
export const FUNDER_ADDRESS = 'GFUNDERCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCP9R1';
export const MEMO_PAYMENT_ID = 'WaLlEtPaYmEnTiDeNtIfIeR00001';

const hash = (digit: string) => digit.repeat(64);

/** A reward paid out: 1.25 to a user, its fee paid by the wallet, its memo the payment's id. */
export function walletPayment(overrides: Partial<WalletPayment> = {}): WalletPayment {
  return {
    hash: hash('a'),
    transactionLink: `https://horizon.example/transactions/${hash('a')}`,
    ledger: 1234,
    createdAt: '2026-05-15T08:00:05.000Z',
    successful: true,
    direction: 'out',
    counterparty: USER_ADDRESS,
    amount: '1.2500000',
    fee: '0.0100000',
    memo: MEMO_PAYMENT_ID,
    ...overrides,
  };
}

/** A funded wallet with 2 rewards waiting for the ledger, no low-balance threshold, and three recent payments. */
export function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    address: WALLET_ADDRESS,
    network: 'Plat Testnet',
    balance: '1000.0000000',
    minimumBalance: '1.5000000',
    baseFee: '0.0100000',
    baseReserve: '0.5000000',
    reserved: { amount: '3.5200000', rewards: 2 },
    available: '994.9800000',
    lowBalance: null,
    recent: [
      walletPayment(),
      walletPayment({ hash: hash('b'), transactionLink: `https://horizon.example/transactions/${hash('b')}`, successful: false, amount: '2.0000000', memo: 'spring bonus' }),
      walletPayment({ hash: hash('c'), transactionLink: 'javascript:alert(1)', direction: 'in', counterparty: FUNDER_ADDRESS, amount: '500.0000000', fee: '0.0000000', memo: null }),
    ],
    ...overrides,
  };
}
