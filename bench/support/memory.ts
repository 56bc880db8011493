export const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;
