/** Recursively turns "123n" strings into bigint (vector JSON → payload objects). */
export function revive<T = unknown>(v: unknown): T {
  if (typeof v === 'string' && /^-?\d+n$/.test(v)) return BigInt(v.slice(0, -1)) as T
  if (Array.isArray(v)) return v.map((x) => revive(x)) as T
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)])) as T
  return v as T
}
