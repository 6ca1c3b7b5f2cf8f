// Fast allocation for encoder outputs. V8 keeps typed arrays of up to 64 bytes on the JS heap (~30 ns); anything
// larger gets an off-heap backing store (~350 ns on this machine), which dominated short-record encoding. Outputs of
// 65..2048 bytes are therefore carved from a 16 KB slab, as Node's Buffer pool does. Regions are never reused, so no
// stale data can show through; the caveat is that such an array's `.buffer` is shared with other encoder outputs
// (non-zero `byteOffset`; transferring that buffer to a worker would detach them): `.slice()` gives an exclusive copy.
// Never use this for secrets.

const SLAB_SIZE = 16 * 1024
const POOL_MAX = 2048
let slab: ArrayBuffer | undefined
let used = SLAB_SIZE

/**
 * A zero-filled Uint8Array of `n` bytes, possibly a view into a shared slab (see the file comment).
 * @internal for encoder outputs only — not for keys or other secrets
 */
export function allocBytes(n: number): Uint8Array {
  if (n <= 64 || n > POOL_MAX) return new Uint8Array(n)
  if (used + n > SLAB_SIZE || slab === undefined) {
    slab = new ArrayBuffer(SLAB_SIZE)
    used = 0
  }
  const out = new Uint8Array(slab, used, n)
  used += (n + 7) & ~7
  return out
}
