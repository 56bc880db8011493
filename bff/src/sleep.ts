/** Waits `ms`; answers false, at once, when `until` is aborted first (or already was). */
export function sleep(ms: number, until?: AbortSignal): Promise<boolean> {
  if (until?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      until?.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    until?.addEventListener('abort', stop, { once: true });
  });
}
