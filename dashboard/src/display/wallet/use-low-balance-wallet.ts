import { useCan } from '../../lib/access.ts';
import { useWallet, type Wallet } from './get-wallet.ts';

/**
 * The app wallet while its available funds are below the admin's threshold; otherwise null, and
 * null too while it is read, when the console has none, or when reading it fails: other pages only
 * add a warning, never an error of their own.
 */
export function useLowBalanceWallet(): Wallet | null {
  const wallet = useWallet({ enabled: useCan('wallet:read') });
  if (wallet.isError) return null;
  const current = wallet.data?.wallet;
  return current?.lowBalance?.below ? current : null;
}
