/** What the platform has shown of the app: the network and the app wallet of its payments. */
export interface AppFacts {
  network: string;
  walletAddress: string;
  /** Where the facts come from, for the words: "a payment the platform lists", "the store's latest reward". */
  source: string;
}
