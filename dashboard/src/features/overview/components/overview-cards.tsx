import { summarizeUpstream } from '../../../components/upstream-summary.ts';
import type { Overview } from '../api/get-overview.ts';
import { adsCheckedTodayPath, approvedWithoutTransactionPath, incompletePath, movingPaymentsPath, stuckUserPaymentsPath } from '../overview-links.ts';
import { CountCard } from './count-card.tsx';
import { HealthCard } from './health-card.tsx';

const count = (n: number) => n.toLocaleString('en-US');
const grid = 'grid gap-3 sm:grid-cols-2 xl:grid-cols-3';

export function OverviewCounts({ overview }: { overview: Overview }) {
  const { incompleteServerPayments, stuckUserPayments, approvedWithoutTransaction, stuckAfterMinutes, movingNow, adsCheckedToday } = overview;
  return (
    <ul aria-label="Counts" className={grid}>
      <CountCard
        label="Incomplete payments"
        value={incompleteServerPayments === null ? 'unknown (platform unreachable)' : count(incompleteServerPayments)}
        hint="Payments to users never completed or cancelled; each blocks the app's next payment to that user."
        to={incompletePath}
      />
      <CountCard
        label="Stuck user payments"
        value={count(stuckUserPayments)}
        hint="Users paid and the transaction is verified, but the app never completed the payment; each blocks its user."
        to={stuckUserPaymentsPath}
      />
      <CountCard
        label={`Approved without a transaction for ${stuckAfterMinutes}+ minutes`}
        value={count(approvedWithoutTransaction)}
        hint="Approved payments still waiting for their blockchain transaction."
        to={approvedWithoutTransactionPath(stuckAfterMinutes)}
      />
      <CountCard label="Payments moving now" value={count(movingNow)} hint="Payments in the index that are neither completed nor cancelled." to={movingPaymentsPath} />
      <CountCard label="Ads checked today, reward yes" value={count(adsCheckedToday.rewardYes)} hint="Checks since midnight UTC that found the ad granted." to={adsCheckedTodayPath('yes')} />
      <CountCard label="Ads checked today, reward no" value={count(adsCheckedToday.rewardNo)} hint="Checks since midnight UTC that found no reward earned." to={adsCheckedTodayPath('no')} />
    </ul>
  );
}

export function OverviewHealth({ overview }: { overview: Overview }) {
  const upstream = summarizeUpstream(overview.upstream);
  const { store } = overview;
  return (
    <ul aria-label="Platform API and store" className={grid}>
      <HealthCard label="Platform API" tone={upstream.tone} state={upstream.label} detail={upstream.detail} />
      <HealthCard
        label="Store"
        tone={store.ok ? 'ok' : 'down'}
        state={store.ok ? `ok (${store.latencyMs} ms)` : 'not answering'}
        detail={store.ok ? 'The console’s database answered.' : 'The console’s database did not answer; what it keeps cannot be read or written.'}
      />
    </ul>
  );
}
