/**
 * BLAKE2b-256 with a 16-byte personalization on a small WebAssembly module of our own (1.5 KB, hand-assembled by
 * scripts/gen-blake2b-wasm.mjs from RFC 7693; bytes in ./blake2b-wasm-bytes.ts). The same functions as the pure-JS
 * ./blake2b.ts, with interchangeable midstates; ./blake2b.ts runs on them in its `'auto'` and `'wasm'` modes.
 * Browser-safe: compiled synchronously on first use (the module is under the 4 KB that browsers allow on
 * the main thread), no Node built-ins. A runtime without WebAssembly (or with a CSP that forbids compiling it, or a
 * big-endian host) reports itself unavailable instead of failing later.
 */
import { KomodoCcError } from '../errors.js'
import { BLAKE2B_WASM_BASE64, BLAKE2B_WASM_LAYOUT } from './blake2b-wasm-bytes.js'

const P_OFF = BLAKE2B_WASM_LAYOUT.personalization
const MSG = BLAKE2B_WASM_LAYOUT.message
/** Bytes the module's message buffer holds (a multiple of 128); longer messages are absorbed in chunks of this size. */
const CAP = BLAKE2B_WASM_LAYOUT.messageCapacity
const FINAL = 1
const INIT = 2

type Instance = {
  /** hash(len, done, flags): see scripts/gen-blake2b-wasm.mjs */
  hash: (len: number, done: number, flags: number) => void
  u8: Uint8Array
  /** the chaining value h as 16 int32 (the memory is little-endian; the host is checked to be too) */
  h32: Int32Array
}

let instance: Instance | null | undefined // undefined: not tried yet; null: unavailable here

function load(): Instance | null {
  if (instance !== undefined) return instance
  instance = null
  if (typeof WebAssembly !== 'object' || typeof atob !== 'function') return null
  // the midstate is read and written as host-order int32 over little-endian WebAssembly memory
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) return null
  try {
    const text = atob(BLAKE2B_WASM_BASE64)
    const bytes = new Uint8Array(text.length)
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
    const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports
    const buffer = (exports.mem as WebAssembly.Memory).buffer // one page, never grown: the views stay attached
    instance = {
      hash: exports.hash as Instance['hash'],
      u8: new Uint8Array(buffer),
      h32: new Int32Array(buffer, 0, 16),
    }
  } catch {
    instance = null // e.g. a Content-Security-Policy without 'wasm-unsafe-eval'
  }
  return instance
}

function need(): Instance {
  const w = load()
  if (w === null)
    throw new KomodoCcError(
      'ARG_INVALID',
      'the WebAssembly BLAKE2b is unavailable in this runtime (no WebAssembly, compilation refused or a big-endian host); use the pure-JS functions',
    )
  return w
}

/**
 * True when the WebAssembly BLAKE2b can run here (compiles the module on the first call).
 * @example wasmBlake2bAvailable() // true in Node
 */
export function wasmBlake2bAvailable(): boolean {
  return load() !== null
}

/** Writes the personalization like the pure-JS code reads it: the first 16 bytes, missing bytes as zero. */
function setPersonalization(u8: Uint8Array, p: Uint8Array): void {
  for (let i = 0; i < 16; i++) u8[P_OFF + i] = p[i] ?? 0
}

/** Absorbs `data` after `done` bytes already in h (`init`: start from the personalization), finalizes, returns the digest. */
function finish(w: Instance, data: Uint8Array, done: number, init: number): Uint8Array {
  absorb(w, data, done, init)
  return w.u8.slice(0, 32)
}

/** Absorbs and finalizes; the digest is left in the module's memory at 0..32. */
function absorb(w: Instance, data: Uint8Array, done: number, init: number): void {
  const len = data.length
  let off = 0
  while (len - off > CAP) {
    w.u8.set(data.subarray(off, off + CAP), MSG)
    w.hash(CAP, done + off, init)
    init = 0
    off += CAP
  }
  w.u8.set(off === 0 ? data : data.subarray(off), MSG)
  w.hash(len - off, done + off, init | FINAL)
}

/**
 * One-shot BLAKE2b-256 with a 16-byte personalization, on WebAssembly; equals the pure-JS `blake2b256Personal`.
 * @throws KomodoCcError ARG_INVALID when WebAssembly is unavailable (see {@link wasmBlake2bAvailable})
 * @example bytesToHex(blake2b256Personal(new Uint8Array(), utf8ToBytes('ZcashPrevoutHash')))
 */
export function blake2b256Personal(data: Uint8Array, personalization: Uint8Array): Uint8Array {
  const w = need()
  setPersonalization(w.u8, personalization)
  return finish(w, data, 0, INIT)
}

/**
 * @internal {@link blake2b256Personal} into `out[outOffset, outOffset + 32)`, with no allocation (hot loops).
 * @example blake2b256PersonalInto(preimage, person, digest, 0)
 */
export function blake2b256PersonalInto(
  data: Uint8Array,
  personalization: Uint8Array,
  out: Uint8Array,
  outOffset: number,
): Uint8Array {
  const w = need()
  setPersonalization(w.u8, personalization)
  absorb(w, data, 0, INIT)
  const u8 = w.u8
  for (let i = 0; i < 32; i++) out[outOffset + i] = u8[i]!
  return out
}

/**
 * @internal The state after compressing the first 128 bytes of a longer message, as the pure-JS `blake2bMidstate`
 * returns it (16 int32: the 8 state words as [low, high] halves): the two are interchangeable.
 * @example const mid = blake2bMidstate(person, preimage.subarray(0, 128))
 */
export function blake2bMidstate(personalization: Uint8Array, first128: Uint8Array): Int32Array {
  const w = need()
  setPersonalization(w.u8, personalization)
  const n = first128.length
  w.u8.set(n <= 128 ? first128 : first128.subarray(0, 128), MSG)
  if (n < 128) w.u8.fill(0, MSG + n, MSG + 128) // as the pure-JS code reads missing bytes
  w.hash(128, 0, INIT)
  return w.h32.slice()
}

/**
 * @internal Digest of `first128 ‖ rest` from a {@link blake2bMidstate} state (either implementation's); `rest`
 * must be non-empty.
 * @example blake2bFromMidstate(mid, preimage.subarray(128))
 */
export function blake2bFromMidstate(mid: Int32Array, rest: Uint8Array): Uint8Array {
  const w = need()
  w.h32.set(mid)
  return finish(w, rest, 128, 0)
}
