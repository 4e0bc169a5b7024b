/** A shallow copy of `value` without the properties `keys` (the other own enumerable ones, as a spread copies them). */
export function omit<T extends object, K extends keyof T & string>(value: T, ...keys: K[]): Omit<T, K> {
  const dropped = new Set<string>(keys);
  return Object.fromEntries(Object.entries(value).filter(([key]) => !dropped.has(key))) as Omit<T, K>;
}
