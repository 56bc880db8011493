import { Account, Asset, Keypair, Memo, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { formatStroops, toStroops } from '../amount.ts';
import type { EmulatorContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { successful } from '../state/ledger.ts';
import type { PaymentRecord } from '../state/payment-record.ts';

/**
 * What the user's client does when it signs a U2A payment: pays the app wallet the payment's amount
 * from the user's wallet, the payment id as the memo, submitted to the emulated network and waited
 * for as Horizon's synchronous submit does. Answers the transaction's hash once it paid; a
 * transaction that did not pay is a 400 `user_payment_failed` naming why.
 */
export async function payAsUser(ctx: EmulatorContext, payment: PaymentRecord): Promise<string> {
  const { ledger, network, config, view } = ctx;
  const source = ledger.account(payment.user.walletAddress);
  if (source === undefined) throw failed(`the user's wallet ${payment.user.walletAddress} is not on the chain`);
  const tx = new TransactionBuilder(new Account(source.id, String(source.sequence)), { fee: String(config.network.baseFeeStroops), networkPassphrase: view.network })
    .addOperation(Operation.payment({ destination: view.appWalletAddress, asset: Asset.native(), amount: formatStroops(toStroops(payment.amount) ?? 0n) }))
    .addMemo(Memo.text(payment.identifier))
    .setTimeout(Math.ceil(config.network.horizonSubmitTimeoutMs / 1000) + 60)
    .build();
  tx.sign(Keypair.fromSecret(payment.user.walletSeed));
  const answer = await network.submit(tx.toEnvelope().toXDR('base64'));
  switch (answer.kind) {
    case 'applied':
      if (successful(answer.tx)) return answer.tx.hash;
      throw failed(`the user's transaction ${answer.tx.hash} failed on the chain: ${answer.tx.operationCode}`);
    case 'rejected':
      throw failed(`the network refused the user's transaction: ${answer.code}`);
    case 'malformed':
      throw failed(`the user's transaction is malformed: ${answer.detail}`);
    case 'timeout':
      throw failed(`no ledger took the user's transaction ${answer.hash} within Horizon's wait`);
  }
}

const failed = (message: string): ApiError => new ApiError(400, 'user_payment_failed', message);
