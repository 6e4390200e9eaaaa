/**
 * Parts of the client that load on first use: an API object whose methods import their module
 * when first called, so a page that never calls them never downloads them.
 */

/**
 * An object with `methods`, each loading the real API (once, shared by every method) and calling
 * its method of the same name. Every method of such an API returns a promise.
 */
export function lazyApi<T extends object>(load: () => Promise<T>, methods: readonly (keyof T & string)[]): T {
  let loaded: Promise<T> | undefined;
  const api: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of methods) {
    api[name] = async (...args: unknown[]) => {
      // A module that failed to load (the network dropped) is asked for again on the next call.
      loaded ??= load().catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
      const real = (await loaded) as Record<string, (...args: unknown[]) => Promise<unknown>>;
      return real[name]?.(...args);
    };
  }
  return api as T;
}
