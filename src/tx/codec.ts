import { ByteReader } from '../bytes/reader.js'
import { ByteWriter, compactSizeLength } from '../bytes/writer.js'
import { hexToBytes, reversedHex32 } from '../bytes/hex.js'
import { KomodoCcError, withPath } from '../errors.js'
import { sha256d } from '../hash/index.js'
import { sha256View } from '../hash/sha256.js'
import { reversedHex, reversedHexToBytes } from './hex.js'
import {
  GROTH_PROOF_SIZE,
  JOINSPLIT_CIPHERTEXT_SIZE,
  OVERWINTER_VERSION_GROUP_ID,
  PHGR_PROOF_SIZE,
  SAPLING_VERSION_GROUP_ID,
  SHIELDED_OUTPUT_SIZE,
  SHIELDED_SPEND_SIZE,
  type JoinSplit,
  type ShieldedOutput,
  type ShieldedSpend,
  type Transaction,
  type TxInput,
  type TxOutput,
} from './types.js'

// smallest wire size of one element, to refuse absurd counts before looping
const MIN_INPUT = 41
const MIN_OUTPUT = 9

/**
 * Parses a serialized transaction (hex or bytes) strictly: every field is length-checked, CompactSizes must be
 * minimal, an overwintered header needs a known (version, group id) pair, and nothing may follow the last field.
 * Byte fields of the result are views into `hexOrBytes` when bytes are given (no copy, like Buffer slices in
 * bitcoinjs): copy the input first if you will modify it afterwards.
 * @throws KomodoCcError HEX_INVALID | BYTES_TYPE | READ_PAST_END | TRAILING_BYTES | COMPACTSIZE_NON_MINIMAL | COMPACTSIZE_RANGE | TX_VERSION | TX_INVALID
 * @example parseTransaction('0400008085202f89…').version // 4
 */
export function parseTransaction(hexOrBytes: string | Uint8Array): Transaction {
  let data: Uint8Array
  if (typeof hexOrBytes === 'string') data = hexToBytes(hexOrBytes, 'tx')
  else if (hexOrBytes instanceof Uint8Array) data = hexOrBytes
  else
    throw new KomodoCcError(
      'BYTES_TYPE',
      `tx expected a hex string or a Uint8Array, got ${hexOrBytes === null ? 'null' : typeof hexOrBytes}`,
    )
  const r = new ByteReader(data)
  const tx = readTransaction(r)
  r.end()
  return tx
}

// Where the reader is, for error paths (kept as cheap numbers/constants; the path string is built only on error).
const At = { header: 0, vin: 1, vout: 2, tail: 3, shielded: 4, joinsplit: 5 } as const

function readTransaction(r: ByteReader): Transaction {
  let at: number = At.header,
    index = 0,
    field = ''
  try {
    const header = r.u32le()
    const overwintered = header >>> 31 === 1
    const version = header & 0x7fffffff
    let versionGroupId = 0
    if (overwintered) versionGroupId = r.u32le()
    const v3 = overwintered && version === 3 && versionGroupId === OVERWINTER_VERSION_GROUP_ID
    const v4 = overwintered && version === 4 && versionGroupId === SAPLING_VERSION_GROUP_ID
    if (overwintered && !v3 && !v4)
      throw new KomodoCcError(
        'TX_VERSION',
        `unknown transaction format: overwintered version ${version} with version group id 0x${versionGroupId.toString(16).padStart(8, '0')}`,
        { version, versionGroupId, offset: 0 },
      )

    at = At.vin
    const nIn = r.compactSize()
    if (nIn * MIN_INPUT > r.remaining) throw tooMany('vin', nIn, r)
    // The transparent part is read inline (local offset, views made from the buffer directly); whenever a field
    // does not fit or a CompactSize is not a single byte, the ByteReader reads it instead and throws or validates.
    const data = r.data,
      buf = data.buffer,
      base = data.byteOffset,
      end = r.limit
    let p = r.pos
    const vin: TxInput[] = new Array(nIn)
    for (index = 0; index < nIn; index++) {
      field = 'prevout'
      if (end - p < 36) {
        r.pos = p
        r.bytes(36)
      }
      const txid = reversedHex32(data, p)
      const vout = (data[p + 32]! | (data[p + 33]! << 8) | (data[p + 34]! << 16) | (data[p + 35]! << 24)) >>> 0
      p += 36
      field = 'scriptSig'
      const scriptSig = varBytesView(r, buf, base, end, p)
      p = r.pos
      field = 'sequence'
      if (end - p < 4) {
        r.pos = p
        r.u32le()
      }
      const sequence = (data[p]! | (data[p + 1]! << 8) | (data[p + 2]! << 16) | (data[p + 3]! << 24)) >>> 0
      p += 4
      vin[index] = { txid, vout, scriptSig, sequence }
    }
    at = At.vout
    r.pos = p
    const nOut = r.compactSize()
    if (nOut * MIN_OUTPUT > r.remaining) throw tooMany('vout', nOut, r)
    p = r.pos
    const vout: TxOutput[] = new Array(nOut)
    for (index = 0; index < nOut; index++) {
      field = 'value'
      if (end - p < 8) {
        r.pos = p
        r.i64le()
      }
      const lo = (data[p]! | (data[p + 1]! << 8) | (data[p + 2]! << 16) | (data[p + 3]! << 24)) >>> 0
      const hi = data[p + 4]! | (data[p + 5]! << 8) | (data[p + 6]! << 16) | (data[p + 7]! << 24)
      const value = hi === 0 ? BigInt(lo) : (BigInt(hi) << 32n) | BigInt(lo) // hi signed: BigInt(hi) << 32 keeps the sign
      p += 8
      field = 'script'
      const script = varBytesView(r, buf, base, end, p)
      p = r.pos
      vout[index] = { value, script }
    }
    r.pos = p
    at = At.tail
    field = 'lockTime'
    const lockTime = r.u32le()
    field = 'expiryHeight'
    const expiryHeight = v3 || v4 ? r.u32le() : 0
    let valueBalance = 0n
    const shieldedSpends: ShieldedSpend[] = []
    const shieldedOutputs: ShieldedOutput[] = []
    if (v4) {
      field = 'valueBalance'
      valueBalance = r.i64le()
      at = At.shielded
      field = 'vShieldedSpend'
      const ns = r.compactSize()
      if (ns * SHIELDED_SPEND_SIZE > r.remaining) throw tooMany('vShieldedSpend', ns, r)
      for (index = 0; index < ns; index++)
        shieldedSpends.push({
          cv: r.bytes(32),
          anchor: r.bytes(32),
          nullifier: r.bytes(32),
          rk: r.bytes(32),
          zkproof: r.bytes(GROTH_PROOF_SIZE),
          spendAuthSig: r.bytes(64),
        })
      field = 'vShieldedOutput'
      const no = r.compactSize()
      if (no * SHIELDED_OUTPUT_SIZE > r.remaining) throw tooMany('vShieldedOutput', no, r)
      for (index = 0; index < no; index++)
        shieldedOutputs.push({
          cv: r.bytes(32),
          cmu: r.bytes(32),
          ephemeralKey: r.bytes(32),
          encCiphertext: r.bytes(580),
          outCiphertext: r.bytes(80),
          zkproof: r.bytes(GROTH_PROOF_SIZE),
        })
    }
    const tx: Transaction = {
      overwintered,
      version,
      versionGroupId,
      vin,
      vout,
      lockTime,
      expiryHeight,
      valueBalance,
      shieldedSpends,
      shieldedOutputs,
      joinSplits: [],
    }
    if (version >= 2) {
      at = At.joinsplit
      field = 'vJoinSplit'
      const proofSize = v4 ? GROTH_PROOF_SIZE : PHGR_PROOF_SIZE
      const nj = r.compactSize()
      if (nj * (proofSize + 2 * JOINSPLIT_CIPHERTEXT_SIZE) > r.remaining) throw tooMany('vJoinSplit', nj, r)
      for (index = 0; index < nj; index++) {
        tx.joinSplits.push({
          vpubOld: r.i64le(),
          vpubNew: r.i64le(),
          anchor: r.bytes(32),
          nullifiers: [r.bytes(32), r.bytes(32)],
          commitments: [r.bytes(32), r.bytes(32)],
          ephemeralKey: r.bytes(32),
          randomSeed: r.bytes(32),
          macs: [r.bytes(32), r.bytes(32)],
          proof: r.bytes(proofSize),
          ciphertexts: [r.bytes(JOINSPLIT_CIPHERTEXT_SIZE), r.bytes(JOINSPLIT_CIPHERTEXT_SIZE)],
        })
      }
      at = At.tail
      if (nj > 0) {
        field = 'joinSplitPubKey'
        tx.joinSplitPubKey = r.bytes(32)
        field = 'joinSplitSig'
        tx.joinSplitSig = r.bytes(64)
      }
    }
    at = At.tail
    field = 'bindingSig'
    if (v4 && (shieldedSpends.length > 0 || shieldedOutputs.length > 0)) tx.bindingSig = r.bytes(64)
    return tx
  } catch (e) {
    if (!(e instanceof KomodoCcError) || at === At.header || typeof e.details.path === 'string') throw e
    const path =
      at === At.vin
        ? `vin[${index}].${field}`
        : at === At.vout
          ? `vout[${index}].${field}`
          : at === At.shielded
            ? `${field}[${index}]`
            : at === At.joinsplit
              ? `vJoinSplit[${index}]`
              : field
    throw withPath(path, () => {
      throw e
    })
  }
}

/** A length-prefixed field at `p` as a view (one-byte CompactSize that fits), else through the reader; sets `r.pos` past it. */
function varBytesView(r: ByteReader, buf: ArrayBufferLike, base: number, end: number, p: number): Uint8Array {
  const n = p < end ? r.data[p]! : 0xff
  if (n < 0xfd && end - p - 1 >= n) {
    r.pos = p + 1 + n
    return new Uint8Array(buf, base + p + 1, n)
  }
  r.pos = p
  return r.varBytes()
}

function tooMany(what: string, n: number, r: ByteReader): KomodoCcError {
  return new KomodoCcError(
    'READ_PAST_END',
    `${what} count ${n} cannot fit in the ${r.remaining} byte(s) left at offset ${r.pos}`,
    { path: what, count: n, left: r.remaining, offset: r.pos },
  )
}

/**
 * Serializes a transaction (the exact inverse of {@link parseTransaction}). Checks the model first: a value
 * out of its wire range, a wrong-sized shielded field or a missing/unexpected optional part throws.
 * @throws KomodoCcError TX_INVALID | TX_VERSION | INT_RANGE | BYTES_LENGTH | BYTES_TYPE
 * @example bytesToHex(serializeTransaction(parseTransaction(hex))) === hex.toLowerCase() // true
 */
export function serializeTransaction(tx: Transaction): Uint8Array {
  const size = checkedSize(tx)
  const out = new Uint8Array(size)
  writeFast(tx, out, 0)
  return out
}

/**
 * Serializes a transaction into the caller's buffer at `offset` (a block, a network frame, a reused scratch) and
 * returns the offset just past it. Same checks and bytes as {@link serializeTransaction}; nothing is written when
 * the model checks fail, an input's txid is not 64 hex characters or it does not fit. Saves the allocation of a
 * fresh array: in V8 a typed array longer than 64 bytes gets its own backing store, which costs more than writing a
 * small transaction into it. `out` must not share bytes with the transaction's own byte fields (a parsed
 * transaction's scripts are views into the bytes it was parsed from): writing over them would change what is read.
 * @throws KomodoCcError like {@link serializeTransaction}, BYTES_TYPE (out not a Uint8Array), INT_RANGE (offset),
 *   BYTES_LENGTH (no room: `details.need`, `details.left`)
 * @example const end = serializeTransactionInto(tx, frame, 24) // frame.subarray(24, end) is the transaction
 */
export function serializeTransactionInto(tx: Transaction, out: Uint8Array, offset = 0): number {
  if (!(out instanceof Uint8Array))
    throw new KomodoCcError('BYTES_TYPE', `out expected a Uint8Array, got ${out === null ? 'null' : typeof out}`, {
      path: 'out',
    })
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > out.length)
    throw new KomodoCcError('INT_RANGE', `offset expected an integer 0..${out.length}, got ${String(offset)}`, {
      path: 'offset',
    })
  const size = checkedSize(tx)
  if (size > out.length - offset)
    throw new KomodoCcError(
      'BYTES_LENGTH',
      `the transaction needs ${size} bytes at offset ${offset}, out has ${out.length - offset} left`,
      { path: 'out', need: size, left: out.length - offset },
    )
  for (let i = 0; i < tx.vin.length; i++) checkTxidHex(tx.vin[i]!.txid, i) // so that a bad txid writes nothing either
  writeFast(tx, out, offset)
  return offset + size
}

/** Writes a checked transaction at `start` of `out` (room checked by the caller): the hot path of serialize and txid. */
function writeFast(tx: Transaction, out: Uint8Array, start: number): void {
  const v3 = isV3(tx),
    v4 = isV4(tx)
  put32(out, start, (tx.overwintered ? 0x80000000 : 0) + tx.version)
  let p = start + 4
  if (tx.overwintered) {
    put32(out, p, tx.versionGroupId)
    p += 4
  }
  p = putCs(out, p, tx.vin.length)
  for (let i = 0; i < tx.vin.length; i++) {
    const input = tx.vin[i]!
    writeReversedHex(out, p, input.txid, i)
    put32(out, p + 32, input.vout)
    p = putCs(out, p + 36, input.scriptSig.length)
    p = put(out, p, input.scriptSig)
    put32(out, p, input.sequence)
    p += 4
  }
  p = putCs(out, p, tx.vout.length)
  for (let i = 0; i < tx.vout.length; i++) {
    const o = tx.vout[i]!
    put64(out, p, o.value)
    p = putCs(out, p + 8, o.script.length)
    p = put(out, p, o.script)
  }
  put32(out, p, tx.lockTime)
  p += 4
  if (v3 || v4) {
    put32(out, p, tx.expiryHeight)
    p += 4
  }
  if (v4) {
    put64(out, p, tx.valueBalance)
    p = putCs(out, p + 8, tx.shieldedSpends.length)
    for (const x of tx.shieldedSpends) {
      p = put(out, p, x.cv)
      p = put(out, p, x.anchor)
      p = put(out, p, x.nullifier)
      p = put(out, p, x.rk)
      p = put(out, p, x.zkproof)
      p = put(out, p, x.spendAuthSig)
    }
    p = putCs(out, p, tx.shieldedOutputs.length)
    for (const x of tx.shieldedOutputs) {
      p = put(out, p, x.cv)
      p = put(out, p, x.cmu)
      p = put(out, p, x.ephemeralKey)
      p = put(out, p, x.encCiphertext)
      p = put(out, p, x.outCiphertext)
      p = put(out, p, x.zkproof)
    }
  }
  if (tx.version >= 2) {
    p = putCs(out, p, tx.joinSplits.length)
    for (const js of tx.joinSplits) {
      put64(out, p, js.vpubOld)
      put64(out, p + 8, js.vpubNew)
      p += 16
      for (const b of [
        js.anchor,
        js.nullifiers[0],
        js.nullifiers[1],
        js.commitments[0],
        js.commitments[1],
        js.ephemeralKey,
        js.randomSeed,
        js.macs[0],
        js.macs[1],
        js.proof,
        js.ciphertexts[0],
        js.ciphertexts[1],
      ])
        p = put(out, p, b)
    }
    if (tx.joinSplits.length > 0) {
      p = put(out, p, tx.joinSplitPubKey!)
      p = put(out, p, tx.joinSplitSig!)
    }
  }
  if (v4 && (tx.shieldedSpends.length > 0 || tx.shieldedOutputs.length > 0)) put(out, p, tx.bindingSig!)
}

/** @internal Copies `b` into `out` at `p`; small arrays by hand (a native `set` call costs more than the copy). @example p = put(out, p, script) */
export function put(out: Uint8Array, p: number, b: Uint8Array): number {
  const n = b.length
  if (n > 64) out.set(b, p)
  else for (let i = 0; i < n; i++) out[p + i] = b[i]!
  return p + n
}

/** @internal Minimal CompactSize at `p` (callers never exceed u32). @example p = putCs(out, p, script.length) */
export function putCs(out: Uint8Array, p: number, n: number): number {
  if (n < 0xfd) {
    out[p] = n
    return p + 1
  }
  if (n <= 0xffff) {
    out[p] = 0xfd
    out[p + 1] = n
    out[p + 2] = n >>> 8
    return p + 3
  }
  out[p] = 0xfe
  put32(out, p + 1, n)
  return p + 5
}

/** @internal u32 little-endian at `p` (stores truncate to the low byte; the caller checks the range). @example put32(out, p, vout) */
export function put32(out: Uint8Array, p: number, v: number): void {
  out[p] = v
  out[p + 1] = v >>> 8
  out[p + 2] = v >>> 16
  out[p + 3] = v >>> 24
}

/** @internal i64 little-endian at `p` (the caller checks the range); amounts below 2^32 skip the BigInt shifts. @example put64(out, p, value) */
export function put64(out: Uint8Array, p: number, v: bigint): void {
  if (v >= 0n && v <= 0xffffffffn) {
    put32(out, p, Number(v))
    out[p + 4] = out[p + 5] = out[p + 6] = out[p + 7] = 0
  } else {
    put32(out, p, Number(BigInt.asUintN(32, v)))
    put32(out, p + 4, Number(BigInt.asUintN(32, v >> 32n)))
  }
}

const NIB: Int8Array = /* @__PURE__ */ (() => {
  const t = new Int8Array(128).fill(-1)
  for (let i = 0; i < 10; i++) t[48 + i] = i
  for (let i = 0; i < 6; i++) t[65 + i] = t[97 + i] = 10 + i
  return t
})()

// two ASCII hex chars (a << 7 | b) → their byte, -1 when either is not hex (32 KB; one lookup per byte)
const HEX_PAIR: Int16Array = /* @__PURE__ */ (() => {
  const t = new Int16Array(128 * 128).fill(-1)
  for (let a = 0; a < 128; a++)
    for (let b = 0; b < 128; b++) if (NIB[a]! >= 0 && NIB[b]! >= 0) t[(a << 7) | b] = (NIB[a]! << 4) | NIB[b]!
  return t
})()

/** 64 display-hex chars → 32 bytes reversed into `out` at `p`. */
const nonHexTxid = (i: number): KomodoCcError =>
  new KomodoCcError('BYTES_LENGTH', `vin[${i}].txid expected 64 hex characters (display order), found a non-hex one`, {
    path: `vin[${i}].txid`,
  })

/** Throws unless every character of a txid (a 64-character string: checkedSize saw to that) is a hex digit. */
function checkTxidHex(hex: string, i: number): void {
  for (let k = 0; k < 64; k += 2) {
    const a = hex.charCodeAt(k),
      b = hex.charCodeAt(k + 1)
    if ((a | b) >= 128 || HEX_PAIR[(a << 7) | b]! < 0) throw nonHexTxid(i)
  }
}

/** Writes a txid's 32 bytes in internal order, checking its digits on the way (its type and length: checkedSize). */
function writeReversedHex(out: Uint8Array, p: number, hex: string, i: number): void {
  for (let k = 0, q = p + 31; k < 64; k += 2, q--) {
    const a = hex.charCodeAt(k),
      b = hex.charCodeAt(k + 1)
    const v = (a | b) < 128 ? HEX_PAIR[(a << 7) | b]! : -1
    if (v < 0) throw nonHexTxid(i)
    out[q] = v
  }
}

/** @internal one JoinSplit in wire order. @example writeJoinSplit(w, tx.joinSplits[0]) */
export function writeJoinSplit(w: ByteWriter, js: JoinSplit): void {
  w.i64le(js.vpubOld).i64le(js.vpubNew).bytes(js.anchor)
  w.bytes(js.nullifiers[0]).bytes(js.nullifiers[1]).bytes(js.commitments[0]).bytes(js.commitments[1])
  w.bytes(js.ephemeralKey).bytes(js.randomSeed).bytes(js.macs[0]).bytes(js.macs[1]).bytes(js.proof)
  w.bytes(js.ciphertexts[0]).bytes(js.ciphertexts[1])
}

const isV3 = (tx: Transaction): boolean =>
  tx.overwintered && tx.version === 3 && tx.versionGroupId === OVERWINTER_VERSION_GROUP_ID
const isV4 = (tx: Transaction): boolean =>
  tx.overwintered && tx.version === 4 && tx.versionGroupId === SAPLING_VERSION_GROUP_ID

/**
 * Serialized size in bytes (what `decoderawtransaction` calls `size`), after checking the model.
 * @throws KomodoCcError like {@link serializeTransaction}
 * @example transactionSize(parseTransaction(hex)) === hex.length / 2 // true
 */
export function transactionSize(tx: Transaction): number {
  return checkedSize(tx)
}

/**
 * The transaction id: SHA256d of the serialization, in display order (what komodod prints).
 * @throws KomodoCcError like {@link serializeTransaction}
 * @example txid(parseTransaction(hex)) // 'f2baf8d9…22b7'
 */
export function txid(tx: Transaction): string {
  // serialized into a private scratch that never leaves this function (no fresh backing store per call), hashed
  // through the scratch's own DataView
  const size = checkedSize(tx)
  if (size > TXID_SCRATCH_MAX) {
    const raw = new Uint8Array(size)
    writeFast(tx, raw, 0)
    return reversedHex(sha256d(raw), 0)
  }
  if (txidScratch.length < size) {
    txidScratch = new Uint8Array(Math.max(size, 2 * txidScratch.length))
    txidView = new DataView(txidScratch.buffer)
  }
  writeFast(tx, txidScratch, 0)
  const d = TXID_DIGEST
  sha256View(txidView, txidScratch, size, d, 0)
  sha256View(null, d, 32, d, 0)
  return reversedHex32(d, 0)
}

/** Largest transaction hashed through the reused scratch; bigger ones get their own buffer (not kept alive). */
const TXID_SCRATCH_MAX = 100_000
let txidScratch = /* @__PURE__ */ new Uint8Array(0)
let txidView = /* @__PURE__ */ new DataView(txidScratch.buffer)
const TXID_DIGEST = /* @__PURE__ */ new Uint8Array(32)

/**
 * txid straight from serialized bytes (no model round trip): SHA256d, display order.
 * @example txidOfBytes(hexToBytes(hex)) // '66a5c18c…4a06'
 */
export function txidOfBytes(raw: Uint8Array): string {
  if (!(raw instanceof Uint8Array)) throw new KomodoCcError('BYTES_TYPE', 'raw expected a Uint8Array')
  return reversedHex(sha256d(raw), 0)
}

// ---- model checks (build to policy, parse to consensus: the writer refuses anything it could not read back)

function bad(message: string, path: string): KomodoCcError {
  return new KomodoCcError('TX_INVALID', `${message} (at ${path})`, { path })
}

const isU32 = (v: unknown): boolean => typeof v === 'number' && v >>> 0 === v
const isI64 = (v: unknown): boolean => typeof v === 'bigint' && v >= -0x8000000000000000n && v <= 0x7fffffffffffffffn
function u32(v: unknown, path: string): void {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff)
    throw new KomodoCcError('INT_RANGE', `${path} expected a u32, got ${typeof v === 'number' ? v : typeof v}`, {
      path,
    })
}
function i64(v: unknown, path: string): void {
  if (typeof v !== 'bigint' || v < -0x8000000000000000n || v > 0x7fffffffffffffffn)
    throw new KomodoCcError(
      'INT_RANGE',
      `${path} expected a bigint in the i64 range, got ${typeof v === 'bigint' ? `${v}n` : typeof v}`,
      { path },
    )
}
function blob(v: unknown, n: number | undefined, path: string): number {
  if (!(v instanceof Uint8Array))
    throw new KomodoCcError('BYTES_TYPE', `${path} expected a Uint8Array, got ${v === null ? 'null' : typeof v}`, {
      path,
    })
  if (n !== undefined && v.length !== n)
    throw new KomodoCcError('BYTES_LENGTH', `${path} expected ${n} bytes, got ${v.length}`, {
      path,
      expected: n,
      got: v.length,
    })
  return v.length
}
function list(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) throw bad(`${path} expected an array`, path)
  return v
}

function checkedSize(tx: Transaction): number {
  if (typeof tx !== 'object' || tx === null) throw new KomodoCcError('TX_INVALID', 'tx expected a Transaction object')
  if (typeof tx.overwintered !== 'boolean') throw bad('overwintered expected a boolean', 'overwintered')
  if (typeof tx.version !== 'number' || !Number.isInteger(tx.version) || tx.version < 0 || tx.version > 0x7fffffff)
    throw new KomodoCcError('TX_VERSION', `version expected an integer 0..0x7fffffff, got ${String(tx.version)}`, {
      path: 'version',
    })
  const v3 = isV3(tx),
    v4 = isV4(tx)
  if (tx.overwintered && !v3 && !v4)
    throw new KomodoCcError(
      'TX_VERSION',
      `overwintered transactions must be v3 (group 0x03c48270) or v4 (group 0x892f2085), got v${tx.version} group ${String(tx.versionGroupId)}`,
      { path: 'versionGroupId' },
    )
  if (!tx.overwintered && tx.versionGroupId !== 0)
    throw bad('versionGroupId must be 0 for a legacy transaction', 'versionGroupId')
  let size = tx.overwintered ? 8 : 4
  const vin = list(tx.vin, 'vin') as TxInput[]
  size += compactSizeLength(vin.length)
  for (let i = 0; i < vin.length; i++) {
    const input = vin[i]!
    if (typeof input !== 'object' || input === null) throw bad('input expected an object', `vin[${i}]`)
    if (typeof input.txid !== 'string' || input.txid.length !== 64)
      throw new KomodoCcError('BYTES_LENGTH', `vin[${i}].txid expected 64 hex characters (display order)`, {
        path: `vin[${i}].txid`,
      })
    if (!isU32(input.vout)) u32(input.vout, `vin[${i}].vout`)
    const sc = input.scriptSig
    const n = sc instanceof Uint8Array ? sc.length : blob(sc, undefined, `vin[${i}].scriptSig`)
    if (!isU32(input.sequence)) u32(input.sequence, `vin[${i}].sequence`)
    size += 40 + compactSizeLength(n) + n
  }
  const vout = list(tx.vout, 'vout') as TxOutput[]
  size += compactSizeLength(vout.length)
  for (let i = 0; i < vout.length; i++) {
    const o = vout[i]!
    if (typeof o !== 'object' || o === null) throw bad('output expected an object', `vout[${i}]`)
    if (!isI64(o.value)) i64(o.value, `vout[${i}].value`)
    const sc = o.script
    const n = sc instanceof Uint8Array ? sc.length : blob(sc, undefined, `vout[${i}].script`)
    size += 8 + compactSizeLength(n) + n
  }
  u32(tx.lockTime, 'lockTime')
  size += 4
  if (v3 || v4) {
    u32(tx.expiryHeight, 'expiryHeight')
    size += 4
  } else if (tx.expiryHeight !== 0) throw bad('expiryHeight must be 0 below Overwinter', 'expiryHeight')
  const spends = list(tx.shieldedSpends, 'shieldedSpends') as ShieldedSpend[]
  const outs = list(tx.shieldedOutputs, 'shieldedOutputs') as ShieldedOutput[]
  if (v4) {
    i64(tx.valueBalance, 'valueBalance')
    size += 8 + compactSizeLength(spends.length) + compactSizeLength(outs.length)
    spends.forEach((s, i) => {
      const p = `shieldedSpends[${i}]`
      blob(s.cv, 32, `${p}.cv`)
      blob(s.anchor, 32, `${p}.anchor`)
      blob(s.nullifier, 32, `${p}.nullifier`)
      blob(s.rk, 32, `${p}.rk`)
      blob(s.zkproof, GROTH_PROOF_SIZE, `${p}.zkproof`)
      blob(s.spendAuthSig, 64, `${p}.spendAuthSig`)
    })
    outs.forEach((o, i) => {
      const p = `shieldedOutputs[${i}]`
      blob(o.cv, 32, `${p}.cv`)
      blob(o.cmu, 32, `${p}.cmu`)
      blob(o.ephemeralKey, 32, `${p}.ephemeralKey`)
      blob(o.encCiphertext, 580, `${p}.encCiphertext`)
      blob(o.outCiphertext, 80, `${p}.outCiphertext`)
      blob(o.zkproof, GROTH_PROOF_SIZE, `${p}.zkproof`)
    })
    size += spends.length * SHIELDED_SPEND_SIZE + outs.length * SHIELDED_OUTPUT_SIZE
  } else {
    if (tx.valueBalance !== 0n) throw bad('valueBalance must be 0n below Sapling v4', 'valueBalance')
    if (spends.length || outs.length)
      throw bad('shielded spends/outputs need a Sapling v4 transaction', 'shieldedSpends')
  }
  const js = list(tx.joinSplits, 'joinSplits') as JoinSplit[]
  if (tx.version >= 2) {
    const proofSize = v4 ? GROTH_PROOF_SIZE : PHGR_PROOF_SIZE
    size += compactSizeLength(js.length)
    js.forEach((j, i) => {
      const p = `joinSplits[${i}]`
      i64(j.vpubOld, `${p}.vpubOld`)
      i64(j.vpubNew, `${p}.vpubNew`)
      blob(j.anchor, 32, `${p}.anchor`)
      for (const k of [0, 1] as const) {
        blob(j.nullifiers?.[k], 32, `${p}.nullifiers[${k}]`)
        blob(j.commitments?.[k], 32, `${p}.commitments[${k}]`)
        blob(j.macs?.[k], 32, `${p}.macs[${k}]`)
        blob(j.ciphertexts?.[k], JOINSPLIT_CIPHERTEXT_SIZE, `${p}.ciphertexts[${k}]`)
      }
      blob(j.ephemeralKey, 32, `${p}.ephemeralKey`)
      blob(j.randomSeed, 32, `${p}.randomSeed`)
      blob(j.proof, proofSize, `${p}.proof`)
      size += 16 + 32 * 9 + proofSize + 2 * JOINSPLIT_CIPHERTEXT_SIZE
    })
    if (js.length > 0) {
      blob(tx.joinSplitPubKey, 32, 'joinSplitPubKey')
      blob(tx.joinSplitSig, 64, 'joinSplitSig')
      size += 96
    } else if (tx.joinSplitPubKey !== undefined || tx.joinSplitSig !== undefined)
      throw bad('joinSplitPubKey/joinSplitSig given without JoinSplits', 'joinSplitPubKey')
  } else if (js.length) throw bad('JoinSplits need version 2 or later', 'joinSplits')
  if (v4 && (spends.length || outs.length)) {
    blob(tx.bindingSig, 64, 'bindingSig')
    size += 64
  } else if (tx.bindingSig !== undefined)
    throw bad('bindingSig is only serialized by a v4 transaction with shielded spends or outputs', 'bindingSig')
  return size
}
