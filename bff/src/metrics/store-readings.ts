import { batchRowsLeft } from '../batches/batch-rows-left.ts';
import { reconciliationStatus } from '../reconciliation/reconciliation-status.ts';
import { openRewardCounts } from '../rewards/open-reward-counts.ts';
import type { Database } from '../store/database.ts';
import type { SqlSession } from '../store/migrate.ts';
import type { WalletService } from '../wallet/wallet-service.ts';
import { deliveryBacklog } from '../webhooks/delivery-backlog.ts';
import type { ConsoleReadings } from './console-readings.ts';

/** The readings of a running console: its store's and its wallet's, each asked of the capability that knows it. */
export function storeReadings({ db, sql, wallet }: { db: Database; sql: SqlSession; wallet: WalletService }): ConsoleReadings {
  return {
    openRewards: () => openRewardCounts(db),
    batchRowsLeft: () => batchRowsLeft(db),
    wallet: async () => {
      const read = await wallet.readings();
      if (!read) return null;
      const { figures, lowBalanceStroops } = read;
      return { balance: figures.balance, available: figures.available, reserved: figures.reserved, lowBalance: lowBalanceStroops };
    },
    reconciliation: () => reconciliationStatus(db),
    webhookBacklog: () => deliveryBacklog(db),
    storeProbe: async () => {
      await sql.rows('SELECT 1');
    },
  };
}
