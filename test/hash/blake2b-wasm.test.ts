// The WebAssembly BLAKE2b (src/hash/blake2b-wasm.ts) against the pure-JS one and @noble/hashes, and the option
// (`blake2b: 'auto' | 'wasm' | 'js'` of the call, the sighasher and the build context) that chooses between them.
// There is no process-wide switch (STYLE rule 6): two callers with different choices do not affect each other.
import { afterAll, describe, expect, test, vi } from 'vitest'
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { blake2b } from '@noble/hashes/blake2.js'
import fc from 'fast-check'
import * as utxolib from '@bitgo/utxo-lib'
import zip243 from '../../vectors/tx/zip243.json' with { type: 'json' }
import zip143 from '../../vectors/tx/zip143.json' with { type: 'json' }
import ccSpend from '../../vectors/tx/cc-spend.json' with { type: 'json' }
import * as wasm from '../../src/hash/blake2b-wasm.js'
import * as js from '../../src/hash/blake2b.js'
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import { createSighasher, sighash, sighashParts } from '../../src/tx/sighash.js'
import { BLAKE2B_WASM_BASE64 } from '../../src/hash/blake2b-wasm-bytes.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import type { Transaction } from '../../src/tx/types.js'

// count the calls that reach the WebAssembly functions (they still run for real)
vi.mock('../../src/hash/blake2b-wasm.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/hash/blake2b-wasm.js')>()
  return {
    ...m,
    blake2b256Personal: vi.fn(m.blake2b256Personal),
    blake2bMidstate: vi.fn(m.blake2bMidstate),
    blake2bFromMidstate: vi.fn(m.blake2bFromMidstate),
  }
})
const wasmCalls = () =>
  vi.mocked(wasm.blake2b256Personal).mock.calls.length +
  vi.mocked(wasm.blake2bMidstate).mock.calls.length +
  vi.mocked(wasm.blake2bFromMidstate).mock.calls.length

afterAll(() => {
  expect(js.blake2bBackend()).toBe('wasm')
})

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const code = (c: string) => expect.objectContaining({ code: c })
const utf8 = (s: string) => new TextEncoder().encode(s)
const sigPerson = (branch: number) => {
  const p = new Uint8Array(16)
  p.set(utf8('ZcashSigHash'))
  new DataView(p.buffer).setUint32(12, branch, true)
  return p
}
const PERSONS = [utf8('ZcashPrevoutHash'), sigPerson(0x76b809bb), new Uint8Array(16), new Uint8Array(16).fill(0xff)]
const noble = (d: Uint8Array, p: Uint8Array) => bytesToHex(blake2b(d, { dkLen: 32, personalization: p }))
const data = (n: number, seed = 0) => {
  const d = new Uint8Array(n)
  for (let i = 0; i < n; i++) d[i] = (i * 167 + seed * 31 + (i >>> 8)) & 0xff
  return d
}

describe('WebAssembly BLAKE2b-256 equals the pure-JS one and @noble/hashes', () => {
  test('the module is small enough for synchronous compilation in browsers (< 4 KB) and available here', () => {
    expect(atob(BLAKE2B_WASM_BASE64).length).toBeLessThan(4096)
    expect(wasm.wasmBlake2bAvailable()).toBe(true)
  })
  test('src/hash/blake2b-wasm-bytes.ts is what scripts/gen-blake2b-wasm.mjs writes (re-runnable, deterministic)', () => {
    const r = spawnSync(
      process.execPath,
      [resolve(__dirname, '..', '..', 'scripts', 'gen-blake2b-wasm.mjs'), '--check'],
      { encoding: 'utf8' },
    )
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
  })
  test('the Into forms (both backends) write the digest at an offset and touch nothing else', () => {
    for (const [name, into] of [
      ['wasm', wasm.blake2b256PersonalInto],
      [
        'js',
        (d: Uint8Array, p: Uint8Array, o: Uint8Array, off: number) => js.blake2b256PersonalInto(d, p, o, off, 'js'),
      ],
    ] as const) {
      for (const n of [0, 1, 127, 128, 129, 300, 65024, 65025, 70000]) {
        const d = data(n, 5)
        const out = new Uint8Array(80).fill(0xee)
        expect(into(d, PERSONS[1]!, out, 17), name).toBe(out)
        expect(bytesToHex(out.subarray(17, 49)), `${name} ${n}`).toBe(noble(d, PERSONS[1]!))
        expect(
          out.subarray(0, 17).every((b) => b === 0xee) && out.subarray(49).every((b) => b === 0xee),
          `${name} ${n} guard bytes`,
        ).toBe(true)
      }
    }
  })
  test('every length 0..1100, four personalizations', () => {
    for (const p of PERSONS) {
      for (let n = 0; n <= 1100; n++) {
        const d = data(n, p[0]!)
        const want = noble(d, p)
        expect(bytesToHex(wasm.blake2b256Personal(d, p))).toBe(want)
        expect(bytesToHex(js.blake2b256Personal(d, p, 'js'))).toBe(want)
      }
    }
  })
  test('random data up to 20 KB, random personalization', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20_000 }), fc.uint8Array({ minLength: 16, maxLength: 16 }), (d, p) => {
        const want = noble(d, p)
        expect(bytesToHex(wasm.blake2b256Personal(d, p))).toBe(want)
        expect(bytesToHex(js.blake2b256Personal(d, p, 'js'))).toBe(want)
      }),
      { numRuns: Math.max(20, numRuns >> 2) },
    )
  })
  test('messages longer than the module memory are absorbed in chunks (65024 bytes each)', () => {
    const p = PERSONS[1]!
    for (const n of [65023, 65024, 65025, 65024 + 128, 65024 * 2, 65024 * 2 + 1, 200_003]) {
      const d = data(n, n)
      expect(bytesToHex(wasm.blake2b256Personal(d, p)), `length ${n}`).toBe(noble(d, p))
    }
  })
  test('views into a larger buffer, and personalizations of other lengths read like the pure-JS code', () => {
    const big = data(3000, 7)
    const view = big.subarray(13, 13 + 700)
    expect(bytesToHex(wasm.blake2b256Personal(view, PERSONS[0]!))).toBe(noble(view, PERSONS[0]!))
    for (const p of [utf8('short'), data(20, 3), new Uint8Array(0)])
      expect(bytesToHex(wasm.blake2b256Personal(view, p))).toBe(bytesToHex(js.blake2b256Personal(view, p, 'js')))
  })
})

describe('midstates are interchangeable', () => {
  test('JS midstate → WASM finish and WASM midstate → JS finish, random rests (some past the module memory)', () => {
    const rest = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 1500 }),
      fc.integer({ min: 65000, max: 140_000 }).map((n) => data(n, n)),
    )
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 128, maxLength: 128 }),
        rest,
        fc.constantFrom(...PERSONS),
        (first, r, p) => {
          const want = noble(new Uint8Array([...first, ...r]), p)
          const midJs = js.blake2bMidstate(p, first, 'js')
          const midWasm = wasm.blake2bMidstate(p, first)
          expect(Array.from(midWasm)).toEqual(Array.from(midJs))
          expect(midWasm).toBeInstanceOf(Int32Array)
          expect(bytesToHex(wasm.blake2bFromMidstate(midJs, r))).toBe(want)
          expect(bytesToHex(js.blake2bFromMidstate(midWasm, r, 'js'))).toBe(want)
          expect(bytesToHex(wasm.blake2bFromMidstate(midWasm, r))).toBe(want)
        },
      ),
      { numRuns: Math.max(20, numRuns >> 2) },
    )
  })
  test('a midstate is a copy: later hashing does not change it', () => {
    const p = PERSONS[0]!
    const mid = wasm.blake2bMidstate(p, data(128, 1))
    const saved = Array.from(mid)
    wasm.blake2b256Personal(data(999, 2), p)
    wasm.blake2bMidstate(PERSONS[1]!, data(128, 3))
    expect(Array.from(mid)).toEqual(saved)
  })
})

const sapling = zip243.cases.map((c) => ({
  name: c.description,
  tx: c.tx,
  input: c.transparentInput,
  scriptCode: c.scriptCode,
  amount: c.amount,
  hashType: c.hashType,
  branchId: c.branchId,
  sighash: c.sighash,
}))
const overwinter = zip143.cases.map((c) => ({
  name: c.description,
  tx: c.tx,
  input: c.transparentInput,
  scriptCode: c.scriptCode,
  amount: c.amount,
  hashType: c.hashType,
  branchId: c.branchId,
  sighash: c.sighash,
}))
const ccCases = (ccSpend.cases as Record<string, any>[])
  .filter((c) => c.kind === 'tx_cc_spend_example')
  .map((c) => ({
    name: `CC spend key ${c.keyIndex}`,
    tx: c.unsignedTx as string,
    input: 0 as number | null,
    scriptCode: c.scriptCode as string,
    amount: String(c.spentOutput.value),
    hashType: c.hashType as number,
    branchId: 0x76b809bb,
    sighash: c.sighash as string,
  }))

describe("the blake2b option: sighash() is the same with 'js' and 'wasm'", () => {
  test.each([...sapling, ...overwinter, ...ccCases].map((c) => [c.name, c] as const))('%s', (_n, c) => {
    const opts = {
      scriptCode: hexToBytes(c.scriptCode),
      value: BigInt(c.amount),
      hashType: c.hashType,
      branchId: c.branchId,
    }
    for (const on of [false, true, false]) {
      const blake2b = on ? 'wasm' : 'js'
      const before = wasmCalls()
      const tx = parseTransaction(c.tx)
      // one-shot, then again on the same object (the second call goes through the BLAKE2b midstate)
      expect(bytesToHex(sighash(tx, c.input, { ...opts, blake2b }))).toBe(c.sighash)
      expect(bytesToHex(sighash(tx, c.input, { ...opts, blake2b }))).toBe(c.sighash)
      const h = createSighasher(parseTransaction(c.tx), { blake2b })
      expect(bytesToHex(h(c.input, opts))).toBe(c.sighash)
      expect(bytesToHex(h(c.input, opts))).toBe(c.sighash)
      if (on) expect(wasmCalls()).toBeGreaterThan(before)
      else expect(wasmCalls()).toBe(before) // 'js' stays on the pure-JS path
    }
  })
  test('a midstate remembered under one choice serves the other (a call overrides the sighasher)', () => {
    const c = ccCases[0]!
    const opts = { scriptCode: hexToBytes(c.scriptCode), value: BigInt(c.amount), hashType: c.hashType }
    for (const [first, second] of [
      ['js', 'wasm'],
      ['wasm', 'js'],
    ] as const) {
      const h = createSighasher(parseTransaction(c.tx))
      expect(bytesToHex(h(0, { ...opts, blake2b: first }))).toBe(c.sighash) // computes and keeps the midstate
      const before = wasmCalls()
      expect(bytesToHex(h(0, { ...opts, blake2b: second }))).toBe(c.sighash)
      if (second === 'js') expect(wasmCalls()).toBe(before)
      else expect(wasmCalls()).toBeGreaterThan(before)
    }
  })
  test('two sighashers with different choices, interleaved, do not affect each other (no shared switch)', () => {
    const c = ccCases[0]!
    const opts = { scriptCode: hexToBytes(c.scriptCode), value: BigInt(c.amount), hashType: c.hashType }
    const hJs = createSighasher(parseTransaction(c.tx), { blake2b: 'js' })
    const hWasm = createSighasher(parseTransaction(c.tx))
    for (let i = 0; i < 3; i++) {
      let before = wasmCalls()
      expect(bytesToHex(hWasm(0, opts))).toBe(c.sighash)
      expect(wasmCalls()).toBeGreaterThan(before)
      before = wasmCalls()
      expect(bytesToHex(hJs(0, opts))).toBe(c.sighash)
      expect(wasmCalls()).toBe(before)
    }
  })
  test('random transparent v4 transactions: every input and hash type, on = off = @bitgo/utxo-lib', () => {
    const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n })
    const input = fc.record({
      txid: bytes(32).map(bytesToHex),
      vout: fc.nat({ max: 0xffffffff }),
      scriptSig: fc.uint8Array({ maxLength: 10 }),
      sequence: fc.nat({ max: 0xffffffff }),
    })
    const output = fc.record({
      value: fc.bigInt({ min: 0n, max: 2n ** 50n }),
      script: fc.uint8Array({ maxLength: 300 }),
    })
    const txArb = fc
      .record({
        vin: fc.array(input, { minLength: 1, maxLength: 4 }),
        vout: fc.array(output, { maxLength: 8 }),
        lockTime: fc.nat({ max: 0xffffffff }),
        expiryHeight: fc.nat({ max: 499999999 }),
      })
      .map((t): Transaction => ({
        overwintered: true,
        version: 4,
        versionGroupId: 0x892f2085,
        ...t,
        valueBalance: 0n,
        shieldedSpends: [],
        shieldedOutputs: [],
        joinSplits: [],
      }))
    fc.assert(
      fc.property(
        txArb,
        fc.uint8Array({ maxLength: 400 }),
        fc.bigInt({ min: 0n, max: 2n ** 50n }),
        (tx, scriptCode, value) => {
          const peer = utxolib.bitgo.ZcashTransaction.fromBuffer<bigint>(
            Buffer.from(serializeTransaction(tx)),
            false,
            'bigint',
            utxolib.networks.zcash,
          )
          peer.consensusBranchId = 0x76b809bb
          const partsJs = sighashParts(tx, 'js')
          const hJs = createSighasher(tx, { blake2b: 'js' })
          const partsWasm = sighashParts(tx, 'wasm')
          const hWasm = createSighasher(tx, { blake2b: 'wasm' })
          expect(partsWasm).toEqual(partsJs)
          for (let i = 0; i < tx.vin.length; i++) {
            for (const hashType of [1, 2, 3, 0x81, 0x82, 0x83]) {
              const want = bytesToHex(peer.hashForSignatureByNetwork(i, Buffer.from(scriptCode), value, hashType))
              expect(bytesToHex(hJs(i, { scriptCode, value, hashType }))).toBe(want)
              expect(bytesToHex(hWasm(i, { scriptCode, value, hashType }))).toBe(want)
            }
          }
        },
      ),
      { numRuns: Math.max(10, numRuns >> 3) },
    )
  })
  test('no process-wide switch: useWasmBlake2b is gone; blake2bBackend tells what a choice runs on', async () => {
    expect('useWasmBlake2b' in (await import('../../src/tx/index.js'))).toBe(false)
    expect('useWasmBlake2b' in (await import('../../src/index.js'))).toBe(false)
    expect('useWasmBlake2b' in js).toBe(false)
    expect(js.blake2bBackend()).toBe('wasm')
    expect(js.blake2bBackend('js')).toBe('js')
    expect(js.blake2bBackend('wasm')).toBe('wasm')
  })
  test("a build's context.blake2b: 'js' signs on pure JS with the same bytes; the default build on WebAssembly", async () => {
    const { buildFaucetFund } = await import('../../src/modules/faucet/build.js')
    const { p2pkScript } = await import('../../src/script/script.js')
    const { getPublicKey } = await import('@noble/secp256k1')
    const priv = new Uint8Array(32).fill(7)
    const pubkey = getPublicKey(priv, true)
    const utxos = [{ txid: '11'.repeat(32), vout: 0, satoshis: 100_000_000n, script: p2pkScript(pubkey), height: 1 }]
    let before = wasmCalls()
    const js1 = buildFaucetFund({ amount: '0.5' }, { pubkey, utxos, height: 10, privateKey: priv, blake2b: 'js' })
    expect(wasmCalls()).toBe(before)
    before = wasmCalls()
    const auto = buildFaucetFund({ amount: '0.5' }, { pubkey, utxos, height: 10, privateKey: priv })
    expect(wasmCalls()).toBeGreaterThan(before)
    expect(js1.hex).toBe(auto.hex)
    expect(() => buildFaucetFund({ amount: '0.5' }, { pubkey, utxos, height: 10, blake2b: 'fast' as never })).toThrow(
      code('ARG_INVALID'),
    )
  })
  test("the option takes only 'auto', 'wasm' or 'js'", () => {
    const c = ccCases[0]!
    const tx = parseTransaction(c.tx)
    const opts = { scriptCode: hexToBytes(c.scriptCode), value: BigInt(c.amount), hashType: c.hashType }
    for (const bad of ['yes', 1, null, true])
      expect(() => sighash(tx, 0, { ...opts, blake2b: bad as never })).toThrow(code('ARG_INVALID'))
    expect(() => createSighasher(tx, { blake2b: false as never })).toThrow(code('ARG_INVALID'))
    expect(() => js.blake2bBackend('x' as never)).toThrow(code('ARG_INVALID'))
  })
})

describe('the default: WebAssembly wherever it can be instantiated', () => {
  test('a fresh module hashes the sighash on WebAssembly without any switch being called', async () => {
    vi.resetModules()
    try {
      const freshWasm = await import('../../src/hash/blake2b-wasm.js') // the counting mock, fresh
      const fresh = await import('../../src/tx/sighash.js')
      const freshCodec = await import('../../src/tx/codec.js')
      const c = ccCases[0]!
      const calls = () =>
        vi.mocked(freshWasm.blake2b256Personal).mock.calls.length +
        vi.mocked(freshWasm.blake2bMidstate).mock.calls.length
      const before = calls()
      const opts = { scriptCode: hexToBytes(c.scriptCode), value: BigInt(c.amount), hashType: c.hashType }
      expect(bytesToHex(fresh.sighash(freshCodec.parseTransaction(c.tx), 0, opts))).toBe(c.sighash)
      expect(calls()).toBeGreaterThan(before)
      expect((await import('../../src/hash/blake2b.js')).blake2bBackend()).toBe('wasm')
    } finally {
      vi.resetModules()
    }
  })
  test("a call with blake2b: 'js' stays on pure JS; the next call without it is on WebAssembly again", () => {
    const c = ccCases[0]!
    const opts = { scriptCode: hexToBytes(c.scriptCode), value: BigInt(c.amount), hashType: c.hashType }
    let before = wasmCalls()
    expect(bytesToHex(sighash(parseTransaction(c.tx), 0, { ...opts, blake2b: 'js' }))).toBe(c.sighash)
    expect(wasmCalls()).toBe(before)
    before = wasmCalls()
    expect(bytesToHex(sighash(parseTransaction(c.tx), 0, opts))).toBe(c.sighash)
    expect(wasmCalls()).toBeGreaterThan(before)
  })
})

// A Content-Security-Policy without 'wasm-unsafe-eval' lets the WebAssembly global exist but refuses to compile
// (Chromium: "CompileError: WebAssembly.Module(): Wasm code generation disallowed by embedder").
class RefusingModule {
  constructor() {
    throw new WebAssembly.CompileError('WebAssembly.Module(): Wasm code generation disallowed by embedder')
  }
}

describe('without WebAssembly', () => {
  test.each([
    ['no WebAssembly global', undefined],
    [
      'a CSP that refuses compilation',
      { ...WebAssembly, Module: RefusingModule, CompileError: WebAssembly.CompileError },
    ],
  ])('%s: the default falls back to pure JS on its own, with the same digests', async (_n, global) => {
    vi.doUnmock('../../src/hash/blake2b-wasm.js')
    vi.resetModules()
    vi.stubGlobal('WebAssembly', global)
    try {
      const fresh = await import('../../src/hash/blake2b.js')
      const d = data(300, 9)
      expect(bytesToHex(fresh.blake2b256Personal(d, PERSONS[0]!))).toBe(noble(d, PERSONS[0]!)) // no throw, no switch called
      expect(fresh.blake2bBackend()).toBe('js')
      const { sighash: freshSighash } = await import('../../src/tx/sighash.js')
      const c = ccCases[0]!
      expect(
        bytesToHex(
          freshSighash(parseTransaction(c.tx), 0, {
            scriptCode: hexToBytes(c.scriptCode),
            value: BigInt(c.amount),
            hashType: c.hashType,
          }),
        ),
      ).toBe(c.sighash)
      expect(fresh.blake2bBackend('auto')).toBe('js')
      expect(fresh.blake2bBackend('wasm')).toBe('js')
    } finally {
      vi.unstubAllGlobals()
      vi.resetModules()
    }
  })

  test("blake2b: 'wasm' falls back to pure JS: the same digests, no throw", async () => {
    vi.doUnmock('../../src/hash/blake2b-wasm.js') // fresh, unmocked module instances with no WebAssembly global
    vi.resetModules()
    vi.stubGlobal('WebAssembly', undefined)
    try {
      const fresh = await import('../../src/hash/blake2b.js')
      const freshWasm = await import('../../src/hash/blake2b-wasm.js')
      expect(fresh.blake2bBackend('wasm')).toBe('js')
      expect(freshWasm.wasmBlake2bAvailable()).toBe(false)
      const d = data(300, 9)
      expect(bytesToHex(fresh.blake2b256Personal(d, PERSONS[0]!, 'wasm'))).toBe(noble(d, PERSONS[0]!))
      expect(() => freshWasm.blake2b256Personal(d, PERSONS[0]!)).toThrow(code('ARG_INVALID'))
    } finally {
      vi.unstubAllGlobals()
      vi.resetModules()
    }
  })
})
