/**
 * Parts of the client that load on first use: an API object whose methods import their module
 * when first called, so a page that never calls them never downloads them.
 */

/**
 * A loader of a module that imports it once and shares the promise; a module that failed to load
 * (the network dropped) is asked for again on the next call.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

/**
 * An object with `methods` (their names separated by spaces), each loading the real API (once,
 * shared by every method) and calling its method of the same name. Every method of such an API
 * returns a promise.
 */
export function lazyApi<T extends object>(load: () => Promise<T>, methods: string): T {
  const loaded = once(load);
  const api: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of methods.split(' ')) {
    api[name] = async (...args: unknown[]) => {
      const real = (await loaded()) as Record<string, (...args: unknown[]) => Promise<unknown>>;
      return real[name]?.(...args);
    };
  }
  return api as T;
}
