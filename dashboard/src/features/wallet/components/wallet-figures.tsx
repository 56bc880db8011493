import { AmountFigure as Figure } from '../../../components/amount-figure.tsx';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { FieldGroup } from '../../../components/field-group.tsx';
import { FieldRow } from '../../../components/field-row.tsx';
import type { Wallet } from '../../../display/wallet/get-wallet.ts';
import { minimumBalanceWords, reservedWords } from '../wallet-words.ts';

/** How the available funds add up, and which account and network they are on. */
export function WalletFigures({ wallet }: { wallet: Wallet }) {
  return (
    <div className="grid gap-8 xl:grid-cols-2">
      <FieldGroup title="How it adds up">
        <Figure label="Balance" amount={wallet.balance} words="What the account holds on the ledger." />
        <Figure label="Minimum balance" amount={wallet.minimumBalance} words={minimumBalanceWords(wallet)} />
        <Figure label="Reserved" amount={wallet.reserved.amount} words={reservedWords(wallet)} />
        <Figure label="Base fee" amount={wallet.baseFee} words="What the network charges for each transaction; every reward pays one." />
      </FieldGroup>
      <FieldGroup title="Account">
        <FieldRow label="Address">
          <CopyableText text={wallet.address} label="Copy the wallet address" />
        </FieldRow>
        <FieldRow label="Network">
          <span className="break-all">{wallet.network}</span>
        </FieldRow>
      </FieldGroup>
    </div>
  );
}
