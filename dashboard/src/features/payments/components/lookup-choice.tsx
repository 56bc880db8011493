import { Button } from '../../../components/button.tsx';

interface LookupChoiceProps {
  text: string;
  onPayment: () => void;
  onUid: () => void;
}

/** For a short look-up that could be either: open it as a payment id, or search the index for a user with this uid. */
export function LookupChoice({ text, onPayment, onUid }: LookupChoiceProps) {
  return (
    <div
      role="group"
      aria-label={`What is “${text}”?`}
      className="absolute top-full left-0 z-20 mt-1 w-full space-y-2 rounded-md border border-zinc-200 bg-white p-2 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{`“${text}” is not shaped like a payment id (28 letters and digits). Which is it?`}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onPayment}>Open as payment id</Button>
        <Button onClick={onUid}>Search as user uid</Button>
      </div>
    </div>
  );
}
