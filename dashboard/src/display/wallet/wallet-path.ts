/** The Wallet page. */
export const WALLET_PATH = '/wallet';
