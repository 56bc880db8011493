/** How many payment ids one import may carry. */
export const MAX_IMPORT_IDS = 10_000;

/** How many ad ids one batch check may carry. */
export const MAX_BATCH_AD_IDS = 1_000;
