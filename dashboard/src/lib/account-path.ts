/** The signed-in member's own page: their password, second factors and sessions. */
export const ACCOUNT_PATH = '/account';
