import { Account, Asset, Keypair, Memo, Operation, TimeoutInfinite, TransactionBuilder } from '@stellar/stellar-sdk';
import type { Transaction, xdr } from '@stellar/stellar-sdk';
import { formatStroops } from './amount.ts';
import type { NetworkConfig } from './config.ts';
import { createAccountResultXdr } from './horizon/result-xdr.ts';
import { admit, applyInLedger } from './horizon/submit-transaction.ts';
import { availableBalance, successful } from './state/ledger.ts';
import type { Ledger, LedgerTransaction } from './state/ledger.ts';

/**
 * The pace of the past the demo writes: the real network's, or the emulator's own when slower. Never
 * faster, so that six days of ledgers stay about a hundred thousand however fast the emulator's clock
 * (0, a ledger at once for each transaction, or 1 ms) is set.
 */
const HISTORY_PACE_MS = 5_000;

/**
 * Writes a past onto a fresh emulated chain, straight into its ledger rather than through Horizon:
 * ledgers closed at the network's pace from the first one's close time, each transaction a real
 * signed envelope applied by the emulated core's own rules in the first ledger closing at or after
 * its time. Accounts are funded as on the real network, by a `create_account` from the network's
 * root account (opened, as a genesis account is, with no transaction), so that each account's
 * history starts with its funding.
 */
export class DemoChain {
  /** The network's root account: it funds every account the demo opens. */
  readonly root = Keypair.random();
  private readonly paceMs: number;

  constructor(
    private readonly ledger: Ledger,
    private readonly config: NetworkConfig,
    private readonly passphrase: string,
    rootBalance: bigint,
  ) {
    this.paceMs = Math.max(config.ledgerCloseMs, HISTORY_PACE_MS);
    ledger.open(this.root.publicKey(), rootBalance);
  }

  /** Opens `account` with `startingBalance` by the root's `create_account`, in the first ledger closing at or after `at`. */
  fund(account: string, startingBalance: bigint, at: number): LedgerTransaction {
    const operation = Operation.createAccount({ destination: account, startingBalance: formatStroops(startingBalance) });
    const slot = this.slotFor(at);
    const tx = this.signed(this.root, operation, Memo.none());
    const source = this.ledger.account(this.root.publicKey());
    if (source === undefined) throw new Error('the root account is not open');
    if (this.ledger.account(account) !== undefined) throw new Error(`account ${account} already exists`);
    const feeCharged = this.config.baseFeeStroops;
    if (availableBalance(source, this.config.baseReserveStroops) < startingBalance + feeCharged) throw new Error('the root account cannot fund the demo');
    source.sequence += 1n;
    source.balance -= feeCharged + startingBalance;
    this.ledger.open(account, startingBalance, slot.ledger);
    const applied: LedgerTransaction = {
      hash: tx.hash().toString('hex'),
      ledger: slot.ledger,
      applicationOrder: 1,
      createdAt: slot.closedAt,
      source: source.id,
      sequence: source.sequence,
      operationType: 'create_account',
      destination: account,
      amount: startingBalance,
      maxFee: BigInt(tx.fee),
      feeCharged,
      memoType: 'none',
      memo: null,
      validBefore: null,
      operationCode: 'op_success',
      envelopeXdr: tx.toEnvelope().toXDR('base64'),
      resultXdr: createAccountResultXdr(feeCharged),
      signatures: tx.signatures.map((signature) => signature.signature().toString('base64')),
    };
    this.close(slot, applied);
    return applied;
  }

  /** A native payment from the key's account, with a text memo, in the first ledger closing at or after `at`; it must succeed. */
  pay(from: Keypair, destination: string, amount: string, memo: string, at: number): LedgerTransaction {
    const slot = this.slotFor(at);
    const tx = this.signed(from, Operation.payment({ destination, asset: Asset.native(), amount }), Memo.text(memo));
    const envelopeXdr = tx.toEnvelope().toXDR('base64');
    const admission = admit(tx, envelopeXdr, this.ledger, Math.floor(slot.closedAt / 1000), this.config);
    if ('refused' in admission) throw new Error(`the demo payment ${memo} is refused: ${admission.refused}`);
    const applied = applyInLedger(this.ledger, admission.candidate, { ledger: slot.ledger, applicationOrder: 1, closedAt: slot.closedAt }, this.config);
    if (applied === null || !successful(applied)) throw new Error(`the demo payment ${memo} failed: ${applied?.operationCode ?? 'not applied'}`);
    this.close(slot, applied);
    return applied;
  }

  /** Closes empty ledgers at the pace up to `now`, so that the chain's clock and pace read as the network's. */
  closeUntil(now: number): void {
    while (this.ledger.latestHeader.closedAt + this.paceMs <= now) this.close(this.nextSlot(), null);
  }

  /** The ledger that takes a transaction of time `at`: empty ones close before it, at the pace. */
  private slotFor(at: number): { ledger: number; closedAt: number } {
    while (this.ledger.latestHeader.closedAt + this.paceMs < at) this.close(this.nextSlot(), null);
    return this.nextSlot();
  }

  private nextSlot(): { ledger: number; closedAt: number } {
    return { ledger: this.ledger.latestLedger + 1, closedAt: this.ledger.latestHeader.closedAt + this.paceMs };
  }

  private close({ ledger, closedAt }: { ledger: number; closedAt: number }, tx: LedgerTransaction | null): void {
    const { baseFeeStroops, baseReserveStroops, maxTxPerLedger } = this.config;
    const transactions = tx === null ? [] : [tx];
    this.ledger.close(
      { sequence: ledger, closedAt, successfulTransactions: transactions.length, failedTransactions: 0, baseFeeStroops, baseReserveStroops, maxTxSetSize: maxTxPerLedger },
      transactions,
    );
  }

  private signed(source: Keypair, operation: xdr.Operation, memo: Memo): Transaction {
    const account = this.ledger.account(source.publicKey());
    if (account === undefined) throw new Error(`no account ${source.publicKey()}`);
    const tx = new TransactionBuilder(new Account(account.id, String(account.sequence)), { fee: String(this.config.baseFeeStroops), networkPassphrase: this.passphrase })
      .addOperation(operation)
      .addMemo(memo)
      .setTimeout(TimeoutInfinite)
      .build();
    tx.sign(source);
    return tx;
  }
}
