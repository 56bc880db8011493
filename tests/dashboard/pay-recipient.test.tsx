import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserSuggestion } from '../../dashboard/src/display/user/user-suggestions.ts';
import { json, stubApi, type SeenRequest } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const ALICE = 'alice-5f1d';
const ALINA = 'alina-9a6b';
const ZOE = '7c0e41d2-9b3a-4f5e-8d6c-1a2b3c4d5e6f';

const known: UserSuggestion[] = [
  {
    uid: ALICE,
    userNames: null,
    lastPayments: [
      { id: 'AlIcEpAyMeNt0000000000000002', amount: '1.25', network: 'Plat Testnet', created: '2026-05-15T08:00:00.000Z', state: 'completed' },
      { id: 'AlIcEpAyMeNt0000000000000001', amount: '0.5', network: 'Plat Testnet', created: '2026-05-14T08:00:00.000Z', state: 'cancelled' },
    ],
  },
  { uid: ALINA, userNames: null, lastPayments: [{ id: 'AlInApAyMeNt0000000000000001', amount: '3', network: 'Plat Testnet', created: '2026-05-13T08:00:00.000Z', state: 'awaiting_transaction' }] },
];

const named: UserSuggestion[] = [{ uid: ZOE, userNames: { username: 'zoe_u', displayName: 'Zoë Ünal' }, lastPayments: [] }];

const suggestRequests = (requests: SeenRequest[]) => requests.filter((request) => request.url.pathname === '/api/users');

async function payForm(path = '/rewards') {
  const api = stubApi({
    signedInAs: 'manager',
    routes: {
      'GET /api/users': ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        // As the server: the uid exactly, a name whatever its case.
        const byName = (name: string | null | undefined) => name?.toLowerCase().startsWith(q.toLowerCase()) ?? false;
        return json({ users: [...named, ...known].filter((user) => user.uid.startsWith(q) || byName(user.userNames?.username) || byName(user.userNames?.displayName)) });
      },
    },
  });
  const user = userEvent.setup();
  renderApp(path);
  const form = within(await screen.findByRole('form', { name: 'Pay a reward' }));
  const field = form.getByRole('combobox', { name: 'User uid' });
  return { api, user, form, field };
}

/** The list the field controls, shown or not. */
function list(): HTMLElement {
  const element = document.getElementById(screen.getByRole('combobox', { name: 'User uid' }).getAttribute('aria-controls') ?? '');
  if (!element) throw new Error('the field controls no element');
  return element;
}
const options = () => within(list()).queryAllByRole('option', { hidden: true });
const shownOptions = () => within(list()).findAllByRole('option');

describe('The pay form’s recipient field', () => {
  it('offers the users whose uid starts with what is typed, from 2 characters on, each with its last payments', async () => {
    const { api, user, field } = await payForm();
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.getAttribute('aria-autocomplete')).toBe('list');
    expect(list().getAttribute('role')).toBe('listbox');
    expect(list().getAttribute('aria-label')).toBe('Users the console has seen');
    expect(list().hidden).toBe(true);

    await user.type(field, 'a');
    expect(suggestRequests(api.requests)).toHaveLength(0);
    await user.type(field, 'l');

    const offered = await shownOptions();
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(offered.map((option) => option.textContent)).toEqual([expect.stringContaining(ALICE), expect.stringContaining(ALINA)]);
    expect(offered[0]?.textContent).toContain('1.25 Plat Testnet');
    expect(offered[0]?.textContent).toContain('0.5 Plat Testnet');
    expect(offered[0]?.textContent).toContain('Completed');
    expect(offered[0]?.textContent).toContain('Cancelled');
    expect(offered[1]?.textContent).toContain('Awaiting transaction');
    expect(suggestRequests(api.requests).at(-1)?.url.searchParams.get('q')).toBe('al');
  });

  it('moves with Down and Up, round the ends, and Enter takes the option marked without sending the form', async () => {
    const { user, field } = await payForm();
    await user.type(field, 'al');
    await shownOptions();
    const marked = () => options().filter((option) => option.getAttribute('aria-selected') === 'true').map((option) => option.textContent);
    expect(field.hasAttribute('aria-activedescendant')).toBe(false);

    await user.keyboard('{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    expect(marked()).toEqual([expect.stringContaining(ALICE)]);
    await user.keyboard('{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    await user.keyboard('{ArrowDown}');
    expect(marked()).toEqual([expect.stringContaining(ALICE)]);
    await user.keyboard('{ArrowUp}');
    expect(marked()).toEqual([expect.stringContaining(ALINA)]);
    expect(document.activeElement).toBe(field);

    await user.keyboard('{Enter}');
    expect((field as HTMLInputElement).value).toBe(ALINA);
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(list().hidden).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Enter an amount, such as 1.25.')).toBeNull();
  });

  it('closes with Escape and keeps what was typed; typing or Down opens it again', async () => {
    const { user, field } = await payForm();
    await user.type(field, 'al');
    await shownOptions();

    await user.keyboard('{ArrowDown}{Escape}');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.hasAttribute('aria-activedescendant')).toBe(false);
    expect(list().hidden).toBe(true);
    expect((field as HTMLInputElement).value).toBe('al');

    await user.keyboard('{ArrowDown}');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    await user.keyboard('{Escape}');
    await user.type(field, 'i');
    expect(field.getAttribute('aria-expanded')).toBe('true');
  });

  it('takes a clicked option', async () => {
    const { user, field } = await payForm();
    await user.type(field, 'ali');
    await user.click(await within(list()).findByRole('option', { name: new RegExp(ALICE) }));
    expect((field as HTMLInputElement).value).toBe(ALICE);
    expect(field.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers only what still starts with the text while the next answer is read, and says when nobody matches', async () => {
    const { user, field } = await payForm();
    await user.type(field, 'alix');
    await screen.findByText('No user the console knows has a uid or name starting with “alix”. Any uid the platform knows can still be paid.');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(options()).toEqual([]);
  });

  it('finds a user by the start of their name, whatever its case, shows the name over the whole uid, and fills the uid in', async () => {
    const { user, field } = await payForm();
    await user.type(field, 'ZO');
    const [offered] = await shownOptions();
    expect(offered?.textContent).toContain('Zoë Ünal @zoe_u');
    expect(offered?.textContent).toContain(ZOE);
    await user.click(offered as HTMLElement);
    expect((field as HTMLInputElement).value).toBe(ZOE);
  });

  it('is filled in from the link /rewards?pay=<uid>, with the amount next to type', async () => {
    const { field, form } = await payForm(`/rewards?pay=${encodeURIComponent(ALICE)}`);
    expect((field as HTMLInputElement).value).toBe(ALICE);
    expect(document.activeElement).toBe(form.getByRole('textbox', { name: 'Amount' }));
    expect(field.getAttribute('aria-expanded')).toBe('false');
  });
});
