export declare const CONSOLE_NODE_ARGS: readonly string[];
export declare function consoleEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
