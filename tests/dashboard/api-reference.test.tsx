import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OperationObject, PublicApiDocument } from '../../bff/src/public-types.ts';
import { json, stubApi } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

/** The document the BFF serves: docs/openapi.json, which a BFF test holds equal to it. */
const document = JSON.parse(readFileSync(join(import.meta.dirname, '../../docs/openapi.json'), 'utf8')) as PublicApiDocument;

const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, OperationObject>).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);

function serveDocument() {
  return stubApi({ signedInAs: 'support', routes: { 'GET /v1/openapi.json': () => json(document) } });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('API reference', () => {
  it('lists every operation of the document, each with its method, path, scope and summary', async () => {
    const api = serveDocument();
    renderApp('/reference');
    const index = await screen.findByRole('navigation', { name: 'Operations' });
    expect(operations.length).toBeGreaterThanOrEqual(6);
    for (const { method, path, operation } of operations) {
      expect(within(index).getByRole('link', { name: `${method} ${path}` }).getAttribute('href')).toBe(`/reference#${operation.operationId}`);
      const shown = section(`${method} ${path}`);
      expect(shown.id).toBe(operation.operationId);
      const scope = operation.security?.[0]?.apiKey?.[0];
      expect(scope).toBeDefined();
      expect(shown.textContent).toContain(`Scope: ${scope}`);
      expect(shown.textContent).toContain(operation.summary);
    }
    // The document is public: fetched as any tool would, without the session.
    expect(api.requests.find((request) => request.url.pathname === '/v1/openapi.json')?.credentials).toBe('omit');
  });

  it('shows what an operation takes and answers: parameters, the body’s fields with their rules, every response', async () => {
    serveDocument();
    renderApp('/reference');
    await screen.findByRole('navigation', { name: 'Operations' });
    const pay = section('POST /v1/rewards');
    const header = within(within(pay).getByRole('table', { name: 'Parameters of createReward' })).getByRole('row', { name: /idempotency-key/ });
    expect(header.textContent).toContain('header');
    expect(header.textContent).toContain('Yes');
    const body = within(pay).getByRole('table', { name: 'Request body of createReward' });
    expect(within(body).getByRole('row', { name: /^uid/ }).textContent).toContain('1–200 characters');
    expect(within(body).getByRole('row', { name: /^amount/ }).textContent).toContain('e.g. "1.25"');
    expect(within(body).getByRole('row', { name: /^metadata/ }).textContent).toContain('No');
    for (const status of Object.keys(document.paths?.['/v1/rewards']?.post?.responses ?? {})) expect(pay.textContent).toContain(status);
    // A 2xx answer's fields are listed, nested fields by their dotted names.
    const answer = within(pay).getByRole('table', { name: 'Fields of the 201 answer of createReward' });
    expect(within(answer).getByRole('row', { name: /^reward\.state/ }).textContent).toContain('one of: awaiting_approval');
    const list = within(section('GET /v1/payments')).getByRole('table', { name: 'Fields of the 200 answer of listPayments' });
    expect(within(list).getByRole('rowheader', { name: 'payments[].status.cancelled' })).toBeDefined();
  });

  it('opens a deep link at its operation, and moves there from the index by keyboard', async () => {
    serveDocument();
    const user = userEvent.setup();
    const { router } = renderApp('/reference#listPayments');
    await screen.findByRole('navigation', { name: 'Operations' });
    await expect.poll(() => window.document.activeElement?.id).toBe('listPayments');

    const link = screen.getByRole('link', { name: 'GET /v1/rewards/{id}' });
    link.focus();
    await user.keyboard('{Enter}');
    await expect.poll(() => window.document.activeElement?.id).toBe('getReward');
    expect(router.state.location.hash).toBe('#getReward');
    expect(link.getAttribute('aria-current')).toBe('location');
  });

  it('is in the main navigation of every role', async () => {
    serveDocument();
    const user = userEvent.setup();
    renderApp('/');
    await user.click(within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'API reference' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'API reference' })).toBeDefined();
  });
});
