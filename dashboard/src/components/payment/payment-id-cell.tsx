import { Link } from 'react-router-dom';
import { CopyButton } from '../copy-button.tsx';
import { paymentPath } from './payment-path.ts';

/** A payment id that opens the payment, with a copy button. */
export function PaymentIdCell({ id }: { id: string }) {
  return (
    <span className="flex items-center gap-2 whitespace-nowrap">
      <Link to={paymentPath(id)} title={id} className="block max-w-36 truncate font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300">
        {id}
      </Link>
      <CopyButton text={id} label={`Copy payment id ${id}`} />
    </span>
  );
}
