import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const REWARD = '8a0c3a8e-4f1e-4b7a-9d38-6a4f3c2b1d0e';

function notification(id: string, title: string, link: string, readAt: string | null = null) {
  return { id, eventId: `evt_${id}`, type: 'approval.requested', title, body: 'Asked for by Manager Demo.', link, at: '2026-11-28T10:00:00.000Z', readAt };
}

describe('The bell', () => {
  it('says how many notifications are unread, lists them, and opens one at its object, marking it read', async () => {
    const api = stubApi({
      routes: {
        'GET /api/notifications': () =>
          json({
            notifications: [notification('n1', 'The reward of 250 to user ana waits for your approval', `/rewards/${REWARD}`), notification('n2', 'The app wallet is low', '/wallet', '2026-11-28T10:05:00.000Z')],
            unread: 1,
            nextCursor: null,
          }),
        'POST /api/notifications/read': () => json({ unread: 0 }),
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const panel = within(screen.getByRole('group', { name: 'Notifications' }));
    const unread = panel.getByRole('link', { name: /Unread: The reward of 250 to user ana waits for your approval/ });
    panel.getByRole('link', { name: /^The app wallet is low/ });

    await user.click(unread);
    await expect.poll(() => currentPath(router)).toBe(`/rewards/${REWARD}`);
    await expect.poll(() => api.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ ids: ['n1'] }]);
    await screen.findByRole('button', { name: 'Notifications' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });

  it('marks all read at once', async () => {
    const api = stubApi({
      routes: {
        'GET /api/notifications': () => json({ notifications: [notification('n1', 'One', '/wallet'), notification('n2', 'Two', '/audit')], unread: 2, nextCursor: null }),
        'POST /api/notifications/read': () => json({ unread: 0 }),
      },
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ all: true }]);
  });
});

describe('Notification settings on the account page', () => {
  it('show what the staff member hears of, save a new choice with a Slack URL, and bring back the role’s defaults', async () => {
    let saved = { events: ['approval.requested', 'wallet.low_balance'], slackUrl: null as string | null };
    const slackOff = null;
    const api = stubApi({
      routes: {
        'GET /api/me/notification-preferences': () => json({ ...saved, slackOff, defaults: ['approval.requested', 'batch.finished'], choices: ['approval.requested', 'batch.finished', 'wallet.low_balance', 'api_key.expiring'] }),
        'PUT /api/me/notification-preferences': ({ body }) => {
          saved = body as typeof saved;
          return json({ ...saved, slackOff, defaults: ['approval.requested', 'batch.finished'], choices: ['approval.requested', 'batch.finished', 'wallet.low_balance', 'api_key.expiring'] });
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/account');
    const section = within(await screen.findByRole('region', { name: 'Notifications' }));
    const box = (type: string) => section.getByRole('checkbox', { name: type });
    expect((await section.findByRole('checkbox', { name: 'approval.requested' })).matches(':checked')).toBe(true);
    expect(box('batch.finished').matches(':checked')).toBe(false);
    expect(section.queryByRole('checkbox', { name: 'reward.created' })).toBeNull();

    await user.click(box('wallet.low_balance'));
    await user.click(box('api_key.expiring'));
    await user.type(section.getByRole('textbox', { name: /Also send to Slack/ }), 'ftp://nope');
    await user.click(section.getByRole('button', { name: 'Save notification settings' }));
    section.getByText(/Enter the incoming webhook’s whole URL/);
    await user.clear(section.getByRole('textbox', { name: /Also send to Slack/ }));
    await user.type(section.getByRole('textbox', { name: /Also send to Slack/ }), 'https://hooks.slack.test/T1/B2/x');
    await user.click(section.getByRole('button', { name: 'Save notification settings' }));
    await expect.poll(() => saved).toEqual({ events: ['approval.requested', 'api_key.expiring'], slackUrl: 'https://hooks.slack.test/T1/B2/x' });

    await user.click(section.getByRole('button', { name: 'Check my role’s defaults' }));
    expect(box('batch.finished').matches(':checked')).toBe(true);
    expect(box('api_key.expiring').matches(':checked')).toBe(false);
    expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });
});
