export const notificationKeys = {
  all: ['notifications'] as const,
  latest: () => [...notificationKeys.all, 'latest'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};
