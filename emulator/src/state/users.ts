import { units } from '../amount.ts';
import { badRequest } from '../errors.ts';
import { newAccessToken, newUid, random } from '../ids.ts';
import { generateWallet } from '../wallet.ts';
import type { Ledger } from './ledger.ts';

export const SCOPES = ['username', 'payments', 'wallet_address'] as const;
export type Scope = (typeof SCOPES)[number];

const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const OPENING_BALANCE = units(100);

export interface User {
  readonly uid: string;
  readonly username: string;
  readonly accessToken: string;
  readonly walletAddress: string;
  /** The wallet's secret seed, so that a test can pay from it as the user's own client would. */
  readonly walletSeed: string;
  readonly scopes: readonly Scope[];
  readonly tokenValidUntil: number;
}

export interface NewUser {
  /** A fixed uid (the sandbox's demo users, so that docs can name them); else a new random one. */
  uid?: string | undefined;
  username?: string | undefined;
  scopes?: readonly Scope[] | undefined;
}

/** The app's users; each one's wallet is an account on the ledger. */
export class UserBook {
  private readonly byUid = new Map<string, User>();
  private readonly byToken = new Map<string, User>();
  private readonly usernames = new Set<string>();

  constructor(private readonly ledger: Ledger) {}

  /** A new user; `openWallet` opens the wallet's account (by default with no funding transaction, as the chain's first accounts are). */
  create(input: NewUser, now: number, openWallet: (address: string, balance: bigint) => void = (address, balance) => this.ledger.open(address, balance)): User {
    if (input.username !== undefined && this.usernames.has(input.username)) {
      throw badRequest('username_taken', `username ${input.username} is already taken`);
    }
    const wallet = generateWallet();
    const user: User = {
      uid: input.uid ?? newUid(),
      username: input.username ?? this.freeUsername(),
      accessToken: newAccessToken(),
      walletAddress: wallet.address,
      walletSeed: wallet.seed,
      scopes: [...new Set(input.scopes ?? SCOPES)],
      // Whole seconds, so valid_until's timestamp (seconds) and iso8601 name the same instant.
      tokenValidUntil: Math.floor((now + TOKEN_LIFETIME_MS) / 1000) * 1000,
    };
    openWallet(user.walletAddress, OPENING_BALANCE);
    this.byUid.set(user.uid, user);
    this.byToken.set(user.accessToken, user);
    this.usernames.add(user.username);
    return user;
  }

  get(uid: string): User | undefined {
    return this.byUid.get(uid);
  }

  withToken(token: string): User | undefined {
    return this.byToken.get(token);
  }

  private freeUsername(): string {
    for (;;) {
      const candidate = `user_${random.alnum(8).toLowerCase()}`;
      if (!this.usernames.has(candidate)) return candidate;
    }
  }
}

export const hasScope = (user: User, scope: Scope): boolean => user.scopes.includes(scope);
