/**
 * faucetget's proof of work at the speed of hashing (issue 22). Every input of a faucetget is signed with the faucet
 * module's global private key, which is public by design. ECDSA verification does not care how the nonce k was
 * chosen, so for this one key a single k serves every attempt: R = k·G and r are computed once, k⁻¹ and k⁻¹·r·d once,
 * and each attempt's signature is s = k⁻¹·z + k⁻¹·r·d (mod n, then low-S), a multiplication and an addition instead of
 * a scalar multiplication. Reusing k reveals the private key: harmless for a key that is already public, fatal for
 * any other, so {@link faucetFixedNonceSigner} refuses every key but the faucet's, and nothing outside this folder can
 * reach it (it is not exported from the module's index or the package).
 *
 * An attempt patches the nonce into the opret, hashes the outputs (ZIP-243 hashOutputs), each input's signature hash
 * from its fixed preimage, computes s, patches the signatures into the serialized transaction at fixed offsets and
 * double-SHA-256es it: no array is allocated per attempt (only the BigInt temporaries of s). k is derived from the unsigned transaction, so the same request
 * finds the same transaction.
 */
import { Point, etc } from '@noble/secp256k1'
import { KomodoCcError } from '../../errors.js'
import { ByteWriter } from '../../bytes/writer.js'
import { hexToBytes } from '../../bytes/hex.js'
import { ccModule } from '../../cc/eval.js'
import { sha256Into, sha256View } from '../../hash/sha256.js'
import { blake2b256PersonalInto, type Blake2bMode } from '../../hash/blake2b.js'
import { sighashParts, sighashPersonalization } from '../../tx/sighash.js'
import { serializeTransaction } from '../../tx/codec.js'
import { SAPLING_BRANCH_ID, type Transaction } from '../../tx/types.js'

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const HALF_N = N >> 1n
const FAUCET_PRIVKEY = /* @__PURE__ */ hexToBytes(ccModule('Faucet').privkey)
const P_OUTPUTS = /* @__PURE__ */ new TextEncoder().encode('ZcashOutputsHash')

/** Writes (r, s) of one digest: r once for all, s per call. */
export type FixedNonceSigner = {
  /** r, 32 bytes big-endian (the same for every signature). */
  readonly r: Uint8Array
  /** Writes the low-S s of the signature of `digest[dOff, dOff+32)` as 32 big-endian bytes into `out` at `outOff`. */
  sInto(digest: DataView, dOff: number, out: DataView, outOff: number): void
}

function bytesToBig(b: Uint8Array): bigint {
  const v = new DataView(b.buffer, b.byteOffset, 32)
  return (v.getBigUint64(0) << 192n) | (v.getBigUint64(8) << 128n) | (v.getBigUint64(16) << 64n) | v.getBigUint64(24)
}

function isFaucetKey(key: Uint8Array): boolean {
  if (!(key instanceof Uint8Array) || key.length !== 32) return false
  let diff = 0
  for (let i = 0; i < 32; i++) diff |= key[i]! ^ FAUCET_PRIVKEY[i]!
  return diff === 0
}

/**
 * @internal A signer with one nonce k for every signature, for the faucet's public global key only.
 * @param privateKey - must be the Faucet module's global private key
 * @param seed - 32 bytes from which k is derived (k = seed mod (n − 1) + 1)
 * @throws KomodoCcError PRIVKEY_INVALID for any other key
 * @example faucetFixedNonceSigner(faucetPrivkey, sha256(template)).r.length // 32
 */
export function faucetFixedNonceSigner(privateKey: Uint8Array, seed: Uint8Array): FixedNonceSigner {
  if (!isFaucetKey(privateKey))
    throw new KomodoCcError(
      'PRIVKEY_INVALID',
      "a fixed-nonce signer reveals its key: it is only for the Faucet module's public global key",
    )
  if (!(seed instanceof Uint8Array) || seed.length !== 32)
    throw new KomodoCcError('BYTES_LENGTH', 'seed expected 32 bytes')
  const d = bytesToBig(privateKey)
  const k = (bytesToBig(seed) % (N - 1n)) + 1n
  const r = Point.BASE.multiply(k).toAffine().x % N
  if (r === 0n) throw new KomodoCcError('SIGNER_FAILED', 'fixed nonce gives r = 0: derive another seed')
  const kinv = etc.invert(k, N)
  const krd = (((kinv * r) % N) * d) % N
  const rBytes = new Uint8Array(32)
  const rv = new DataView(rBytes.buffer)
  rv.setBigUint64(0, r >> 192n)
  rv.setBigUint64(8, r >> 128n)
  rv.setBigUint64(16, r >> 64n)
  rv.setBigUint64(24, r)
  return {
    r: rBytes,
    sInto(digest, dOff, out, outOff) {
      const z =
        (digest.getBigUint64(dOff) << 192n) |
        (digest.getBigUint64(dOff + 8) << 128n) |
        (digest.getBigUint64(dOff + 16) << 64n) |
        digest.getBigUint64(dOff + 24)
      let s = (kinv * z + krd) % N
      if (s === 0n) throw new KomodoCcError('SIGNER_FAILED', 'fixed-nonce signature with s = 0')
      if (s > HALF_N) s = N - s
      out.setBigUint64(outOff, s >> 192n)
      out.setBigUint64(outOff + 8, s >> 128n)
      out.setBigUint64(outOff + 16, s >> 64n)
      out.setBigUint64(outOff + 24, s)
    },
  }
}

/** Where the search patches: the opret nonce and each input's 64-byte compact signature in the serialized bytes. */
export type PowLayout = {
  /** The transaction as signed once (any valid signatures), nonce in its opret at `nonceAt`. */
  raw: Uint8Array
  nonceAt: number
  /** Offset of each input's 64-byte r‖s in `raw`. */
  sigAt: readonly number[]
  /** The unsigned transaction (its last output is the opret carrying the nonce). */
  tx: Transaction
  /** Each input's scriptCode and value, as signed. */
  spent: readonly { scriptCode: Uint8Array; value: bigint }[]
  branchId?: number
  /** Which BLAKE2b the attempts hash with (the build context's `blake2b`, default `'auto'`). */
  blake2b?: Blake2bMode
}

/**
 * @internal The fast attempt loop. `attempt(nonce)` patches everything for `nonce` into `raw` and tells whether its
 * txid starts and ends with a zero byte; `hashAt(nonce)` returns that double SHA-256 as a fresh array.
 */
export type FastPow = { attempt(nonce: number): boolean; hashAt(nonce: number): Uint8Array; raw: Uint8Array }

/**
 * @internal Prepares the allocation-free attempt loop over a signed layout. The first attempt is cross-checked by
 * the callers against the general sighash and signing code (tests do it nonce by nonce).
 * @example const pow = fastFaucetPow(layout); const h = pow.hashAt(7)
 */
export function fastFaucetPow(layout: PowLayout): FastPow {
  const { tx, spent } = layout
  const raw = layout.raw
  const rawView = new DataView(raw.buffer, raw.byteOffset, raw.length)
  // outputs as hashOutputs hashes them; the nonce is the opret script's last 4 bytes, i.e. the buffer's last 4
  const ow = new ByteWriter(256)
  for (const o of tx.vout) ow.i64le(o.value).varBytes(o.script)
  const outs = ow.finish()
  const outNonceAt = outs.length - 4
  // each input's ZIP-243 preimage (SIGHASH_ALL), hashOutputs at offset 72, patched per attempt
  const parts = sighashParts(tx)
  const person = sighashPersonalization(layout.branchId ?? SAPLING_BRANCH_ID)
  const pre = spent.map((sp, i) => {
    const w = new ByteWriter(256)
    w.u32le((0x80000000 + tx.version) >>> 0).u32le(tx.versionGroupId)
    w.bytes(parts.hashPrevouts).bytes(parts.hashSequence).bytes(parts.hashOutputs).bytes(parts.hashJoinSplits)
    w.bytes(parts.hashShieldedSpends).bytes(parts.hashShieldedOutputs)
    w.u32le(tx.lockTime).u32le(tx.expiryHeight).i64le(tx.valueBalance).u32le(1)
    const input = tx.vin[i]!
    w.bytes(hexToBytes(input.txid).reverse())
      .u32le(input.vout)
      .varBytes(sp.scriptCode)
      .i64le(sp.value)
      .u32le(input.sequence)
    return w.finish()
  })
  // k from the unsigned transaction: the same request finds the same transaction
  const seed = sha256Into(serializeTransaction(tx), new Uint8Array(32), 0)
  const signer = faucetFixedNonceSigner(FAUCET_PRIVKEY, seed)
  for (const at of layout.sigAt) raw.set(signer.r, at)
  const z = new Uint8Array(32)
  const zView = new DataView(z.buffer)
  const digest = new Uint8Array(32)
  const first = pre[0]!
  const attempt = (nonce: number): boolean => {
    outs[outNonceAt] = nonce & 0xff
    outs[outNonceAt + 1] = (nonce >>> 8) & 0xff
    outs[outNonceAt + 2] = (nonce >>> 16) & 0xff
    outs[outNonceAt + 3] = nonce >>> 24
    raw[layout.nonceAt] = nonce & 0xff
    raw[layout.nonceAt + 1] = (nonce >>> 8) & 0xff
    raw[layout.nonceAt + 2] = (nonce >>> 16) & 0xff
    raw[layout.nonceAt + 3] = nonce >>> 24
    blake2b256PersonalInto(outs, P_OUTPUTS, first, 72, layout.blake2b)
    for (let i = 0; i < pre.length; i++) {
      const p = pre[i]!
      if (i > 0) p.set(first.subarray(72, 104), 72)
      blake2b256PersonalInto(p, person, z, 0, layout.blake2b)
      signer.sInto(zView, 0, rawView, layout.sigAt[i]! + 32)
    }
    sha256View(rawView, raw, raw.length, digest, 0)
    sha256Into(digest, digest, 0)
    return digest[0] === 0 && digest[31] === 0
  }
  return {
    raw,
    attempt,
    hashAt(nonce) {
      attempt(nonce)
      return digest.slice()
    },
  }
}
