import { KomodoCcError } from '../errors.js'
import { ByteReader } from '../bytes/reader.js'
import { ByteWriter } from '../bytes/writer.js'
import { bytesToHex, hexToBytes, reversedHex32 } from '../bytes/hex.js'
import { describe } from '../bytes/assert.js'
import { utf8ToBytes } from '../bytes/utils.js'
import { sbits as nameToSbits } from '../sbits.js'

/** `OP_RETURN`. @example opretScript(p)[0] === OP_RETURN // true */
export const OP_RETURN = 0x6a

/** The daemon's standardness limit on an opret script (`IGUANA_MAXSCRIPTSIZE`); encoders refuse bigger payloads. @example MAX_OPRET_SCRIPT_SIZE // 10001 */
export const MAX_OPRET_SCRIPT_SIZE = 10001

/** Options shared by the `decode…Opret` functions. @example decodeFaucetOpret('6a06e4470403020151', { allowTrailingScript: true }) */
export type OpretDecodeOptions = {
  /**
   * Accept script bytes after the first push, which the daemon's `GetOpReturnData` ignores. Default false:
   * anything after the payload push is refused with `TRAILING_BYTES`.
   */
  allowTrailingScript?: boolean
}

const HEX = /* @__PURE__ */ (() => {
  const t: string[] = []
  for (let i = 0; i < 256; i++) t.push((i < 16 ? '0' : '') + i.toString(16))
  return t
})()

/**
 * Wraps a payload in an opret script: `6a` then one push chosen by length the way `CScript << vector` does it
 * (`< 0x4c` one length byte, then `4c`, `4d`, `4e`; never a minimal-push opcode).
 * @throws KomodoCcError SCRIPT_TOO_LARGE when the script would exceed {@link MAX_OPRET_SCRIPT_SIZE}
 * @example bytesToHex(opretScript(hexToBytes('e44704030201'))) // '6a06e44704030201'
 */
export function opretScript(payload: Uint8Array): Uint8Array {
  const n = payload.length
  const head = n < 0x4c ? 2 : n <= 0xff ? 3 : n <= 0xffff ? 4 : 6
  if (head + n > MAX_OPRET_SCRIPT_SIZE)
    throw new KomodoCcError(
      'SCRIPT_TOO_LARGE',
      `opret script would be ${head + n} bytes, at most ${MAX_OPRET_SCRIPT_SIZE} are standard`,
      { size: head + n, max: MAX_OPRET_SCRIPT_SIZE },
    )
  const out = new Uint8Array(head + n)
  out[0] = OP_RETURN
  if (n < 0x4c) out[1] = n
  else if (n <= 0xff) {
    out[1] = 0x4c
    out[2] = n
  } else if (n <= 0xffff) {
    out[1] = 0x4d
    out[2] = n & 0xff
    out[3] = n >>> 8
  } else {
    out[1] = 0x4e
    out[2] = n & 0xff
    out[3] = (n >>> 8) & 0xff
    out[4] = (n >>> 16) & 0xff
    out[5] = n >>> 24
  }
  out.set(payload, head)
  return out
}

/**
 * Returns the payload carried by an opret script (`6a` + one push), or the input itself when it is already a
 * payload (module payloads start with an eval code, never with `6a`). Accepts bytes or hex.
 * The daemon takes only the first push after `OP_RETURN` and ignores the rest; this function refuses trailing
 * script bytes unless `allowTrailingScript` is set.
 * @throws KomodoCcError BYTES_TYPE | HEX_INVALID | OPRET_INVALID | READ_PAST_END | TRAILING_BYTES
 * @example bytesToHex(opretPayload('6a06e44704030201')) // 'e44704030201'
 */
export function opretPayload(scriptOrPayload: Uint8Array | string, options: OpretDecodeOptions = {}): Uint8Array {
  const s = typeof scriptOrPayload === 'string' ? hexToBytes(scriptOrPayload, 'opret') : scriptOrPayload
  if (!(s instanceof Uint8Array))
    throw new KomodoCcError('BYTES_TYPE', `opret expected a Uint8Array or hex string, got ${describe(s)}`)
  if (s.length === 0) throw new KomodoCcError('OPRET_INVALID', 'opret is empty', { path: 'opret' })
  if (s[0] !== OP_RETURN) return s
  if (s.length < 2) throw new KomodoCcError('OPRET_INVALID', 'OP_RETURN script carries no data push', { path: 'opret' })
  const op = s[1]!
  let start: number
  let n: number
  if (op >= 0x01 && op < 0x4c) {
    start = 2
    n = op
  } else if (op === 0x4c) {
    if (s.length < 3) throw pastEnd(2, 1, s.length - 2)
    start = 3
    n = s[2]!
  } else if (op === 0x4d) {
    if (s.length < 4) throw pastEnd(2, 2, s.length - 2)
    start = 4
    n = s[2]! | (s[3]! << 8)
  } else if (op === 0x4e) {
    if (s.length < 6) throw pastEnd(2, 4, s.length - 2)
    start = 6
    n = (s[2]! | (s[3]! << 8) | (s[4]! << 16) | (s[5]! << 24)) >>> 0
  } else
    throw new KomodoCcError('OPRET_INVALID', `OP_RETURN must be followed by a data push, got opcode 0x${HEX[op]}`, {
      path: 'opret',
      opcode: op,
    })
  if (n > s.length - start) throw pastEnd(start, n, s.length - start)
  const end = start + n
  if (end !== s.length && options.allowTrailingScript !== true)
    throw new KomodoCcError(
      'TRAILING_BYTES',
      `${s.length - end} script byte(s) after the opret push (the daemon ignores them; pass allowTrailingScript)`,
      { path: 'opret', offset: end, left: s.length - end },
    )
  return s.subarray(start, end)
}

function pastEnd(at: number, need: number, left: number): KomodoCcError {
  return new KomodoCcError('READ_PAST_END', `opret push needs ${need} byte(s) at offset ${at}, only ${left} left`, {
    path: 'opret',
    offset: at,
    need,
    left,
  })
}

/** Lowercase hex of `b[start..end)`. @internal */
export function hexOf(b: Uint8Array, start = 0, end = b.length): string {
  let s = ''
  for (let i = start; i < end; i++) s += HEX[b[i]!]
  return s
}

/**
 * A `ByteReader` that remembers which named field it is reading, so a failure can name it. Used by every module
 * decoder. @internal
 */
export class FieldReader extends ByteReader {
  field = 'evalcode'

  /** u8 eval code, checked. */
  evalCode(expected: number | readonly number[]): number {
    this.field = 'evalcode'
    const v = this.u8()
    const ok = typeof expected === 'number' ? v === expected : expected.includes(v)
    if (!ok) {
      const want = typeof expected === 'number' ? [expected] : expected
      throw new KomodoCcError(
        'OPRET_EVAL',
        `eval code 0x${HEX[v]} is not ${want.map((e) => `0x${HEX[e]}`).join(' or ')}`,
        { path: 'evalcode', expected: want, got: v },
      )
    }
    return v
  }
  funcid(): string {
    this.field = 'funcid'
    return String.fromCharCode(this.u8())
  }
  /** uint256 stored in internal order → display hex. */
  txid(name: string): string {
    this.field = name
    const p = this.pos
    this.bytes(32)
    return reversedHex32(this.data, p)
  }
  /** uint256 stored in display order (token ids) → display hex. */
  displayTxid(name: string): string {
    this.field = name
    const p = this.pos
    this.bytes(32)
    return hexOf(this.data, p, p + 32)
  }
  /** 32 raw bytes → hex as stored (hashes, entropy). */
  raw32(name: string): string {
    this.field = name
    const p = this.pos
    this.bytes(32)
    return hexOf(this.data, p, p + 32)
  }
  /**
   * A serialized `CPubKey`: CompactSize length then the key. Strict: 33 bytes starting 02/03 or 65 bytes
   * starting 04/06/07 (the daemon also accepts other lengths and marks the key invalid).
   */
  pubkey(name: string): string {
    this.field = name
    const n = this.compactSize()
    const p = this.pos
    this.bytes(n)
    const first = n > 0 ? this.data[p]! : -1
    const valid =
      (n === 33 && (first === 2 || first === 3)) || (n === 65 && (first === 4 || first === 6 || first === 7))
    if (!valid)
      throw new KomodoCcError(
        'PUBKEY_INVALID',
        `${name} is a ${n}-byte key${n > 0 ? ` starting 0x${HEX[first]}` : ''}, expected 33 bytes (02/03) or 65 bytes (04/06/07)`,
        { path: name, length: n },
      )
    return hexOf(this.data, p, p + n)
  }
  /** CompactSize-prefixed bytes → hex. */
  varHex(name: string): string {
    this.field = name
    const n = this.compactSize()
    const p = this.pos
    this.bytes(n)
    return hexOf(this.data, p, p + n)
  }
  /** CompactSize-prefixed bytes as a view. */
  varView(name: string): Uint8Array {
    this.field = name
    return this.varBytes()
  }
  /** CompactSize-prefixed text; must be valid UTF-8 (the daemon treats it as opaque bytes). */
  varText(name: string): string {
    this.field = name
    const b = this.varBytes()
    let ascii = true
    for (let i = 0; i < b.length; i++)
      if (b[i]! >= 0x80) {
        ascii = false
        break
      }
    if (ascii) return String.fromCharCode.apply(null, b as unknown as number[])
    try {
      return STRICT_UTF8.decode(b)
    } catch {
      throw new KomodoCcError('OPRET_INVALID', `${name} is not valid UTF-8`, { path: name })
    }
  }
  /**
   * CompactSize-prefixed bytes as komodod keeps them (opaque: `std::vector<uint8_t>` / `std::string`): the text when
   * they are valid UTF-8, else their hex with `hex: true` — never refused, so a name that is not UTF-8 still decodes.
   */
  varTextOrHex(name: string): { value: string; hex: boolean } {
    this.field = name
    const start = this.pos
    try {
      return { value: this.varText(name), hex: false }
    } catch (e) {
      if (!(e instanceof KomodoCcError) || e.code !== 'OPRET_INVALID') throw e
      this.pos = start
      this.field = name
      return { value: bytesToHex(this.varBytes()), hex: true }
    }
  }
  u8f(name: string): number {
    this.field = name
    return this.u8()
  }
  i32f(name: string): number {
    this.field = name
    return this.i32le()
  }
  u32f(name: string): number {
    this.field = name
    return this.u32le()
  }
  i64f(name: string): bigint {
    this.field = name
    return this.i64le()
  }
  u64f(name: string): bigint {
    this.field = name
    return this.u64le()
  }
  /** Requires that every byte was consumed. */
  done(): void {
    this.field = 'end'
    this.end()
  }
}

const STRICT_UTF8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true })

/**
 * Runs a module decoder over a payload, turning any failure into a `KomodoCcError` whose `details.path` names
 * the module, funcid and field (`oracles.D.batontxid`). @internal
 */
export function decodeFields<T>(payload: Uint8Array, module: string, fn: (r: FieldReader) => T): T {
  const r = new FieldReader(payload)
  try {
    return fn(r)
  } catch (e) {
    if (e instanceof KomodoCcError) {
      const fid = payload.length > 1 ? String.fromCharCode(payload[1]!) : '?'
      const path = `${module}.${fid}.${r.field}`
      const bare = e.message.slice(e.code.length + 2)
      throw new KomodoCcError(
        e.code,
        `${bare} (at ${path})`,
        { ...e.details, path, module, offset: e.details.offset ?? r.pos },
        { cause: e.cause },
      )
    }
    /* c8 ignore next */
    throw new KomodoCcError(
      'OPRET_INVALID',
      `${module} payload could not be decoded (at ${module}.${r.field})`,
      { path: `${module}.${r.field}` },
      { cause: e },
    )
  }
}

/** Throws `OPRET_FUNCID` for an unknown funcid. @internal */
export function badFuncid(module: string, funcid: string, allowed: string): never {
  throw new KomodoCcError('OPRET_FUNCID', `${module} funcid ${JSON.stringify(funcid)} is not one of ${allowed}`, {
    path: 'funcid',
    got: funcid,
    allowed,
  })
}

// ---------------------------------------------------------------------------------------------------------
// encoding helpers (boundary validation of user values)

/** A `ByteWriter` with typed, validated writes of user values. @internal */
export class FieldWriter extends ByteWriter {
  txid(v: unknown, name: string): this {
    const b = txidBytes(v, name)
    for (let i = 31; i >= 0; i--) this.u8(b[i]!)
    return this
  }
  displayTxid(v: unknown, name: string): this {
    return this.bytes(txidBytes(v, name))
  }
  raw32(v: unknown, name: string): this {
    return this.bytes(txidBytes(v, name))
  }
  pubkey(v: unknown, name: string): this {
    const b = pubkeyValue(v, name)
    return this.varBytes(b)
  }
  text(v: unknown, name: string): this {
    if (typeof v !== 'string')
      throw new KomodoCcError('ARG_INVALID', `${name} expected a string, got ${describe(v)}`, { path: name })
    return this.varBytes(utf8ToBytes(v))
  }
  hexBytes(v: unknown, name: string): this {
    return this.varBytes(bytesValue(v, name))
  }
  /** {@link FieldWriter.text}, or with `hex` the bytes the hex stands for (a field that was not UTF-8). */
  textOrHex(v: unknown, hex: boolean, name: string): this {
    return hex ? this.hexBytes(v, name) : this.text(v, name)
  }
  u8f(v: unknown, name: string): this {
    return this.u8(intValue(v, 0, 0xff, name))
  }
  i32f(v: unknown, name: string): this {
    return this.i32le(intValue(v, -0x80000000, 0x7fffffff, name))
  }
  u32f(v: unknown, name: string): this {
    return this.u32le(intValue(v, 0, 0xffffffff, name))
  }
  i64f(v: unknown, name: string): this {
    return this.i64le(bigValue(v, -0x8000000000000000n, 0x7fffffffffffffffn, name))
  }
  u64f(v: unknown, name: string): this {
    return this.u64le(bigValue(v, 0n, 0xffffffffffffffffn, name))
  }
}

function txidBytes(v: unknown, name: string): Uint8Array {
  if (typeof v === 'string') {
    if (v.length !== 64)
      throw new KomodoCcError('BYTES_LENGTH', `${name} expected 64 hex characters, got ${v.length}`, { path: name })
    return hexToBytes(v, name)
  }
  throw new KomodoCcError('ARG_INVALID', `${name} expected a 64-character hex string, got ${describe(v)}`, {
    path: name,
  })
}

/** A pubkey given as hex or bytes: 33 bytes (02/03) or 65 bytes (04/06/07). @internal */
export function pubkeyValue(v: unknown, name: string): Uint8Array {
  const b = typeof v === 'string' ? hexToBytes(v, name) : v
  if (!(b instanceof Uint8Array))
    throw new KomodoCcError('ARG_INVALID', `${name} expected a pubkey as hex or bytes, got ${describe(v)}`, {
      path: name,
    })
  const first = b.length > 0 ? b[0]! : -1
  const valid =
    (b.length === 33 && (first === 2 || first === 3)) ||
    (b.length === 65 && (first === 4 || first === 6 || first === 7))
  if (!valid)
    throw new KomodoCcError(
      'PUBKEY_INVALID',
      `${name} must be 33 bytes (02/03) or 65 bytes (04/06/07), got ${b.length} bytes`,
      { path: name, length: b.length },
    )
  return b
}

function bytesValue(v: unknown, name: string): Uint8Array {
  const b = typeof v === 'string' ? hexToBytes(v, name) : v
  if (!(b instanceof Uint8Array))
    throw new KomodoCcError('ARG_INVALID', `${name} expected hex or bytes, got ${describe(v)}`, { path: name })
  return b
}

function intValue(v: unknown, min: number, max: number, name: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new KomodoCcError('INT_RANGE', `${name} expected an integer in ${min}..${max}, got ${describe(v)}`, {
      path: name,
      min,
      max,
    })
  return v
}

function bigValue(v: unknown, min: bigint, max: bigint, name: string): bigint {
  if (typeof v !== 'bigint' || v < min || v > max)
    throw new KomodoCcError('INT_RANGE', `${name} expected a bigint in ${min}..${max}, got ${describe(v)}`, {
      path: name,
      min: String(min),
      max: String(max),
    })
  return v
}

/** Checks a funcid field of an encoder input. @internal */
export function encodeFuncid(
  w: FieldWriter,
  evalCode: number,
  funcid: unknown,
  module: string,
  allowed: string,
): string {
  if (typeof funcid !== 'string' || funcid.length !== 1 || !allowed.includes(funcid))
    badFuncid(module, String(funcid), allowed)
  w.u8(evalCode).u8(funcid.charCodeAt(0))
  return funcid
}

/** Checks the encoder input is an object. @internal */
export function assertPayloadObject(v: unknown, module: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null)
    throw new KomodoCcError('ARG_INVALID', `${module} payload expected an object, got ${describe(v)}`)
  return v as Record<string, unknown>
}

/** The plan name of the 8 sbits bytes at `p` when printable ASCII (0x20..0x7e) up to the first zero, else null. @internal */
export function printableNameAt(b: Uint8Array, p: number): string | null {
  let s = ''
  let ended = false
  for (let i = p; i < p + 8; i++) {
    const c = b[i]!
    if (c === 0) {
      ended = true
      continue
    }
    if (ended || c < 0x20 || c > 0x7e) return null
    s += String.fromCharCode(c)
  }
  return s === '' ? null : s
}

/**
 * Checks an optional plan `name` against the `sbits` it must encode (dice and rewards payloads carry both). @internal
 * @example checkName('DICE', sbits('DICE')) // ok; checkName('X', sbits('DICE')) throws ARG_INVALID
 */
export function checkName(name: unknown, bits: bigint): void {
  if (name === undefined || name === null) return
  if (typeof name !== 'string' || nameToSbits(name) !== bits)
    throw new KomodoCcError('ARG_INVALID', `name ${JSON.stringify(name)} does not match sbits ${bits}`, {
      path: 'name',
    })
}
