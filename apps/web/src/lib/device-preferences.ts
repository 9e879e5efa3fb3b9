/**
 * The part of `@capacitor/preferences` the app uses: string values under string keys. Code that
 * keeps something on the device takes this, so tests can hand it an in-memory fake.
 */
export interface DevicePreferences {
  get(options: { key: string }): Promise<{ value: string | null }>;
  set(options: { key: string; value: string }): Promise<void>;
  remove(options: { key: string }): Promise<void>;
}

/** Every key the app keeps on the device starts with this, to tell ours from a plugin's. */
export const PREFERENCES_PREFIX = 'vitrin.';

/**
 * Capacitor's Preferences, loaded on first use: the plugin is only fetched by the Android build,
 * which is the only build that reaches this.
 */
export function capacitorPreferences(): DevicePreferences {
  // The module, never the plugin itself, goes through a promise: a Capacitor plugin is a proxy
  // that answers every property, `then` included, so resolving a promise with it (or returning
  // it from an async function) calls a "Preferences.then()" that does not exist.
  let loading: Promise<typeof import('@capacitor/preferences')> | null = null;
  const load = () => {
    loading ??= import('@capacitor/preferences');
    return loading;
  };
  return {
    get: async (options) => (await load()).Preferences.get(options),
    set: async (options) => (await load()).Preferences.set(options),
    remove: async (options) => (await load()).Preferences.remove(options),
  };
}

/** An in-memory stand-in for tests: what a device would keep, as a map. */
export function memoryPreferences(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const preferences: DevicePreferences & { values: Map<string, string> } = {
    values,
    get: async ({ key }) => ({ value: values.get(key) ?? null }),
    set: async ({ key, value }) => {
      values.set(key, value);
    },
    remove: async ({ key }) => {
      values.delete(key);
    },
  };
  return preferences;
}
