import * as secp from '@noble/secp256k1'
import { assertBool, assertBytes } from '../bytes/assert.js'
import { equalBytes } from '../bytes/utils.js'
import { isSecpScalar } from '../bytes/scalar.js'
import { encodeCondition, oneOfOneParts } from '../cc/condition.js'
import {
  addSignature,
  decodeFulfillment,
  encodeFulfillment,
  fulfillmentTreeVerifies,
  writeFulfill1of1,
} from '../cc/fulfillment.js'
import type { CcCondition } from '../cc/types.js'
import { KomodoCcError } from '../errors.js'
import { hash160 } from '../hash/index.js'
import { hmacSha256, sha256Fast } from '../hash/sha256.js'
import { ccScriptParts, classifyScript } from '../script/classify.js'
import { ccScriptSig, MAX_CC_SCRIPTSIG_PUSH } from '../script/cc.js'
import { parseCcV2Script } from '../script/ccv2.js'
import { getOp, pushData } from '../script/script.js'
import { checkedDerSize, derInto, derToCompact, isLowS } from './der.js'
import { createOverwinterSighasher, createSighasher, SIGHASH_ALL } from './sighash.js'
import type { Blake2bMode } from '../hash/blake2b.js'
import type { Transaction } from './types.js'

/**
 * A secp256k1 implementation: RFC 6979 deterministic, low-S, over the 32-byte digest as is (no extra hashing).
 * The default is {@link nobleSecp256k1} (pure JS, browser-safe); {@link tinySecp256k1Backend} adapts the
 * WebAssembly libsecp256k1 of `tiny-secp256k1` when the caller installs it.
 */
export type Secp256k1Backend = {
  readonly name: string
  /** 64-byte compact r‖s, low-S. */
  sign(digest: Uint8Array, privateKey: Uint8Array): Uint8Array
  /** Checks a 64-byte compact signature (low-S required unless `allowHighS`). */
  verify(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array, allowHighS?: boolean): boolean
  /** Compressed (33-byte) public key of a private key. */
  getPublicKey(privateKey: Uint8Array): Uint8Array
}

// noble's `hashes` are its own configuration (STYLE: set inside this file); filled once if the application has not,
// read from noble itself each time (no flag of ours)
function nobleReady(): void {
  // our short-message SHA-256 and HMAC: RFC 6979 spends a third of a signature in HMAC-SHA256 otherwise
  if (secp.hashes.sha256 === undefined) secp.hashes.sha256 = (m) => sha256Fast(m) as Uint8Array<ArrayBuffer>
  if (secp.hashes.hmacSha256 === undefined)
    secp.hashes.hmacSha256 = (k, m) => hmacSha256(k, m) as Uint8Array<ArrayBuffer>
}

/**
 * The default backend: @noble/secp256k1 with `prehash: false`, `lowS: true`, RFC 6979 without extra entropy.
 * (For a digest ≥ n, noble reduces it mod n before deriving the nonce while libsecp256k1 does not, so the two
 * sign such a message differently; both signatures are valid. Probability ≈ 2⁻¹²⁸.)
 * @example nobleSecp256k1.sign(sighash32, privateKey).length // 64
 */
export const nobleSecp256k1: Secp256k1Backend = /* @__PURE__ */ Object.freeze({
  name: '@noble/secp256k1',
  sign(digest: Uint8Array, privateKey: Uint8Array): Uint8Array {
    nobleReady()
    return secp.sign(digest, privateKey, { prehash: false, lowS: true, format: 'compact' })
  },
  verify(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array, allowHighS = false): boolean {
    try {
      return secp.verify(signature, digest, publicKey, { prehash: false, lowS: !allowHighS, format: 'compact' })
    } catch {
      return false
    }
  },
  getPublicKey(privateKey: Uint8Array): Uint8Array {
    return secp.getPublicKey(privateKey, true)
  },
})

/** The parts of `tiny-secp256k1` (v2) the adapter uses; pass the module itself. */
export type TinySecp256k1Like = {
  /** Signs the 32-byte digest `h` with the private key `d`; returns a 64-byte compact r‖s. */
  sign(h: Uint8Array, d: Uint8Array): Uint8Array
  /**
   * Checks a 64-byte compact `signature` of `h` by public key `Q`; `strict` requires low S (the adapter passes
   * `!allowHighS`; a throw counts as invalid).
   */
  verify(h: Uint8Array, Q: Uint8Array, signature: Uint8Array, strict?: boolean): boolean
  /**
   * The public key of private key `d` (33 bytes when `compressed`); null is read as an invalid key (`PRIVKEY_INVALID`).
   */
  pointFromScalar(d: Uint8Array, compressed?: boolean): Uint8Array | null
}

/**
 * Adapts `tiny-secp256k1` (libsecp256k1 in WebAssembly, an optional faster backend) — komodo-cc never imports it.
 * @example signTransaction(tx, prevouts, [key], { backend: tinySecp256k1Backend(await import('tiny-secp256k1')) })
 */
export function tinySecp256k1Backend(ecc: TinySecp256k1Like): Secp256k1Backend {
  return Object.freeze({
    name: 'tiny-secp256k1',
    sign: (digest: Uint8Array, privateKey: Uint8Array) => ecc.sign(digest, privateKey),
    verify: (signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array, allowHighS = false) => {
      try {
        return ecc.verify(digest, publicKey, signature, !allowHighS)
      } catch {
        return false
      }
    },
    getPublicKey: (privateKey: Uint8Array) => {
      const p = ecc.pointFromScalar(privateKey, true)
      if (p === null) throw new KomodoCcError('PRIVKEY_INVALID', 'private key is not in 1..n-1')
      return p
    },
  })
}

/**
 * Signs 32-byte digests for one public key. The library never sees the private key of a hardware or remote
 * signer: it hands over the sighash and gets back a 64-byte compact r‖s (high-S is normalized).
 */
export type Signer = {
  readonly publicKey: Uint8Array
  /**
   * Signs the 32-byte sighash `digest`; returns a 64-byte compact r‖s (a high S is normalized to low S). Any other
   * result throws `SIGNER_FAILED`; so does a Promise (use `signTransactionAsync` for that).
   */
  sign(digest: Uint8Array): Uint8Array
}

/** A signer that may answer asynchronously (hardware wallet, remote service). */
export type AsyncSigner = {
  readonly publicKey: Uint8Array
  /**
   * Signs the 32-byte sighash `digest`, now or later; the 64-byte compact r‖s is checked as {@link Signer.sign}'s.
   * A rejection is rethrown as `SIGNER_FAILED` with the input index (the original as `cause`).
   */
  sign(digest: Uint8Array): Uint8Array | Promise<Uint8Array>
}

/**
 * A {@link Signer} over a private key held in memory: a copy of the key and its public key, derived here once. The
 * signer is an object the caller holds (and drops): pass it as a builder's `context.signer`, or in `signTransaction`'s
 * keys, to sign many transactions without deriving the public key each time; the library itself keeps nothing.
 * @throws KomodoCcError PRIVKEY_INVALID | BYTES_LENGTH
 * @example keySigner(privateKey).publicKey.length // 33
 */
export function keySigner(privateKey: Uint8Array, backend: Secp256k1Backend = nobleSecp256k1): Signer {
  assertBytes(privateKey, 32, 'privateKey')
  // checked here, not left to the backend: noble throws a plain error, tiny-secp256k1 its own
  if (!isSecpScalar(privateKey))
    throw new KomodoCcError('PRIVKEY_INVALID', 'private key is not a valid secp256k1 scalar (1..n-1)')
  const key = privateKey.slice()
  // derived on every call (an EC multiplication): nothing derived from a key is remembered by the library. A caller
  // that signs many transactions with one key keeps the signer this returns and passes it (context.signer).
  let publicKey: Uint8Array
  try {
    publicKey = backend.getPublicKey(key)
  } catch (e) {
    throw new KomodoCcError(
      'PRIVKEY_INVALID',
      'private key is not a valid secp256k1 scalar (1..n-1)',
      {},
      { cause: e instanceof KomodoCcError ? e.code : 'backend' },
    )
  }
  return Object.freeze({ publicKey, sign: (digest: Uint8Array) => backend.sign(digest, key) })
}

/** What the input spends: its value and scriptPubKey, and for a CC output the condition tree to fulfill. */
export type Prevout = {
  value: bigint
  script: Uint8Array
  /** CC inputs: the tree the output commits to (e.g. `cc1of1(0xe4, pk)`); its encoding must equal the script's. */
  condition?: CcCondition
}

/** Options of {@link signTransaction}. */
export type SignOptions = {
  /** Consensus branch id (default Sapling 0x76b809bb). */
  branchId?: number
  /** Hash type for every signature (default SIGHASH_ALL, what komodod uses everywhere). */
  hashType?: number
  /** Sign only these inputs (default: all). */
  inputs?: readonly number[]
  /** Leave inputs no signer can sign unsigned instead of throwing `SIGNER_FAILED`. */
  allowPartial?: boolean
  /** Backend for raw private keys given as `Uint8Array` (default {@link nobleSecp256k1}). */
  backend?: Secp256k1Backend
  /** Which BLAKE2b the signature hashes use (default `'auto'`: WebAssembly where available; `'js'`: pure JS). */
  blake2b?: Blake2bMode
}

type Kind = 'p2pk' | 'p2pkh' | 'cc'

/**
 * What a signing call knows how to spend beyond P2PK, P2PKH and CC v1: `v2` reads a CC v2 (Tokel mixed-mode) output
 * (`parseCcV2Script`), or null where none can occur; `sighasher` makes the signature hashes (`createSighasher`, or
 * `createOverwinterSighasher` for a transaction known to be v3/v4). `signTransaction` takes both in full; a module
 * builder passes what its own transactions need, so a v1 module's bundle holds neither the v2 decoder nor the
 * pre-Overwinter sighash (docs/perf.md, bundle sizes).
 * @internal
 */
export type SpendKinds = {
  v2: ((script: Uint8Array) => { condition: Uint8Array } | null) | null
  sighasher: typeof createSighasher
}
const ALL_KINDS: SpendKinds = /* @__PURE__ */ Object.freeze({ v2: parseCcV2Script, sighasher: createSighasher })
type Job = { index: number; kind: Kind; digest: Uint8Array; signers: AsyncSigner[]; condition?: CcCondition }

function secpKeys(c: CcCondition, out: Uint8Array[] = []): Uint8Array[] {
  if (c.type === 'secp256k1-sha-256') out.push(c.publicKey)
  else if (c.type === 'secp256k1hash-sha-256') out.push(c.keyId)
  else if (c.type === 'threshold-sha-256') for (const s of c.subconditions) secpKeys(s, out)
  else if (c.type === 'prefix-sha-256') secpKeys(c.subcondition, out)
  return out
}

/** A transaction object whose inputs can be read (the codec checks the rest when it serializes). */
function checkTxShape(tx: Transaction): void {
  if (typeof tx !== 'object' || tx === null || !Array.isArray(tx.vin) || !Array.isArray(tx.vout))
    throw new KomodoCcError('TX_INVALID', 'tx expected a Transaction object (with vin and vout arrays)')
}

function checkPrevouts(tx: Transaction, prevouts: readonly Prevout[]): void {
  checkTxShape(tx)
  if (!Array.isArray(prevouts) || prevouts.length !== tx.vin.length)
    throw new KomodoCcError(
      'BUILD_INPUTS',
      `prevouts expected one entry per input (${tx.vin.length}), got ${Array.isArray(prevouts) ? prevouts.length : typeof prevouts}`,
    )
  prevouts.forEach((p, i) => {
    if (typeof p !== 'object' || p === null)
      throw new KomodoCcError('BUILD_INPUTS', `prevouts[${i}] expected { value, script }`, { path: `prevouts[${i}]` })
    if (typeof p.value !== 'bigint' || p.value < 0n || p.value > 0x7fffffffffffffffn)
      throw new KomodoCcError('AMOUNT_INVALID', `prevouts[${i}].value expected a non-negative bigint (satoshis)`, {
        path: `prevouts[${i}].value`,
      })
    assertBytes(p.script, undefined, `prevouts[${i}].script`)
  })
}

function toSigners(keys: readonly (Uint8Array | AsyncSigner)[], backend: Secp256k1Backend): AsyncSigner[] {
  if (!Array.isArray(keys)) throw new KomodoCcError('ARG_INVALID', 'keys expected an array of private keys or signers')
  return keys.map((k, i) => {
    if (k instanceof Uint8Array) return keySigner(k, backend)
    if (typeof k !== 'object' || k === null || !(k.publicKey instanceof Uint8Array) || typeof k.sign !== 'function')
      throw new KomodoCcError('ARG_INVALID', `keys[${i}] expected a 32-byte private key or { publicKey, sign(digest) }`)
    return k
  })
}

function plan(
  tx: Transaction,
  prevouts: readonly Prevout[],
  keys: readonly (Uint8Array | AsyncSigner)[],
  options: SignOptions,
  kinds: SpendKinds,
): { jobs: Job[]; hashType: number } {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'options expected an object')
  checkPrevouts(tx, prevouts)
  const allowPartial = options.allowPartial === undefined ? false : assertBool(options.allowPartial, 'allowPartial')
  const signers = toSigners(keys, options.backend ?? nobleSecp256k1)
  const hashType = options.hashType ?? SIGHASH_ALL
  const hasher = kinds.sighasher(tx, { blake2b: options.blake2b })
  const indexes = options.inputs ?? tx.vin.map((_, i) => i)
  const jobs: Job[] = []
  // hash160 of each signer's public key, computed when a P2PKH input first needs it (for this call only)
  const hashes: (Uint8Array | undefined)[] = []
  for (const i of indexes) {
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= tx.vin.length)
      throw new KomodoCcError('ARG_INVALID', `inputs: ${String(i)} is not an input index of this transaction`)
    const p = prevouts[i]!
    // a CC v2 (mixed-mode, Tokel) output: its condition is the decoded tree's, and the sighash scriptCode is the v1
    // condition script `push(condition) cc` (tokel src/cc/CCtx.cpp FinalizeCCV2Tx, spec tokel-v2 §3.1)
    const v2 = kinds.v2 === null ? null : kinds.v2(p.script)
    const cc =
      v2 !== null
        ? { condition: v2.condition, ccSubScriptEnd: -1, scriptCode: v1ConditionScript(v2.condition) }
        : ccScriptParts(p.script)
    let job: Job | null = null
    if (cc !== null) {
      if (p.condition === undefined) {
        if (allowPartial) continue
        throw new KomodoCcError(
          'BUILD_INPUTS',
          `prevouts[${i}] spends a CC output: give its condition tree (e.g. cc1of1(evalCode, pubkey))`,
          { inputIndex: i },
        )
      }
      // encoded afresh each time (the module 1-of-1 shape is remembered by content in encodeCondition), so a
      // condition object changed in place is never matched against its old encoding
      if (!equalBytes(encodeCondition(p.condition), cc.condition))
        throw new KomodoCcError(
          'BUILD_INPUTS',
          `prevouts[${i}].condition does not encode to the condition in the spent script`,
          { inputIndex: i },
        )
      const keysInTree = secpKeys(p.condition)
      // a key signs a secp256k1 node of its own, or a type-6 node of its keyID
      const mine = signers.filter((s, k) =>
        keysInTree.some((x) =>
          x.length === 20 ? equalBytes(x, (hashes[k] ??= hash160(s.publicKey))) : equalBytes(x, s.publicKey),
        ),
      )
      if (mine.length > 0) {
        const digest = hasher(i, {
          scriptCode: 'scriptCode' in cc ? cc.scriptCode : p.script.subarray(0, cc.ccSubScriptEnd),
          value: p.value,
          hashType,
          branchId: options.branchId,
        })
        job = { index: i, kind: 'cc', digest, signers: mine, condition: p.condition }
      }
    } else {
      const std = standardSpend(p.script)
      let mine: AsyncSigner[] = []
      if (std?.kind === 'p2pk') mine = signers.filter((s) => equalBytes(s.publicKey, std.bytes))
      else if (std?.kind === 'p2pkh')
        mine = signers.filter((s, k) => equalBytes((hashes[k] ??= hash160(s.publicKey)), std.bytes))
      if (std !== null && mine.length > 0) {
        const digest = hasher(i, { scriptCode: p.script, value: p.value, hashType, branchId: options.branchId })
        job = { index: i, kind: std.kind, digest, signers: mine.slice(0, 1) }
      }
    }
    if (job === null) {
      if (allowPartial) continue
      throw new KomodoCcError(
        'SIGNER_FAILED',
        `no key given can sign input ${i} (${cc !== null ? 'CC' : classifyScript(p.script).type} output)`,
        { inputIndex: i },
      )
    }
    jobs.push(job)
  }
  return { jobs, hashType }
}

/** `push(condition) cc`: the scriptCode a CC spend signs. */
function v1ConditionScript(condition: Uint8Array): Uint8Array {
  const push = pushData(condition)
  const out = new Uint8Array(push.length + 1)
  out.set(push)
  out[push.length] = 0xcc
  return out
}

/**
 * The spend forms signed with ECDSA: `<key> OP_CHECKSIG` (the key's bytes) and
 * `OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG` (the hash). The canonical encodings are matched on their
 * bytes (no hashing of the key, as `classifyScript` does to give an address); other push forms go through
 * `classifyScript`. Null for anything else.
 */
function standardSpend(script: Uint8Array): { kind: 'p2pk' | 'p2pkh'; bytes: Uint8Array } | null {
  const n = script.length
  if (
    n === 25 &&
    script[0] === 0x76 &&
    script[1] === 0xa9 &&
    script[2] === 0x14 &&
    script[23] === 0x88 &&
    script[24] === 0xac
  )
    return { kind: 'p2pkh', bytes: script.subarray(3, 23) }
  if (n === 35 && script[0] === 33 && script[34] === 0xac) return { kind: 'p2pk', bytes: script.subarray(1, 34) }
  const c = classifyScript(script)
  if (c.type === 'pubkey' && c.pubkeys) return { kind: 'p2pk', bytes: c.pubkeys[0]! }
  if (c.type === 'pubkeyhash') return { kind: 'p2pkh', bytes: c.hashes[0]!.hash }
  return null
}

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
function lowS(sig: unknown, index: number): Uint8Array {
  if (!(sig instanceof Uint8Array) || sig.length !== 64)
    throw new KomodoCcError(
      'SIGNER_FAILED',
      `signer returned ${sig instanceof Uint8Array ? `${sig.length} bytes` : typeof sig} for input ${index}, expected a 64-byte compact signature`,
      { inputIndex: index },
    )
  if (isLowS(sig)) return sig
  let s = 0n
  for (let i = 32; i < 64; i++) s = (s << 8n) | BigInt(sig[i]!)
  let t = N - s
  const out = sig.slice()
  for (let i = 63; i >= 32; i--) {
    out[i] = Number(t & 0xffn)
    t >>= 8n
  }
  return out
}

function finish(tx: Transaction, jobs: Job[], sigs: Uint8Array[][], hashType: number): Transaction {
  const vin = tx.vin.map((i) => ({ ...i }))
  jobs.forEach((job, j) => {
    const s = sigs[j]!
    let scriptSig: Uint8Array
    if (job.kind === 'cc') {
      // the module 1-of-1 shape signed by its one key: `4c len fulfillment hashType` written in one array (the
      // same bytes as the general encoder, see writeFulfill1of1)
      const one = job.signers.length === 1 ? oneOfOneParts(job.condition!) : null
      if (one !== null && equalBytes(one.pk, job.signers[0]!.publicKey)) {
        const n = 120 + one.code.length // fulfillment and hash type: 121..128 bytes, an OP_PUSHDATA1 push
        scriptSig = new Uint8Array(2 + n)
        scriptSig[0] = 0x4c
        scriptSig[1] = n
        writeFulfill1of1(scriptSig, 2, one.code, one.pk, s[0]!)
        scriptSig[1 + n] = hashType
      } else {
        let cond = job.condition!
        job.signers.forEach((signer, k) => {
          cond = addSignature(cond, signer.publicKey, s[k]!)
        })
        scriptSig = ccScriptSig(encodeFulfillment(cond), hashType)
      }
    } else scriptSig = ecdsaScriptSig(s[0]!, hashType, job.kind === 'p2pkh' ? job.signers[0]!.publicKey : null)
    vin[job.index]!.scriptSig = scriptSig
  })
  return { ...tx, vin }
}

/**
 * `push(DER ‖ hashType)` for P2PK, followed by `push(pubkey)` for P2PKH, written in one array (a DER signature and
 * its hash type are at most 73 bytes: a one-byte push).
 */
function ecdsaScriptSig(compact: Uint8Array, hashType: number, pubkey: Uint8Array | null): Uint8Array {
  const d = checkedDerSize(compact)
  const keyPush = pubkey === null ? null : pushData(pubkey)
  const out = new Uint8Array(2 + d + (keyPush === null ? 0 : keyPush.length))
  out[0] = d + 1
  derInto(compact, out, 1)
  out[1 + d] = hashType
  if (keyPush !== null) out.set(keyPush, 2 + d)
  return out
}

/**
 * Signs the inputs of `tx` that the given keys can sign and returns a new transaction (the input is not
 * modified). P2PK: `push(DER ‖ hashType)`; P2PKH: `push(sig) push(pubkey)`; CC: one push of
 * `fulfillment ‖ hashType` with every secp256k1 node of the prevout's condition whose key is given signed
 * (64-byte compact, low-S), the sighash taken over `<push cond> cc` only. Keys are 32-byte private keys or
 * {@link Signer}s (hardware/remote). Signatures are deterministic (RFC 6979).
 * @throws KomodoCcError TX_INVALID | SIGNER_FAILED | BUILD_INPUTS | AMOUNT_INVALID | SIGHASH_INVALID | PRIVKEY_INVALID | …
 * @example bytesToHex(serializeTransaction(signTransaction(tx, [{ value, script, condition: cc1of1(0xe4, pk) }], [privateKey])))
 */
export function signTransaction(
  tx: Transaction,
  prevouts: readonly Prevout[],
  keys: readonly (Uint8Array | Signer)[],
  options: SignOptions = {},
): Transaction {
  return signSpending(tx, prevouts, keys, options, ALL_KINDS)
}

/**
 * {@link signTransaction} over the spend kinds given (a module builder's: see {@link SpendKinds}).
 * @internal used by cctx/complete.ts
 * @example signSpending(tx, prevouts, [key], {}, { v2: null, sighasher: createOverwinterSighasher })
 */
export function signSpending(
  tx: Transaction,
  prevouts: readonly Prevout[],
  keys: readonly (Uint8Array | Signer)[],
  options: SignOptions,
  kinds: SpendKinds,
): Transaction {
  const { jobs, hashType } = plan(tx, prevouts, keys, options, kinds)
  const sigs = jobs.map((job) =>
    job.signers.map((s) => {
      const out = s.sign(job.digest)
      if (out instanceof Promise)
        throw new KomodoCcError(
          'SIGNER_FAILED',
          'an asynchronous signer was given to signTransaction: use signTransactionAsync',
        )
      return lowS(out, job.index)
    }),
  )
  return finish(tx, jobs, sigs, hashType)
}

/**
 * {@link signTransaction} for signers that answer asynchronously (hardware wallets, remote services).
 * @example await signTransactionAsync(tx, prevouts, [ledgerSigner])
 */
export async function signTransactionAsync(
  tx: Transaction,
  prevouts: readonly Prevout[],
  keys: readonly (Uint8Array | AsyncSigner)[],
  options: SignOptions = {},
): Promise<Transaction> {
  const { jobs, hashType } = plan(tx, prevouts, keys, options, ALL_KINDS)
  const sigs: Uint8Array[][] = []
  for (const job of jobs) {
    const row: Uint8Array[] = []
    for (const s of job.signers) {
      let out: Uint8Array
      try {
        out = await s.sign(job.digest)
      } catch (e) {
        throw new KomodoCcError(
          'SIGNER_FAILED',
          `signer failed on input ${job.index}`,
          { inputIndex: job.index },
          { cause: e },
        )
      }
      row.push(lowS(out, job.index))
    }
    sigs.push(row)
  }
  return finish(tx, jobs, sigs, hashType)
}

/** Options of {@link verifyInput}. */
export type VerifyOptions = {
  branchId?: number
  /** Accept high-S ECDSA signatures on P2PK/P2PKH inputs (consensus does; relay policy does not). */
  allowHighS?: boolean
  /** Backend for the signature checks, P2PK/P2PKH and CC fulfillments' secp256k1 nodes (default {@link nobleSecp256k1}). */
  backend?: Secp256k1Backend
  /** Which BLAKE2b the signature hashes use (default `'auto'`). */
  blake2b?: Blake2bMode
}

/** What {@link verifyInput} found. */
export type VerifyResult = { valid: boolean; kind: 'p2pk' | 'p2pkh' | 'cc' | 'unsupported'; reason?: string }

/**
 * Checks the scriptSig of input `inputIndex` against the output it spends, as komodod would: P2PK and P2PKH
 * (strict DER, defined hash type, low-S unless allowed, ECDSA over the sighash) and CC inputs (one push ≤ 2048
 * bytes of `fulfillment ‖ hashType`, strict fulfillment DER, derived condition equal to the spent one, every
 * secp256k1 signature valid over the sighash with scriptCode `<push cond'> cc`). Module (eval) rules are not run.
 * @throws KomodoCcError TX_INVALID | BUILD_INPUTS | SIGHASH_INVALID (bad index) | BYTES_TYPE
 * @example verifyInput(tx, 0, { value: 100000000n, script }).valid // true
 */
export function verifyInput(
  tx: Transaction,
  inputIndex: number,
  prevout: Prevout,
  options: VerifyOptions = {},
): VerifyResult {
  checkTxShape(tx)
  if (typeof inputIndex !== 'number' || !Number.isInteger(inputIndex) || inputIndex < 0 || inputIndex >= tx.vin.length)
    throw new KomodoCcError('SIGHASH_INVALID', `inputIndex ${String(inputIndex)} is not an input of this transaction`)
  if (typeof prevout !== 'object' || prevout === null)
    throw new KomodoCcError('BUILD_INPUTS', 'prevout expected { value, script }')
  assertBytes(prevout.script, undefined, 'prevout.script')
  if (typeof prevout.value !== 'bigint') throw new KomodoCcError('AMOUNT_INVALID', 'prevout.value expected a bigint')
  const backend = options.backend ?? nobleSecp256k1
  const allowHighS = options.allowHighS ?? false
  const scriptSig = tx.vin[inputIndex]!.scriptSig
  const pushes: Uint8Array[] = []
  let pc = 0
  while (pc < scriptSig.length) {
    const op = getOp(scriptSig, pc)
    if (op === null || op.data === undefined)
      return { valid: false, kind: 'unsupported', reason: 'scriptSig is not push-only' }
    pushes.push(op.data)
    pc = op.end
  }
  const hasher = createSighasher(tx, { blake2b: options.blake2b })
  const fail = (kind: VerifyResult['kind'], reason: string): VerifyResult => ({ valid: false, kind, reason })
  // a CC v2 output (Tokel): the spent condition is its mixed-mode tree's; type 6 is allowed (tokel src/script/cc.cpp
  // cc_verifyMaybeMixed, interpreter.cpp CheckCryptoCondition)
  const v2 = parseCcV2Script(prevout.script)
  const cc = v2 !== null ? { condition: v2.condition } : ccScriptParts(prevout.script)
  const tokel = v2 !== null
  if (cc !== null) {
    if (pushes.length !== 1 || scriptSig[0]! > 0x4e) return fail('cc', 'a CC scriptSig must be exactly one push')
    const data = pushes[0]!
    if (data.length < 2 || data.length > MAX_CC_SCRIPTSIG_PUSH)
      return fail('cc', `CC scriptSig push of ${data.length} bytes (1..${MAX_CC_SCRIPTSIG_PUSH} + hash type)`)
    const hashType = data[data.length - 1]!
    const fulfillment = data.subarray(0, data.length - 1)
    let tree: CcCondition
    let derived: Uint8Array
    try {
      // decoded once: the condition it derives is compared here, its signatures checked below
      tree = decodeFulfillment(fulfillment, { allowSecp256k1Hash: tokel })
      derived = encodeCondition(tree)
    } catch (e) {
      return fail('cc', `fulfillment does not decode strictly (${e instanceof KomodoCcError ? e.code : 'error'})`)
    }
    if (!equalBytes(derived, cc.condition)) return fail('cc', 'the fulfillment is for another condition')
    let digest: Uint8Array
    try {
      const sub = new Uint8Array(derived.length + 2)
      sub[0] = derived.length
      sub.set(derived, 1)
      sub[derived.length + 1] = 0xcc
      digest = hasher(inputIndex, { scriptCode: sub, value: prevout.value, hashType, branchId: options.branchId })
    } catch (e) {
      return fail('cc', `hash type ${hashType} (${e instanceof KomodoCcError ? e.code : 'error'})`)
    }
    const given = options.backend
    const verify =
      given === undefined ? undefined : (sig: Uint8Array, msg: Uint8Array, pk: Uint8Array) => given.verify(sig, msg, pk)
    try {
      // verifyFulfillment's checks after the condition comparison (the same decoding: strict, Tokel's type 6 in Tokel)
      return fulfillmentTreeVerifies(tree, digest, tokel, verify)
        ? { valid: true, kind: 'cc' }
        : fail('cc', 'a signature does not verify')
    } catch (e) {
      return fail('cc', `fulfillment rejected (${e instanceof KomodoCcError ? e.code : 'error'})`)
    }
  }
  const c = classifyScript(prevout.script)
  if (c.type !== 'pubkey' && c.type !== 'pubkeyhash') return fail('unsupported', `cannot verify a ${c.type} output`)
  const kind = c.type === 'pubkey' ? 'p2pk' : 'p2pkh'
  if (pushes.length !== (kind === 'p2pk' ? 1 : 2))
    return fail(kind, `a ${kind} scriptSig has ${kind === 'p2pk' ? 1 : 2} push(es), got ${pushes.length}`)
  const sig = pushes[0]!
  const pubkey = kind === 'p2pk' ? c.pubkeys![0]! : pushes[1]!
  if (kind === 'p2pkh' && !equalBytes(hash160(pubkey), c.hashes[0]!.hash))
    return fail(kind, 'the public key does not hash to the spent address')
  if (sig.length < 2) return fail(kind, 'empty signature')
  const hashType = sig[sig.length - 1]!
  let compact: Uint8Array
  try {
    compact = derToCompact(sig.subarray(0, sig.length - 1), { allowHighS })
  } catch (e) {
    return fail(kind, `signature is not strict DER/low-S (${e instanceof KomodoCcError ? e.code : 'error'})`)
  }
  let digest: Uint8Array
  try {
    digest = hasher(inputIndex, {
      scriptCode: prevout.script,
      value: prevout.value,
      hashType,
      branchId: options.branchId,
    })
  } catch (e) {
    return fail(kind, `hash type ${hashType} is not defined`)
  }
  return backend.verify(compact, digest, pubkey, allowHighS)
    ? { valid: true, kind }
    : fail(kind, 'ECDSA signature does not verify')
}
