/** `fn()` as a Promise: its value resolved, its throw a rejection, as a driver's answer or failure would be. */
export function promised<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
