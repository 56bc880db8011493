import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { AdChecks } from '../ads/ad-checks.ts';
import { AuditLog } from '../audit/audit-log.ts';
import { AuditService } from '../audit/audit-service.ts';
import { AuthService } from '../auth/auth-service.ts';
import type { AuthSettings } from '../auth/auth-settings.ts';
import { FirstAdminLink } from '../auth/first-admin-link.ts';
import { PasskeyAssertions } from '../auth/passkey-assertions.ts';
import { PasskeyChallenges } from '../auth/passkey-challenges.ts';
import { PasskeyFactor } from '../auth/passkey-factor.ts';
import { PasskeySignIn } from '../auth/passkey-sign-in.ts';
import { Passkeys } from '../auth/passkeys.ts';
import { Passwords, type ScryptParams } from '../auth/passwords.ts';
import { relyingPartyFor, type RelyingParty } from '../auth/relying-party.ts';
import { RecoveryCodes } from '../auth/recovery-codes.ts';
import { SecondFactorEnrolment } from '../auth/second-factor-enrolment.ts';
import { SecondFactorPolicy } from '../auth/second-factor-policy.ts';
import { SecondFactorVerifiers } from '../auth/second-factor-verifiers.ts';
import { SecondFactors } from '../auth/second-factors.ts';
import { TotpFactor } from '../auth/totp-factor.ts';
import type { SecretSealer } from '../secret-sealer.ts';
import { Sessions } from '../auth/sessions.ts';
import { SetupLinks } from '../auth/setup-links.ts';
import { SignInThrottle, type SignInObserver } from '../auth/sign-in-throttle.ts';
import type { Clock } from '../clock.ts';
import { consoleKnowledgeOf } from '../incomplete/console-knowledge.ts';
import { IncompleteService } from '../incomplete/incomplete-service.ts';
import type { Logger } from '../logger.ts';
import { OverviewService } from '../overview/overview.ts';
import { NotificationFanout } from '../notifications/notification-fanout.ts';
import { NotificationInbox } from '../notifications/notification-inbox.ts';
import { NotificationPreferences } from '../notifications/notification-preferences.ts';
import { slackRelay } from '../notifications/slack-relay.ts';
import { ApiKeys } from '../auth/api-keys.ts';
import type { Mode } from '../config.ts';
import type { ApiKeyGuardDeps } from '../guards/api-key-guard.ts';
import { KeyRateLimit } from '../guards/key-rate-limit.ts';
import { LookupWrites } from '../payments/lookup-writes.ts';
import { OutcomeSettler } from '../payments/outcome-settler.ts';
import { PaymentActions } from '../payments/payment-actions.ts';
import { PaymentHistory } from '../payments/payment-history.ts';
import { PaymentImporter } from '../payments/payment-import.ts';
import { PaymentIndex } from '../payments/payment-index.ts';
import { PaymentQueries } from '../payments/payment-queries.ts';
import { ApprovalQueue } from '../approvals/approval-queue.ts';
import { ApprovalQueueStore } from '../approvals/approval-queue-store.ts';
import { BatchList } from '../batches/batch-list.ts';
import { BatchRunner } from '../batches/batch-runner.ts';
import { BatchService } from '../batches/batch-service.ts';
import { BatchStore } from '../batches/batch-store.ts';
import { CreateWait } from '../rewards/create-wait.ts';
import { LookAlikes } from '../rewards/look-alikes.ts';
import type { RewardChain } from '../rewards/reward-chain.ts';
import type { RewardObserver } from '../rewards/reward-observer.ts';
import { PayoutGate } from '../approvals/payout-gate.ts';
import { RequesterWithdrawal } from '../staff/requester-withdrawal.ts';
import { RewardLimits } from '../rewards/reward-limits.ts';
import { RewardPipeline } from '../rewards/reward-pipeline.ts';
import { RewardService } from '../rewards/reward-service.ts';
import { RewardStore } from '../rewards/reward-store.ts';
import { RewardWorker } from '../rewards/reward-worker.ts';
import { RefundService } from '../refunds/refund-service.ts';
import { SequenceLane } from '../rewards/sequence-lane.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { StaffService } from '../staff/staff-service.ts';
import { BackgroundWrites } from '../store/background-writes.ts';
import type { Database, Store } from '../store/database.ts';
import { Readiness } from '../system/readiness.ts';
import { KnownUsers } from '../users/known-users.ts';
import { UserSuggestions } from '../users/user-suggestions.ts';
import { UserNameService } from '../users/user-names.ts';
import { UserSummaries } from '../users/user-summary.ts';
import { AuditedSetting } from '../audit/audited-setting.ts';
import { EventFeed } from '../events/event-feed.ts';
import { AuditChainWatch } from '../system/audit-chain-watch.ts';
import { EventWatch } from './event-watch.ts';
import { ExceptionQueue } from '../reconciliation/exception-queue.ts';
import { ExceptionStore } from '../reconciliation/exception-store.ts';
import { PaymentChecks } from '../reconciliation/payment-checks.ts';
import type { ReconciliationChain } from '../reconciliation/reconciliation-chain.ts';
import { ReconciliationRunner } from '../reconciliation/reconciliation-runner.ts';
import { ReconciliationSchedule } from '../reconciliation/reconciliation-schedule.ts';
import { RollForwardReport } from '../reconciliation/roll-forward.ts';
import { WalletHistoryStore } from '../reconciliation/wallet-history-store.ts';
import { WalletMovements } from '../reconciliation/wallet-movements.ts';
import type { WalletChain } from '../wallet/wallet-chain.ts';
import { WalletFunds } from '../wallet/wallet-funds.ts';
import { WalletService } from '../wallet/wallet-service.ts';
import { NO_WALLET_SETTINGS, walletSettingsSchema, type WalletSettings } from '../wallet/wallet-settings.ts';
import { DeliveryActions } from '../webhooks/delivery-actions.ts';
import { DeliveryLog } from '../webhooks/delivery-log.ts';
import { WebhookEndpoints } from '../webhooks/webhook-endpoints.ts';
import { WebhookEngine, type WebhookEngineOptions } from '../webhooks/webhook-engine.ts';
import { NO_WEBHOOK_SETTINGS, webhookSettingsSchema, type WebhookSettings } from '../webhooks/webhook-settings.ts';
import { WebhookTargets } from '../webhooks/webhook-targets.ts';

export interface Services {
  db: Database;
  clock: Clock;
  platform: PlatformClient;
  audit: AuditLog;
  auditService: AuditService;
  sessions: Sessions;
  setupLinks: SetupLinks;
  firstAdminLink: FirstAdminLink;
  passwords: Passwords;
  auth: AuthService;
  /** A staff member's own passkeys, and the checks of what they sign. */
  passkeys: Passkeys;
  passkeyAssertions: PasskeyAssertions;
  /** Passkeys as one kind of second factor, for the pluggable proof verifiers. */
  passkeyFactor: PasskeyFactor;
  passkeySignIn: PasskeySignIn;
  /** WebAuthn's relying party for a request: the console's public URL, or in the sandbox the request's origin. */
  relyingParty: (requestUrl: string) => RelyingParty;
  /** Second factors at sign-in and step-up; the step-up guard asks it. */
  secondFactors: SecondFactors;
  /** One's own authenticator app and recovery codes. */
  secondFactorEnrolment: SecondFactorEnrolment;
  secondFactorPolicy: SecondFactorPolicy;
  staff: StaffService;
  paymentIndex: PaymentIndex;
  paymentHistory: PaymentHistory;
  /** Writes answers do not wait for; shutdown waits for them before closing the store. */
  backgroundWrites: BackgroundWrites;
  paymentQueries: PaymentQueries;
  paymentActions: PaymentActions;
  outcomeSettler: OutcomeSettler;
  paymentImporter: PaymentImporter;
  apiKeys: ApiKeys;
  /** What the routes an app's backend calls check first: the key, its allow-list, its rate. */
  keyGuard: ApiKeyGuardDeps;
  incomplete: IncompleteService;
  ads: AdChecks;
  readiness: Readiness;
  overview: OverviewService;
  rewards: RewardService;
  lookAlikes: LookAlikes;
  rewardLimits: RewardLimits;
  /** Refunds of completed user-to-app payments, each a reward to the payer. */
  refunds: RefundService;
  users: UserSummaries;
  /** Users by the start of their uid or of their names, for the pay form's recipient field and the top search. */
  userSuggestions: UserSuggestions;
  /** The app's names of its users, which it sends (the platform gives only uids). */
  userNames: UserNameService;
  /** Drives unfinished rewards in the background; the server starts and stops it. */
  rewardWorker: RewardWorker;
  rewardBatches: BatchService;
  rewardBatchList: BatchList;
  /** Rewards and batches awaiting a second person's approval. */
  approvals: ApprovalQueue;
  /** Starts the rows of running batches; the server starts and stops it. */
  batchRunner: BatchRunner;
  wallet: WalletService;
  walletSettings: AuditedSetting<WalletSettings>;
  /** Reads the wallet's chain history and ties it to payments, on the timer (the server starts and stops it) and on demand. */
  reconciliation: ReconciliationSchedule;
  reconciliationExceptions: ExceptionQueue;
  rollForward: RollForwardReport;
  webhookEndpoints: WebhookEndpoints;
  webhookDeliveries: DeliveryActions;
  webhookLog: DeliveryLog;
  webhookSettings: AuditedSetting<WebhookSettings>;
  /** Staff members' Slack targets and the messages queued to them (the notifications use it). */
  webhookTargets: WebhookTargets;
  /** Delivers events and messages to webhook targets; the server starts and stops it. */
  webhookEngine: WebhookEngine;
  /** Tells staff of the events they chose, from the event log; the server starts and stops it. */
  notificationFanout: NotificationFanout;
  notificationInbox: NotificationInbox;
  notificationPreferences: NotificationPreferences;
  /** The event log as apps poll it (GET /v1/events). */
  events: EventFeed;
  /** Turns what the console finds into events, and prunes old ones, on the timer (the server starts and stops it). */
  eventWatch: EventWatch;
}

export interface ServicesDeps {
  mode: Mode;
  store: Store;
  clock: Clock;
  logger: Logger;
  platform: PlatformClient;
  authSettings: AuthSettings;
  /** The app wallet and its blockchain; without it rewards wait, created, for their transaction. */
  rewardChain?: RewardChain | null;
  /** The app wallet as the wallet page and reconciliation read it; null without one. */
  walletChain?: (WalletChain & ReconciliationChain) | null;
  /** How often reconciliation runs in the background (default: RECONCILE_EVERY_MS). */
  reconcileEveryMs?: number;
  /** How long a request waits for its reward's drive before it answers (default: REQUEST_ANSWER_WITHIN_MS). */
  rewardAnswerWithinMs?: number;
  /** Names this process in reward leases. */
  instanceId?: string;
  /** Batch rows paid side by side by this process; 8 unless given. */
  batchConcurrency?: number;
  /** scrypt cost; OWASP's minimum unless given (tests pass a cheaper one). */
  passwordHashing?: ScryptParams;
  /** How many requests an API key may make: KEY_REQUESTS_PER_SECOND in bursts of KEY_BURST unless given. */
  keyRate?: { perSecond: number; burst: number };
  /** Approved payments without a transaction for this long count as stuck; 10 unless given. */
  stuckAfterMinutes?: number;
  /** Where staff reach the console (PLAT_PUBLIC_URL): passkeys' relying party. */
  publicUrl?: string | null;
  /** The webhook engine's pace, limit and deadline (tests shorten them); the console's own unless given. */
  webhooks?: Pick<WebhookEngineOptions, 'concurrency' | 'intervalMs' | 'deadlineMs'>;
  /** Seals the secrets the store keeps and must read back (authenticator apps, webhook signing). */
  sealer: SecretSealer;
  /** Told of rewards' ends and failed sign-ins (the metrics); nobody unless given. */
  observers?: { rewards: RewardObserver; signIns: SignInObserver };
  /** Where staff reach the console, for the links in Slack messages (PLAT_PUBLIC_URL); http://127.0.0.1:8787 unless given. */
  consoleUrl?: string;
  /** Aborted when the process begins to stop (server.ts): readiness goes false, no reward step and no reconciliation page starts. */
  stopping?: AbortSignal;
}

/** Everything the routes need that holds state or talks to the store or the platform, built once per process. */
export function createServices({ consoleUrl = 'http://127.0.0.1:8787', keyRate, mode, publicUrl = null, store, clock, logger, platform, authSettings, passwordHashing, stuckAfterMinutes = 10, rewardChain = null, walletChain = null, instanceId = defaultInstanceId(), batchConcurrency = 8, rewardAnswerWithinMs, reconcileEveryMs, webhooks, observers, sealer, stopping = new AbortController().signal }: ServicesDeps): Services {
  const { db } = store;
  const passwords = new Passwords(passwordHashing);
  const audit = new AuditLog(db, clock);
  const sessions = new Sessions(db, clock, authSettings);
  const setupLinks = new SetupLinks(clock);
  const firstAdminLink = new FirstAdminLink(clock);
  const throttle = new SignInThrottle(db, clock, observers?.signIns);
  const totp = new TotpFactor(clock, sealer);
  const recoveryCodes = new RecoveryCodes(clock);
  // One verifier per kind of second factor; a new kind is registered here.
  const passkeyChallenges = new PasskeyChallenges(db, clock);
  const passkeyAssertions = new PasskeyAssertions({ db, clock, challenges: passkeyChallenges });
  const passkeyFactor = new PasskeyFactor(passkeyAssertions);
  const verifiers = new SecondFactorVerifiers([totp, recoveryCodes, passkeyFactor]);
  const secondFactorPolicy = new SecondFactorPolicy({ db, audit, clock, mode });
  const secondFactors = new SecondFactors({ db, clock, audit, sessions, throttle, verifiers, policy: secondFactorPolicy });
  const auth = new AuthService({ db, clock, audit, sessions, throttle, setupLinks, firstAdminLink, passwords, secondFactors });
  const paymentIndex = new PaymentIndex(store, clock);
  const paymentHistory = new PaymentHistory(store);
  const backgroundWrites = new BackgroundWrites(logger);
  const outcomeSettler = new OutcomeSettler({ platform, index: paymentIndex, audit, logger });
  const paymentActions = new PaymentActions({ platform, index: paymentIndex, audit, settler: outcomeSettler });
  const ads = new AdChecks({ db, clock, platform, audit });
  const readiness = new Readiness(platform, stopping);
  const rewardStore = new RewardStore(db, clock, audit, observers?.rewards);
  const rewardLimits = new RewardLimits({ db, audit, clock });
  const apiKeys = new ApiKeys({ db, clock, audit, mode });
  const lookAlikes = new LookAlikes({ db, clock });
  const payoutGate = new PayoutGate({ limits: rewardLimits, audit, keys: apiKeys, lookAlikes });
  const createWait = new CreateWait(db);
  const ledgerMs = () => ledgerPace(rewardChain, logger);
  const funds = walletChain ? new WalletFunds({ db, chain: walletChain, ledgerMs, turn: store.lock(`funds:${walletChain.address}`) }) : null;
  const lane = rewardChain ? new SequenceLane(rewardChain, store.lock(`lane:${rewardChain.walletAddress}`)) : null;
  const rewardPipeline = new RewardPipeline({ store: rewardStore, platform, index: paymentIndex, chain: rewardChain, lane, createWait, funds, clock, logger, observer: observers?.rewards, stopping });
  const answerWithin = rewardAnswerWithinMs === undefined ? {} : { answerWithinMs: rewardAnswerWithinMs };
  const walletSettings = new AuditedSetting({ db, audit, clock }, 'wallet', walletSettingsSchema, NO_WALLET_SETTINGS);
  const rewardService = new RewardService({ store: rewardStore, pipeline: rewardPipeline, gate: payoutGate, audit, clock, instanceId, logger, ledgerMs, ...answerWithin });
  const batchStore = new BatchStore(db, clock, audit, observers?.rewards);
  const withdrawal = new RequesterWithdrawal({ gate: payoutGate, rewards: rewardStore, batches: batchStore });
  const paymentImporter = new PaymentImporter({ platform, index: paymentIndex, audit });
  const movements = new WalletMovements(db);
  const auditChain = new AuditChainWatch({ db, log: audit });
  const eventFeed = new EventFeed(db);
  const incomplete = new IncompleteService({
    db,
    platform,
    index: paymentIndex,
    actions: paymentActions,
    audit,
    knowledge: (ids) => consoleKnowledgeOf(db, ids),
    rewards: rewardService,
    walletAddress: rewardChain?.walletAddress ?? null,
  });
  const wallet = new WalletService({ db, chain: walletChain, settings: walletSettings });
  const reconciliationRunner =
    walletChain && new ReconciliationRunner({ chain: walletChain, store: new WalletHistoryStore(db, { soleProcess: store.kind === 'pglite' }), checks: new PaymentChecks(db), movements, importer: paymentImporter, clock, instanceId, stuckAfterMinutes, stopping });
  const webhookSettings = new AuditedSetting({ db, audit, clock }, 'webhooks', webhookSettingsSchema, NO_WEBHOOK_SETTINGS);
  const webhookTargets = new WebhookTargets({ db, clock, settings: webhookSettings });
  const webhookEngine = new WebhookEngine({ db, clock, logger, audit, settings: webhookSettings, sealer, instanceId, singleProcess: store.kind === 'pglite', ...webhooks });
  const webhookEndpoints = new WebhookEndpoints({ db, clock, audit, settings: webhookSettings, sealer });
  const webhookLog = new DeliveryLog({ db, endpoints: webhookEndpoints });
  return {
    db,
    clock,
    platform,
    audit,
    auditService: new AuditService(audit, db, (verification) => auditChain.verified(verification, clock.now())),
    sessions,
    setupLinks,
    firstAdminLink,
    passwords,
    auth,
    passkeys: new Passkeys({ db, clock, audit, sessions, challenges: passkeyChallenges }),
    passkeyAssertions,
    passkeyFactor,
    passkeySignIn: new PasskeySignIn({ assertions: passkeyAssertions, auth, audit }),
    relyingParty: (requestUrl) => relyingPartyFor(publicUrl, mode, requestUrl),
    secondFactors,
    secondFactorEnrolment: new SecondFactorEnrolment({ db, audit, sessions, totp, recoveryCodes, verifiers }),
    secondFactorPolicy,
    staff: new StaffService({ db, clock, audit, sessions, setupLinks, passwords, withdrawal, secondFactors: verifiers }),
    paymentIndex,
    paymentHistory,
    backgroundWrites,
    paymentQueries: new PaymentQueries({
      db,
      clock,
      platform,
      audit,
      index: paymentIndex,
      history: paymentHistory,
      writes: new LookupWrites({ index: paymentIndex, writes: backgroundWrites, logger }),
    }),
    paymentActions,
    outcomeSettler,
    paymentImporter,
    apiKeys,
    keyGuard: { keys: apiKeys, audit, rateLimit: new KeyRateLimit(clock, keyRate?.perSecond, keyRate?.burst) },
    incomplete,
    ads,
    readiness,
    overview: new OverviewService({ db, clock, platform, readiness, ads, stuckAfterMinutes }),
    rewards: rewardService,
    lookAlikes,
    rewardLimits,
    refunds: new RefundService({ db, platform, rewards: rewardService, rewardStore, audit }),
    users: new UserSummaries(db),
    userSuggestions: new UserSuggestions(db),
    userNames: new UserNameService({ db, clock, audit }),
    rewardWorker: new RewardWorker({ store: rewardStore, pipeline: rewardPipeline, logger, instanceId, singleProcess: store.kind === 'pglite' }),
    rewardBatches: new BatchService({ store: batchStore, limits: rewardLimits, gate: payoutGate, lookAlikes, knownUsers: new KnownUsers(db), audit, clock, ledgerMs, funds, logger }),
    rewardBatchList: new BatchList({ db, audit, clock }),
    approvals: new ApprovalQueue(new ApprovalQueueStore(db), clock),
    wallet,
    walletSettings,
    reconciliation: new ReconciliationSchedule(reconciliationRunner, logger, reconcileEveryMs),
    reconciliationExceptions: new ExceptionQueue({ store: new ExceptionStore(db), audit, clock, payments: paymentActions, transactionLink: walletChain ? (hash) => walletChain.transactionLink(hash) : null }),
    rollForward: new RollForwardReport({ db, chain: walletChain, movements }),
    webhookEndpoints,
    webhookDeliveries: new DeliveryActions({ db, clock, audit, endpoints: webhookEndpoints, log: webhookLog, wake: () => void webhookEngine.tick() }),
    webhookLog,
    webhookSettings,
    webhookTargets,
    webhookEngine,
    batchRunner: new BatchRunner({ store: batchStore, pipeline: rewardPipeline, createWait, funds, clock, logger, instanceId, concurrency: batchConcurrency }),
    notificationFanout: new NotificationFanout({ db, logger, relay: slackRelay(webhookTargets, consoleUrl) }),
    notificationInbox: new NotificationInbox(db, clock),
    notificationPreferences: new NotificationPreferences({ db, audit, clock, slackTargets: webhookTargets }),
    events: eventFeed,
    eventWatch: new EventWatch({ db, clock, logger, feed: eventFeed, incomplete, wallet, auditChain, stuckAfterMinutes }),
  };
}

function defaultInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** The network's pace for time estimates (batches, a reward waiting for its ledger); unknown (null) without a wallet or while Horizon does not answer: an estimate never fails a page. */
async function ledgerPace(chain: RewardChain | null, logger: Logger): Promise<number | null> {
  if (!chain) return null;
  try {
    return await chain.ledgerMs();
  } catch (error) {
    logger.warn('the ledger pace could not be read from Horizon; time estimates are left out', { error });
    return null;
  }
}
