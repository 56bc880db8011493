const LINKABLE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * The URL when it is absolute and http or https, otherwise null. Anything else (`javascript:`,
 * `data:`, a relative path, garbage) must never become a link, however it is spelled.
 */
export function httpUrlOrNull(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return LINKABLE_PROTOCOLS.has(url.protocol) ? url.href : null;
}
