/**
 * A sentence about a payment or a reward, in parts: plain words, the user it is about (a link to
 * their page), and moments (shown in the reader's time zone or UTC, as set).
 */
export type StoryPart = string | { user: string } | { time: string };
