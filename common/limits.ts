/** A reward's limits, checked by the server and, in the same words, by the forms before they send. */
export const MAX_UID_LENGTH = 200;
export const MAX_MEMO_LENGTH = 500;
export const MAX_METADATA_BYTES = 4_096;

/** The metadata key the console sets to its own reward id, so a payment leads back to its reward; a request may not set it. */
export const REWARD_ID_METADATA_KEY = 'plat_console_reward_id';

/** The metadata key the console sets on a refund's payment to the payment it refunds; a request may not set it. */
export const REFUND_OF_METADATA_KEY = 'plat_console_refund_of';

/** How many payment ids one import may carry. */
export const MAX_IMPORT_IDS = 10_000;

/** How many ad ids one batch check may carry. */
export const MAX_BATCH_AD_IDS = 1_000;

/** The longest reason a reward or batch may be rejected with. */
export const MAX_REJECTION_REASON_LENGTH = 500;

/** How long a rejected request stays in its requester's list of requests, with the reason. */
export const REJECTED_SHOWN_FOR_DAYS = 7;

/** An API key's limits, checked by the server and by the key forms before they send. */
export const MAX_API_KEY_NAME_LENGTH = 100;
/** How many entries an API key's IP allow-list may hold. */
export const MAX_ALLOWED_IPS = 50;
/** How long a rolled key's old secret keeps working unless the admin says otherwise. */
export const DEFAULT_ROLL_OVERLAP_HOURS = 24;
export const MAX_ROLL_OVERLAP_HOURS = 24 * 30;
