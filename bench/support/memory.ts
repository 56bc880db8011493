export const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
