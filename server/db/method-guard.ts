/**
 * `target` with every method's failure — a throw or a rejected Promise — passed through `fail`,
 * which turns a driver's error into a failure kind (and may note it). `before` runs ahead of each
 * call. The SQLite guard (lock contention) and the PostgreSQL store both use it, so no route ever
 * sees a raw driver error.
 */
export function guardMethods<T extends object>(target: T, fail: (error: unknown) => unknown, before?: () => void): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value: unknown = Reflect.get(obj, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        before?.();
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(obj, args);
        } catch (error) {
          throw fail(error);
        }
        if (result instanceof Promise) return result.catch((error: unknown) => Promise.reject(fail(error)));
        return result;
      };
    },
  });
}
