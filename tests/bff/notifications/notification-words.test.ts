import { describe, expect, it } from 'vitest';
import type { ConsoleEvent } from '../../../bff/src/events/event-log.ts';
import { EVENT_TYPE_NAMES, type EventType } from '../../../bff/src/events/event-types.ts';
import { defaultEventsFor, hearableBy } from '../../../bff/src/notifications/notification-audiences.ts';
import { notificationWords } from '../../../bff/src/notifications/notification-words.ts';
import { ROLES } from '../../../bff/src/domain/roles.ts';

const ID = '3f0c1f7e-6a9b-4d2e-8c41-5b7a9e2d1c00';
const event = (type: EventType, data: Record<string, unknown>): ConsoleEvent => ({ id: 'evt_1', type, at: new Date('2026-11-28T10:00:00Z'), subject: { kind: 'x', id: ID }, data: { id: ID, ...data } });

describe('the words of a notification', () => {
  it('say each event type in a title and a body of whole sentences, and link to a page of the console', () => {
    for (const type of EVENT_TYPE_NAMES) {
      const words = notificationWords(event(type, {}), { requesterName: null });
      expect(words.title, type).toMatch(/^[A-Z]/);
      expect(words.body, type).toMatch(/^[A-Z].*[.]$/);
      expect(words.link, type).toMatch(/^\/[a-z]/);
    }
  });

  it('name what was asked for, who asked, and why it stopped', () => {
    const requested = notificationWords(event('approval.requested', { kind: 'batch', fileName: 'winners.csv', amount: '250.5', requestedBy: ID }), { requesterName: 'Ana Manager' });
    expect(requested).toEqual({ title: 'The batch “winners.csv” (250.5 in all) waits for your approval', body: 'Asked for by Ana Manager.', link: `/rewards/batches/${ID}` });
    const rejected = notificationWords(event('approval.decided', { kind: 'reward', amount: '9', state: 'rejected', rejection: { by: ID, reason: 'Not this month', at: '2026-11-28T10:00:00Z' } }), { requesterName: null });
    expect(rejected).toEqual({ title: 'Your request for the reward of 9 was rejected', body: 'It will not be paid. Not this month.', link: `/rewards/${ID}` });
    const paused = notificationWords(event('batch.paused', { fileName: 'june.csv', needsFunds: '40' }), { requesterName: null });
    expect(paused.body).toBe('It waits for funds: the app wallet lacks 40 to pay the rows accepted. It goes on once the wallet is funded.');
    const stuck = notificationWords(event('payment.stuck', { identifier: 'abc', amount: '3', user_uid: 'u-1' }), { requesterName: null });
    expect(stuck.body).toBe(`Payment ${ID} of 3 to user u-1 has not moved on.`);
  });
});

describe('the defaults of each role', () => {
  it('are events the role may hear of', () => {
    for (const role of ROLES) expect(hearableBy(role)).toEqual(expect.arrayContaining(defaultEventsFor(role)));
    expect(defaultEventsFor('support')).toEqual([]);
  });
});
