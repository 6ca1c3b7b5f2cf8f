import { sha256Into, wipeSha256Scratch } from '../hash/sha256.js'
import { KomodoCcError } from '../errors.js'
import { assertBytes } from '../bytes/assert.js'
import { base58Decode, base58Encode } from './base58.js'

/**
 * Base58Check: payload followed by the first 4 bytes of its double SHA-256, in base58.
 * Our own encoder (measured ≥ 2× bs58check in bench/address.bench.ts); bs58check is the cross-check in tests.
 * @example base58checkEncode(new Uint8Array([60, ...hash160]))  // 'R…'
 */
export function base58checkEncode(payload: Uint8Array): string {
  assertBytes(payload, undefined, 'payload')
  const out = new Uint8Array(payload.length + 4)
  out.set(payload)
  checksumInto(payload, out, payload.length)
  return base58Encode(out)
}

/**
 * Decodes Base58Check and verifies the checksum; returns the payload (version bytes included).
 * @throws KomodoCcError ADDRESS_INVALID | ADDRESS_CHECKSUM
 * @example base58checkDecode('RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLh')[0] // 60
 */
export function base58checkDecode(s: string): Uint8Array {
  const raw = base58Decode(s, 128)
  if (raw.length < 4)
    throw new KomodoCcError('ADDRESS_INVALID', `base58check needs at least 4 bytes (the checksum), got ${raw.length}`, {
      length: raw.length,
    })
  const payload = raw.subarray(0, raw.length - 4)
  const sum = new Uint8Array(4) // the caller's own: a WIF's checksum is not kept in module scratch
  checksumInto(payload, sum, 0)
  for (let i = 0; i < 4; i++)
    if (sum[i] !== raw[raw.length - 4 + i])
      throw new KomodoCcError('ADDRESS_CHECKSUM', 'base58check checksum does not match')
  return payload.slice()
}

const SCRATCH = /* @__PURE__ */ new Uint8Array(32)

/** First 4 bytes of sha256d(payload) written at out[at..at+4). */
function checksumInto(payload: Uint8Array, out: Uint8Array, at: number): void {
  const h = sha256Into(sha256Into(payload, SCRATCH, 0), SCRATCH, 0)
  out[at] = h[0]!
  out[at + 1] = h[1]!
  out[at + 2] = h[2]!
  out[at + 3] = h[3]!
  // the payload may be a private key (WIF): neither its last block nor its digests stay in scratch
  SCRATCH.fill(0)
  wipeSha256Scratch()
}
