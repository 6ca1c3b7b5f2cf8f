import { createHash, timingSafeEqual } from 'node:crypto'

/** Longest `Authorization` header value the devnet decodes; longer ones are refused like a wrong password. */
export const MAX_AUTH_HEADER_CHARS = 1024

const sha256 = (bytes: Uint8Array): Uint8Array => new Uint8Array(createHash('sha256').update(bytes).digest())

/**
 * A basic-auth check for `user:password` (komodod's `rpcuser`/`rpcpassword`). Every call costs the same secret-
 * dependent work whatever it is given: the credentials sent (or nothing, when the header is missing, not `Basic`,
 * or longer than {@link MAX_AUTH_HEADER_CHARS}) are hashed and the 32-byte digest is compared with the expected
 * one by `timingSafeEqual`, so neither the password's length nor a matching prefix shows in the answer's timing
 * (komodod's `TimingResistantEqual` has no length shortcut either).
 * @example const check = basicAuthChecker('u', 'p'); check(`Basic ${btoa('u:p')}`) // true
 */
export function basicAuthChecker(user: string, password: string): (header: string | undefined) => boolean {
  const want = sha256(new TextEncoder().encode(`${user}:${password}`))
  return (header) => {
    const usable = typeof header === 'string' && header.length <= MAX_AUTH_HEADER_CHARS && header.startsWith('Basic ')
    const given = usable ? new Uint8Array(Buffer.from(header.slice(6), 'base64')) : new Uint8Array(0)
    return timingSafeEqual(sha256(given), want) && usable
  }
}
