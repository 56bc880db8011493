/**
 * An amount with the currency it is counted in, named as payments name it: their network
 * ("1.25 Plat Testnet"). The bare amount while the network is not known.
 */
export function amountWithCurrency(amount: string, network: string | null): string {
  return network ? `${amount} ${network}` : amount;
}
