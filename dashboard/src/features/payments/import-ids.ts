/** The server's limit for one import. */
export const MAX_IMPORT_IDS = 10_000;
