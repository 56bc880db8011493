/** What the reward pipeline asks of the wallet before a reward goes upstream; `wallet/` answers it (see services.ts). */
export interface RewardFunds {
  /**
   * Runs `work` (a funds check and, when it lets the reward through, the record that the reward has
   * now asked the platform) in turn with the others of every instance on the store: two rewards never
   * count on the same money.
   */
  inTurn<T>(work: () => Promise<T>): Promise<T>;
  /**
   * How many stroops the wallet lacks to pay this reward and its fee beside what other rewards have
   * already asked for, above the network's minimum balance; 0n when it can pay.
   */
  shortfallFor(reward: { id: string; amount: string }): Promise<bigint>;
  /** The same for a batch's rows (`amount` in all, one fee each), beside all work already accepted. */
  shortfallOf(batch: { amount: string; rewards: number }): Promise<bigint>;
  /** The network's fee for one reward, in stroops, at the latest ledger: what each row of a batch costs on top of its amount. */
  baseFee(): Promise<bigint>;
  /** How long a reward or batch waiting for funds waits before asking again: funds paid in land with a ledger. */
  recheckMs(): Promise<number>;
}
