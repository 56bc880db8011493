import type { Page, Request } from 'playwright-core';

const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests in flight from now on (openPage does this for every page it opens). */
export function trackRequests(page: Page): void {
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  inFlight.set(page, pending);
}

/**
 * Whether the page shows no loading state now: no spinner (every one the SPA draws spins), nothing
 * marked aria-busy, its fonts loaded, and no finite CSS animation or transition still running.
 */
function idleInPage(): boolean {
  if (document.fonts.status !== 'loaded') return false;
  if (document.querySelector('.animate-spin, [aria-busy="true"]')) return false;
  return document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);
}

/** Two animation frames: React commits what the last answer changed and its effects start the next requests. */
function twoFrames(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/**
 * Waits until the page has finished loading what it shows: no request of the page in flight and no
 * loading state on screen, twice in a row across two animation frames (an answer that renders may start
 * another request). Replaces fixed sleeps before checks of the whole page (axe, layout widths).
 */
export async function waitUntilSettled(page: Page, timeoutMs = 15_000): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('waitUntilSettled needs a page opened with openPage (its requests are tracked from the start)');
  const deadline = Date.now() + timeoutMs;
  let quietChecks = 0;
  while (quietChecks < 2) {
    const quiet = pending.size === 0 && (await page.evaluate(idleInPage)) && pending.size === 0;
    quietChecks = quiet ? quietChecks + 1 : 0;
    if (Date.now() > deadline) {
      throw new Error(`page not settled within ${timeoutMs} ms; requests in flight: ${[...pending].map((request) => request.url()).join(', ') || 'none'}`);
    }
    if (quiet) await page.evaluate(twoFrames);
    else await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
