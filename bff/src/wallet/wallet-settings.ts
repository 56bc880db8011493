import { z } from 'zod';
import { amountSchema } from '../domain/amount-schema.ts';

/** The admin's wallet settings: below `lowBalance` (available funds), the overview and the Wallet page say so. */
export const walletSettingsSchema = z.object({ lowBalance: amountSchema.nullable() });

export type WalletSettings = z.output<typeof walletSettingsSchema>;

export const NO_WALLET_SETTINGS: WalletSettings = { lowBalance: null };
