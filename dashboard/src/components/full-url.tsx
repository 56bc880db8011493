import { httpUrlOrNull } from '../lib/safe-url.ts';
import { ExternalLink } from './external-link.tsx';

/** A URL from elsewhere, in full: a link when it is http or https, otherwise text that says why it is not one. */
export function FullUrl({ url }: { url: string }) {
  if (httpUrlOrNull(url)) {
    return (
      <ExternalLink url={url}>
        <span className="font-mono text-xs break-all">{url}</span>
      </ExternalLink>
    );
  }
  return (
    <span>
      <span className="font-mono text-xs break-all">{url || 'none'}</span>
      {url && <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">(not an http or https address, so not a link)</span>}
    </span>
  );
}
