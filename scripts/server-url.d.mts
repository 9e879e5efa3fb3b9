// Types of server-url.mjs for its test (the script runs as plain Node).
export function localServerUrl(env: Record<string, string | undefined>): string;
