export function buildServer(entry?: string, outfile?: string): Promise<string>;
