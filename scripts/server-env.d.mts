/** Environment the server process is started with (scripts/server-env.mjs). */
export declare const SERVER_ENV: Record<string, string>;
