import type { ConsoleEvent } from '../events/event-log.ts';
import type { EventType } from '../events/event-types.ts';

/** A notification as a staff member reads it: a title, a sentence or two, and the console page of its object. */
export interface NotificationWords {
  title: string;
  body: string;
  /** A path of the SPA. */
  link: string;
}

/** What the words may name beside the event: the requester by name, when a staff member asked. */
export interface WordsContext {
  requesterName: string | null;
}

type Data = Record<string, unknown>;

/** The first of `keys` that holds text (or a number, as text) in `data`; a dotted key looks into objects. */
function textOf(data: Data, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = key.split('.').reduce<unknown>((at, part) => (at !== null && typeof at === 'object' ? (at as Data)[part] : undefined), data);
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** Who asked for the event's subject: a staff member's or API key's id, as the public API's `requestedBy` says it. */
export function requestedByOf(data: Data): string | null {
  return textOf(data, 'requestedBy');
}

const path = (...parts: string[]) => `/${parts.map(encodeURIComponent).join('/')}`;
const rewardLink = (id: string) => path('rewards', id);
const batchLink = (id: string) => path('rewards', 'batches', id);

/** "12.5 to user abc…" for a reward; its uid in full, since that is what staff search by. */
function rewardPhrase(data: Data): string {
  const amount = textOf(data, 'amount');
  const uid = textOf(data, 'uid');
  return [amount ?? 'a reward', uid ? `to user ${uid}` : null].filter(Boolean).join(' ');
}

function batchPhrase(data: Data): string {
  const name = textOf(data, 'fileName', 'name');
  return name ? `batch “${name}”` : 'batch';
}

/** An approval's subject: a reward or a batch, its words and its page. */
function approvalSubject(event: ConsoleEvent): { phrase: string; link: string } {
  const data = event.data;
  const kind = textOf(data, 'kind');
  const id = textOf(data, 'id') ?? event.subject.id;
  if (kind === 'batch') {
    const amount = textOf(data, 'amount');
    return { phrase: `the ${batchPhrase(data)}${amount ? ` (${amount} in all)` : ''}`, link: batchLink(id) };
  }
  return { phrase: `the reward of ${rewardPhrase(data)}`, link: rewardLink(id) };
}

const askedBy = (context: WordsContext) => (context.requesterName ? `Asked for by ${context.requesterName}.` : 'Asked for through the API.');

const reasonOf = (data: Data) => textOf(data, 'rejection.reason', 'reason', 'error.message');

/** Sentences from parts, each ended with a full stop; absent parts left out. */
const sentences = (...parts: (string | null)[]) =>
  parts
    .filter((part): part is string => part !== null)
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
    .join(' ');
const withReason = (lead: string, data: Data) => sentences(lead, reasonOf(data));

type Words = (event: ConsoleEvent, context: WordsContext) => NotificationWords;

const rewardWords =
  (title: (phrase: string) => string, body: (data: Data) => string): Words =>
  (event) => ({ title: title(rewardPhrase(event.data)), body: body(event.data), link: rewardLink(event.subject.id) });

const batchWords =
  (title: (phrase: string) => string, body: (data: Data) => string): Words =>
  (event) => ({ title: title(batchPhrase(event.data)), body: body(event.data), link: batchLink(event.subject.id) });

/** The words of each event type, for the bell's list and a Slack message. */
const WORDS: Record<EventType, Words> = {
  'reward.created': rewardWords((reward) => `Your reward of ${reward} was created`, () => 'It is on its way to the platform.'),
  'reward.awaiting_approval': rewardWords((reward) => `Your reward of ${reward} waits for approval`, () => 'It is above the approval threshold; a second person must approve it before it is paid.'),
  'reward.completed': rewardWords((reward) => `Your reward of ${reward} was paid`, () => 'The platform recorded the payment as completed.'),
  'reward.failed': rewardWords((reward) => `Your reward of ${reward} failed`, (data) => withReason('Nothing moved on the chain.', data)),
  'reward.needs_attention': rewardWords((reward) => `A reward of ${reward} needs attention`, (data) => withReason('It stopped where a person must look before anything else happens.', data)),
  'reward.cancelled': rewardWords((reward) => `Your reward of ${reward} was cancelled`, () => 'Nothing was paid.'),
  'refund.completed': rewardWords((reward) => `Your refund of ${reward} was paid`, () => 'The platform recorded the refund as completed.'),
  'batch.started': batchWords((batch) => `Your ${batch} started paying`, () => 'Its rows are being paid.'),
  'batch.paused': batchWords(
    (batch) => `Your ${batch} paused`,
    (data) => {
      const lacking = textOf(data, 'needsFunds');
      return lacking ? `It waits for funds: the app wallet lacks ${lacking} to pay the rows accepted. It goes on once the wallet is funded.` : withReason('It pays no more rows until it is resumed.', data);
    },
  ),
  'batch.finished': batchWords((batch) => `Your ${batch} finished`, () => 'It has no row left to pay; its page says what became of each row.'),
  'approval.requested': (event, context) => {
    const subject = approvalSubject(event);
    return { title: `${capitalised(subject.phrase)} waits for your approval`, body: askedBy(context), link: subject.link };
  },
  'approval.decided': (event) => {
    const subject = approvalSubject(event);
    const rejected = textOf(event.data, 'state') === 'rejected';
    return {
      title: `Your request for ${subject.phrase} was ${rejected ? 'rejected' : 'approved'}`,
      body: rejected ? withReason('It will not be paid.', event.data) : 'It is being paid.',
      link: subject.link,
    };
  },
  'payment.stuck': (event) => {
    const amount = textOf(event.data, 'amount');
    const uid = textOf(event.data, 'user_uid');
    return {
      title: 'A payment has been waiting longer than it should',
      body: `Payment ${event.subject.id}${amount ? ` of ${amount}` : ''}${uid ? ` to user ${uid}` : ''} has not moved on.`,
      link: path('payments', event.subject.id),
    };
  },
  'incomplete.found': (event) => ({
    title: 'The platform lists an incomplete payment',
    body: `Payment ${event.subject.id} is an incomplete server payment of the app; it blocks new payments to its user until it is cleared.`,
    link: path('payments', event.subject.id),
  }),
  'wallet.low_balance': (event) => {
    const available = textOf(event.data, 'available', 'balance', 'availableBalance');
    const threshold = textOf(event.data, 'threshold', 'lowBalanceThreshold');
    return {
      title: available ? `The app wallet is low: ${available} available` : 'The app wallet is low',
      body: threshold ? `Its available balance fell below the low-balance threshold of ${threshold}. Fund it before rewards wait for funds.` : 'Its available balance fell below the low-balance threshold. Fund it before rewards wait for funds.',
      link: '/wallet',
    };
  },
  'reconciliation.exception_opened': (event) => {
    const kind = textOf(event.data, 'kind');
    return {
      title: 'Reconciliation found something the books do not explain',
      body: sentences(kind ? `A new exception: ${kind.replaceAll('_', ' ')}` : 'A new exception is open', textOf(event.data, 'detail'), 'Open it to see the transaction and decide'),
      link: '/reconciliation?state=open',
    };
  },
  'audit.chain_broken': () => ({
    title: 'The audit log’s hash chain no longer verifies',
    body: 'An entry was changed or removed outside the console. Verify the chain on the Audit log page to see where it breaks.',
    link: '/audit',
  }),
  'api_key.expiring': (event) => {
    const name = textOf(event.data, 'name');
    const expiresAt = textOf(event.data, 'expiresAt');
    return {
      title: `The API key ${name ? `“${name}” ` : ''}expires soon`,
      body: `${expiresAt ? `It stops working at ${expiresAt}. ` : 'It stops working within 7 days. '}Create a new key and put it in the app backend’s secrets before then.`,
      link: '/api-keys',
    };
  },
  'webhook_endpoint.disabled': (event) => {
    const url = textOf(event.data, 'url');
    const gone = textOf(event.data, 'disabledReason') === 'gone';
    return {
      title: `The webhook endpoint ${url ?? event.subject.id} was switched off`,
      body: `${gone ? 'It answered 410 Gone.' : 'Its deliveries failed for 3 days.'} Nothing more is sent to it until an admin switches it on again; what failed can be sent again from its delivery log.`,
      link: path('webhooks', event.subject.id),
    };
  },
};

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function notificationWords(event: ConsoleEvent, context: WordsContext): NotificationWords {
  return WORDS[event.type](event, context);
}
