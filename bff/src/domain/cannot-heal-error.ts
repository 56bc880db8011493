/**
 * A value that no wait will mend: an amount the chain cannot hold or the platform cannot receive
 * exactly, a value a transaction cannot be built from. The work that meets it ends now, with this
 * reason, instead of being tried again.
 */
export class CannotHealError extends Error {
  override readonly name = 'CannotHealError';

  /** `code`: stable, snake_case; `message`: the reason in plain words, safe to show to staff. */
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
