import { Notice } from '../../components/notice.tsx';

/** Said where a page needs the app wallet and the console has none (no seed or Horizon address at start). */
export function NoWalletNotice() {
  return <Notice>No app wallet is configured: the console runs without its seed and Horizon address (see the README, &ldquo;Configuration&rdquo;).</Notice>;
}
