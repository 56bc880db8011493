import type { UserNames } from '../../components/user/user-names.ts';

/**
 * A sentence about a payment or a reward, in parts: plain words, the user it is about (a link to
 * their page, by the app's name of them when it has one), and moments (shown in the reader's time
 * zone or UTC, as set).
 */
export type StoryPart = string | { user: string; names?: UserNames | null } | { time: string };
