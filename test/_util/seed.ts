// The one source of variety in the tests. A run uses seed '0' unless KOMODO_CC_SEED says otherwise, so every run of
// the suite makes the same keys, txids and orders (CI is reproducible); scripts/flake-hunt.mjs runs the devnet-backed
// suites under other seeds to find tests that only pass by luck. A failing test that drew on the seed prints it
// (test/_util/seed-setup.ts), and `KOMODO_CC_SEED=<seed> npx vitest run <file>` replays that run exactly.
// node:crypto's SHA-256, not the library's: this file is loaded by a setup file (seed-setup.ts), and a setup file's
// imports of the library load before a test's vi.mock (test/hash/blake2b-wasm.test.ts mocks the hash kernel)
import { createHash } from 'node:crypto'

const sha256text = (text: string): Uint8Array => new Uint8Array(createHash('sha256').update(text, 'utf8').digest())

const raw = process.env.KOMODO_CC_SEED
if (raw !== undefined && !/^[A-Za-z0-9_.-]{1,64}$/.test(raw))
  throw new Error(`KOMODO_CC_SEED must be 1..64 letters, digits, '.', '_' or '-', got ${JSON.stringify(raw)}`)

/** This run's seed: KOMODO_CC_SEED, else '0'. */
export const TEST_SEED: string = raw ?? '0'

/** Set once a test of this file drew on the seed (then a failure prints it). */
const drawn = { value: false }

/** Whether this file's tests drew anything from the seed (a failure then prints it). */
export function seedDrawn(): boolean {
  return drawn.value
}

/**
 * 32 bytes fixed by the seed and `label` (each label its own stream): `sha256("komodo-cc test <label> #<seed>")`.
 * @example seedBytes('alice') // the same 32 bytes on every run with the same seed
 */
export function seedBytes(label: string): Uint8Array {
  drawn.value = true
  return sha256text(`komodo-cc test ${label} #${TEST_SEED}`)
}

/**
 * A seeded source of numbers in [0, 1) for tests that need variety (in place of Math.random): the n-th draw is the
 * first 48 bits of `sha256("komodo-cc test <label> #<seed> n")`. Same seed and label, same sequence.
 * @example const rand = seededRandom('kill points'); const k = 1 + Math.floor(rand() * 20)
 */
export function seededRandom(label: string): () => number {
  drawn.value = true
  let n = 0
  return () => {
    const h = sha256text(`komodo-cc test ${label} #${TEST_SEED} ${n++}`)
    return (h[0]! * 2 ** 40 + h[1]! * 2 ** 32 + h[2]! * 2 ** 24 + h[3]! * 2 ** 16 + h[4]! * 2 ** 8 + h[5]!) / 2 ** 48
  }
}
