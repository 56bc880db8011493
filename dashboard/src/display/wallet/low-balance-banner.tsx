import { Link } from 'react-router-dom';
import type { Wallet } from './get-wallet.ts';
import { WALLET_PATH } from './wallet-path.ts';

/** Says that available funds are below the admin's threshold, and what to do; elsewhere than the Wallet page, it links there. */
export function LowBalanceBanner({ wallet, linkToWallet = false }: { wallet: Wallet; linkToWallet?: boolean }) {
  if (!wallet.lowBalance?.below) return null;
  return (
    <div role="alert" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
      <p className="font-medium">
        {`Available funds are below the low-balance threshold of ${wallet.lowBalance.threshold}: fund the wallet so that the rewards accepted and those to come can be paid.`}
      </p>
      <p>
        {`Available now: ${wallet.available}. Send funds to the app wallet `}
        <span className="font-mono break-all">{wallet.address}</span>.
        {linkToWallet && (
          <>
            {' '}
            <Link to={WALLET_PATH} className="font-medium underline underline-offset-2">
              Open the Wallet page
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
