export const SERVER_NODE_FLAGS: string[];
export function buildServer(entry?: string, outfile?: string): Promise<string>;
