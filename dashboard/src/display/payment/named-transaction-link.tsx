import { ExternalLink } from '../../components/external-link.tsx';
import { httpUrlOrNull } from '../../lib/safe-url.ts';
import { shortenMiddle } from '../../lib/shorten-middle.ts';

const secondary = 'block font-mono text-xs break-all text-zinc-500 dark:text-zinc-400';

interface NamedTransactionLinkProps {
  txid: string;
  /** Where the platform (or the console) says the transaction can be read: a link only when http(s). */
  url: string;
  /** Also show the address itself, small, under the name (where support may need to quote it). */
  showUrl?: boolean;
}

/** A blockchain transaction by name, "Transaction 1b84c2d0…a95ea4 on the blockchain", linked to its record; the raw address on hover. */
export function NamedTransactionLink({ txid, url, showUrl = false }: NamedTransactionLinkProps) {
  const name = `Transaction ${shortenMiddle(txid)}`;
  const linkable = httpUrlOrNull(url) !== null;
  return (
    <span>
      {linkable ? (
        <ExternalLink url={url} title={url}>
          {`${name} on the blockchain`}
        </ExternalLink>
      ) : (
        <span>{url ? `${name} (its address is not an http or https link, so it cannot be opened)` : `${name} (no link to it is known)`}</span>
      )}
      {(showUrl || !linkable) && url && <span className={secondary}>{url}</span>}
    </span>
  );
}
