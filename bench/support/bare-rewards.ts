// The rewards benchmark's baseline: the least a program must do to pay an A2U reward, straight at the
// emulator with no console in between: create the payment, sign it with the app wallet, submit it to
// Horizon, complete it. One wallet signs everything and the ledger takes its transactions only in
// sequence order, so, as in the console, a local sequence counter hands out numbers and one submission
// is in flight at a time (anything else is refused with tx_bad_seq).
import { Pool } from 'undici';
import { signA2UTransaction } from '../../bff/src/chain/a2u-transaction.ts';
import { AppWallet } from '../../bff/src/chain/app-wallet.ts';
import { mapConcurrent } from '../../bff/src/concurrency.ts';
import { newUsers, type EmulatorProcess } from './emulator-process.ts';
import { timed, type Run } from './stats.ts';

export interface BareUpstream {
  origin: string;
  key: string;
  horizonUrl: string;
  walletSeed: string;
}

interface CreatedPayment {
  identifier: string;
  amount: number;
  from_address: string;
  to_address: string;
  network: string;
}

/** Pays one reward of `amount` to each uid, `concurrency` at a time; answers how many were completed. */
export async function payBare(upstream: BareUpstream, uids: string[], amount: string, concurrency: number): Promise<number> {
  const pool = new Pool(upstream.origin, { connections: 32 });
  const wallet = new AppWallet(upstream.walletSeed);
  const horizonPath = new URL(upstream.horizonUrl).pathname;
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: string, contentType = 'application/json'): Promise<T> => {
    const answer = await pool.request({ method, path, body, headers: { authorization: `Key ${upstream.key}`, 'content-type': contentType } });
    const text = await answer.body.text();
    if (answer.statusCode >= 300) throw new Error(`${method} ${path} → ${answer.statusCode} ${text}`);
    return JSON.parse(text) as T;
  };
  const account = await call<{ sequence: string }>('GET', `${horizonPath}/accounts/${wallet.publicKey}`);
  const fee = await call<{ last_ledger_base_fee: string }>('GET', `${horizonPath}/fee_stats`);
  let sequence = BigInt(account.sequence);
  let lane: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = lane.then(work, work);
    lane = run.catch(() => undefined);
    return run;
  };

  let completed = 0;
  try {
    for await (const done of mapConcurrent(uids, concurrency, async (uid) => {
      const payment = await call<CreatedPayment>('POST', '/v2/payments', JSON.stringify({ payment: { uid, amount: Number(amount), memo: 'bench', metadata: {} } }));
      const hash = await oneAtATime(async () => {
        const signed = signA2UTransaction(wallet, {
          payment: { ...payment, amount },
          sequence: sequence + 1n,
          feeStroops: Number(fee.last_ledger_base_fee),
          nowSeconds: Math.floor(Date.now() / 1000),
        });
        const submitted = await call<{ hash: string }>('POST', `${horizonPath}/transactions`, `tx=${encodeURIComponent(signed.envelopeXdr)}`, 'application/x-www-form-urlencoded');
        sequence += 1n;
        return submitted.hash;
      });
      await call('POST', `/v2/payments/${payment.identifier}/complete`, JSON.stringify({ txid: hash }));
      return true;
    })) {
      if (done) completed++;
    }
  } finally {
    await pool.close();
  }
  return completed;
}

/** The baseline run: `n` new users of the emulator paid bare, timed. */
export async function timedBareRun(emulator: EmulatorProcess, walletSeed: string, n: number, amount: string, concurrency: number): Promise<Run> {
  const uids = await newUsers(emulator, n);
  return timed(() => payBare({ origin: emulator.origin, key: emulator.key, horizonUrl: emulator.horizonUrl, walletSeed }, uids, amount, concurrency));
}
