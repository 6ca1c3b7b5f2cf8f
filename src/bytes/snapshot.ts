// A private copy of some bytes and a fast "does this array still hold exactly these bytes?" check, for caches that
// must re-validate their input by content on every hit (a caller may change a byte array in place at any time).

// A DataView over each live array compared so far, made once per array object: reading 4 bytes at a time through it
// is about 3× faster than a byte loop, and creating a view per comparison would cost more than the loop saves.
// null: the array's buffer may change size (resizable or growable), so only the byte loop is safe.
const VIEWS = /* @__PURE__ */ new WeakMap<Uint8Array, DataView | null>()

function viewOf(live: Uint8Array): DataView | null {
  let v = VIEWS.get(live)
  if (v === undefined) {
    const buf = live.buffer as ArrayBufferLike & { resizable?: boolean; growable?: boolean }
    v = buf.resizable === true || buf.growable === true ? null : new DataView(buf, live.byteOffset, live.length)
    VIEWS.set(live, v)
  }
  return v
}

/**
 * A copy of `source` taken now, and {@link ByteSnapshot.matches} to tell whether an array holds exactly the same bytes.
 * Results equal `equalBytes(snapshot.bytes, live)`; only the speed differs.
 * @internal
 * @example const s = new ByteSnapshot(script); script[0] ^= 1; s.matches(script) // false
 */
export class ByteSnapshot {
  /** The private copy (do not modify). */
  readonly bytes: Uint8Array
  /** The copy as little-endian 32-bit words (the whole words only; the tail is compared byte by byte). */
  private readonly words: Int32Array

  constructor(source: Uint8Array) {
    this.bytes = source.slice()
    const n = this.bytes.length >>> 2
    this.words = new Int32Array(n)
    const dv = new DataView(this.bytes.buffer)
    for (let i = 0; i < n; i++) this.words[i] = dv.getInt32(4 * i, true)
  }

  /** Whether `live` now holds exactly the snapshot's bytes (any other value than a Uint8Array compares element-wise, like `equalBytes`). */
  matches(live: Uint8Array): boolean {
    const copy = this.bytes
    const n = copy.length
    if (live.length !== n) return false
    if (n === 0) return true
    if (!(live instanceof Uint8Array)) return sameElements(copy, live)
    const dv = viewOf(live)
    // a detached buffer reads as length 0 above; the view's own length guards any other change of the buffer
    if (dv === null || dv.byteLength !== n) return sameElements(copy, live)
    const w = this.words
    const whole = w.length
    for (let i = 0; i < whole; i++) if (dv.getInt32(4 * i, true) !== w[i]) return false
    for (let i = 4 * whole; i < n; i++) if (live[i] !== copy[i]) return false
    return true
  }
}

function sameElements(a: Uint8Array, b: ArrayLike<number>): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
