import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../lib/access.ts';
import { walletQueryOptions } from './get-wallet.ts';

/**
 * The network rewards are paid on, as payments name it (their `network`, which names the currency):
 * `known` when the caller has it (a reward's own payment), else the app wallet's, read once (a
 * Horizon serves one network for its life). Null while unknown: no app wallet, or it could not be read.
 */
export function useNetwork(known: string | null = null): string | null {
  const canReadWallet = useCan('wallet:read');
  const wallet = useQuery({
    ...walletQueryOptions(),
    enabled: known === null && canReadWallet,
    select: (answer) => answer.wallet?.network ?? null,
    staleTime: Infinity,
    refetchInterval: false,
  });
  return known ?? wallet.data ?? null;
}
