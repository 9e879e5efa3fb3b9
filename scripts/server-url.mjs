// Where `npm start` serves, from the settings the server reads (apps/server/src/config.ts):
// PUBLIC_URL when set, else the HOST and PORT it listens on (3000; every address when HOST is a
// wildcard, which this machine reaches at 127.0.0.1). For the scripts that talk to it.

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** @param {Record<string, string | undefined>} env */
export function localServerUrl(env) {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const port = env.PORT || '3000';
  const host = !env.HOST || WILDCARD_HOSTS.has(env.HOST) ? '127.0.0.1' : env.HOST;
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${bracketed}:${port}`;
}
