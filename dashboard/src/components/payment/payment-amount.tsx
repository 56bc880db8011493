/** An amount exactly as the server sent it (a decimal string, never a float), with the network it is on. */
export function PaymentAmount({ amount, network }: { amount: string; network: string }) {
  return (
    <span className="whitespace-nowrap">
      <span className="font-mono tabular-nums">{amount}</span> <span className="text-xs text-zinc-500 dark:text-zinc-400">{network}</span>
    </span>
  );
}
