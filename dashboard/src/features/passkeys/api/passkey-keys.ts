export const passkeyKeys = {
  all: ['passkeys'] as const,
  mine: () => [...passkeyKeys.all, 'mine'] as const,
};
