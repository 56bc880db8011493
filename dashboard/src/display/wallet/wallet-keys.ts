export const walletKeys = {
  all: ['wallet'] as const,
  view: () => [...walletKeys.all, 'view'] as const,
  settings: () => [...walletKeys.all, 'settings'] as const,
};
