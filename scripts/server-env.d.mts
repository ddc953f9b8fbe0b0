/** Environment the server process is started with (scripts/server-env.mjs). */
export declare const SERVER_ENV: Record<string, string>;
/** Node's flags for the server process (scripts/server-env.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
