// STYLE.md rule 6 ("nothing derived from a private key outlives the call"; "a cache is an object the caller creates
// and holds, never a hidden global") checked two ways: a build derives the caller's public key on every call (no key
// cache), and every module-level Map/WeakMap in src/ is on the short list below with why it cannot hold key material.
import { describe, expect, test } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { getPublicKey } from '@noble/secp256k1'
import { buildTokenCreate, buildTokenTransfer } from '../src/modules/tokens/build.js'
import { buildOraclesCreate, buildOraclesData } from '../src/modules/oracles/build.js'
import { encodeOracleData } from '../src/oracle-data/format.js'
import { batonKey, batonPubkey } from '../src/cc/address.js'
import { cc1of1 } from '../src/cc/condition.js'
import { ccScript } from '../src/script/cc.js'
import { p2pkScript } from '../src/script/script.js'
import { sha256 } from '../src/hash/index.js'
import { keySigner, nobleSecp256k1, signTransaction, type Secp256k1Backend } from '../src/tx/sign.js'
import type { Utxo } from '../src/cctx/types.js'

/**
 * The module-level maps allowed in src/ (by constant name; the file is where it lives today). Each holds only public
 * data — never a private key or anything derived from one — and is bounded.
 */
const ALLOWED: Record<string, { where: string; holds: string; bound: string }> = {
  OPRETS: {
    where: 'modules/dice/build.ts',
    holds: 'decoded dice oprets of state transactions (public chain data), keyed by their script arrays',
    bound: 'WeakMap: an entry dies with its script array',
  },
  TXIDS: {
    where: 'cctx/common.ts',
    holds: 'the txid and serialization of parsed state transactions (public chain data)',
    bound: 'WeakMap: an entry dies with its transaction object',
  },
  HEX_TXIDS: {
    where: 'cctx/common.ts',
    holds: 'the txid of state transactions given as hex (public chain data)',
    bound: '64 entries (HEX_TXIDS_MAX), oldest dropped',
  },
  VIEWS: {
    where: 'bytes/snapshot.ts',
    holds: 'a DataView per byte array compared by a ByteSnapshot (scripts only: no key array is snapshotted)',
    bound: 'WeakMap: an entry dies with its array',
  },
  ONE_OF_ONE: {
    where: 'cc/condition.ts',
    holds: 'encodings of cc1of1 conditions: eval code, public key (as in the script) and condition bytes',
    bound: '256 entries (ONE_OF_ONE_MAX), oldest bucket dropped',
  },
  GLOBAL_SCRIPT_CACHE: {
    where: 'inspect.ts (modules/inspection.ts once the registry branch is merged)',
    holds: 'the global CC script hex of each module (published keys)',
    bound: 'one entry per module of the table',
  },
  ON_CURVE: {
    where: 'cctx/pubkey.ts',
    holds: 'public keys (hex) already found to be points on secp256k1 (issue 28: pubkey parameters)',
    bound: '256 entries (ON_CURVE_MAX), cleared when full',
  },
  CONDITION_CACHE: {
    where: 'inspect.ts (modules/inspection.ts once the registry branch is merged)',
    holds: 'condition binaries rebuilt from (shape, eval code, public key) read from transactions',
    bound: '4096 entries (CONDITION_CACHE_MAX), cleared when full',
  },
}

const SRC = resolve(__dirname, '..', 'src')
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : []
  })
// A declaration typed `ReadonlyMap<…>` is a lookup table filled once at load from the library's own constant tables
// (e.g. the module registry's indexes): nothing is added to it later, so it cannot come to hold a caller's key.
const MODULE_MAP =
  /^(?:export\s+)?(?:const|let|var)\s+(\w+)\b(?![^\n=]*:\s*ReadonlyMap<)[^\n]*?=\s*(?:\/\*\s*@__PURE__\s*\*\/\s*)?new\s+(?:WeakMap|Map)\s*[<(]/gm

describe('no hidden state', () => {
  const found = files(SRC).flatMap((p) =>
    [...readFileSync(p, 'utf8').matchAll(MODULE_MAP)].map((m) => ({
      name: m[1]!,
      file: relative(SRC, p).replaceAll('\\', '/'),
    })),
  )

  test('every module-level Map/WeakMap in src/ is on the allowlist (none may hold key material)', () => {
    expect(found.filter((d) => !(d.name in ALLOWED)).map((d) => `${d.file}: ${d.name}`)).toEqual([])
  })
  test('the allowlist stays short and true: each entry still exists, with its reason and bound', () => {
    for (const [name, e] of Object.entries(ALLOWED)) {
      expect(
        found.some((d) => d.name === name),
        name,
      ).toBe(true)
      expect(e.holds.length > 0 && e.bound.length > 0).toBe(true)
    }
    expect(Object.keys(ALLOWED).length).toBeLessThanOrEqual(8)
  })
  test('a constant lookup table typed ReadonlyMap is not counted; a mutable map is', () => {
    const scan = (src: string) => [...src.matchAll(MODULE_MAP)].map((m) => m[1])
    expect(
      scan('const BY_NAME: ReadonlyMap<string, M> = /* @__PURE__ */ new Map(MODULES.map((m) => [m.name, m]))\n'),
    ).toEqual([])
    expect(
      scan(
        'const CACHE = /* @__PURE__ */ new Map<string, Uint8Array>()\nexport const K: Map<number, string> = new Map()\n',
      ),
    ).toEqual(['CACHE', 'K'])
  })
  test('the key caches are gone', () => {
    for (const name of ['DERIVED', 'KEY_HASHES', 'PUBKEYS', 'GLOBAL_KEYS'])
      expect(
        found.some((d) => d.name === name),
        name,
      ).toBe(false)
  })

  // ---- a build derives what it needs from the key on every call ----------------------------------------------------
  const counting = (): Secp256k1Backend & { derived: number } => {
    const b = {
      name: 'counting',
      derived: 0,
      sign: (d: Uint8Array, k: Uint8Array) => nobleSecp256k1.sign(d, k),
      verify: (s: Uint8Array, d: Uint8Array, p: Uint8Array, h?: boolean) => nobleSecp256k1.verify(s, d, p, h),
      getPublicKey(k: Uint8Array) {
        b.derived++
        return nobleSecp256k1.getPublicKey(k)
      },
    }
    return b
  }
  const priv = sha256(new TextEncoder().encode('no hidden state'))
  const pubkey = getPublicKey(priv, true)
  const coin = (b: string, sats: bigint): Utxo => ({
    txid: b.repeat(32),
    vout: 0,
    satoshis: sats,
    script: p2pkScript(pubkey),
    height: 1,
  })
  const out = (r: { txid: string; tx: { vout: { value: bigint; script: Uint8Array }[] } }, n: number): Utxo => ({
    txid: r.txid,
    vout: n,
    satoshis: r.tx.vout[n]!.value,
    script: r.tx.vout[n]!.script,
  })
  const create = buildTokenCreate(
    { name: 'NHS', supply: '1' },
    { pubkey, utxos: [coin('11', 1_000_000_000n)], height: 10, privateKey: priv },
  )
  const state = { create: create.tx, tokens: [out(create, 1)] }
  const transfer = (ctx: object) =>
    buildTokenTransfer(
      { tokenid: create.txid, destpubkey: pubkey, amount: 1000n },
      { pubkey, utxos: [coin('22', 1_000_000n)], height: 12, ...ctx },
      state,
    )

  test('two builds with the same key array derive the public key each time (a cache would derive it once)', () => {
    const backend = counting()
    const ctx = { privateKey: priv, backend }
    const first = transfer(ctx)
    const once = backend.derived
    expect(once).toBeGreaterThan(0)
    const second = transfer(ctx)
    expect(backend.derived).toBe(2 * once)
    expect(second.hex).toBe(first.hex)
  })
  test('signTransaction with the same key array derives the public key each time', () => {
    const backend = counting()
    const r = transfer({})
    const tx = r.tx
    const prevouts = [
      { value: 1_000_000n, script: p2pkScript(pubkey) },
      { value: create.tx.vout[1]!.value, script: create.tx.vout[1]!.script, condition: cc1of1(0xf2, pubkey) },
    ]
    const a = signTransaction(tx, prevouts, [priv], { backend })
    signTransaction(tx, prevouts, [priv], { backend })
    expect(backend.derived).toBe(2)
    expect(a.vin.every((v) => v.scriptSig.length > 0)).toBe(true)
  })
  test('a held signer (context.signer) is not derived again: the same bytes, no derivation per build', () => {
    const backend = counting()
    const signer = keySigner(priv, backend)
    expect(backend.derived).toBe(1)
    const a = transfer({ signer, backend })
    const b = transfer({ signer, backend })
    expect(backend.derived).toBe(1)
    expect(a.hex).toBe(transfer({ privateKey: priv }).hex)
    expect(b.signed).toBe(true)
  })
  test('context.signer must be the key of context.pubkey', () => {
    expect(() => transfer({ signer: keySigner(sha256(priv)) })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
    expect(() => transfer({ signer: { publicKey: new Uint8Array(3), sign: () => new Uint8Array(64) } })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
  })
  test('oraclesdata: the baton key pair is derived per build from the key, or taken from context.batonSigner', () => {
    const oracle = buildOraclesCreate(
      { name: 'NHS', description: 'd', format: 'L' },
      { pubkey, utxos: [coin('33', 10_000_000n)], height: 10, privateKey: priv },
    )
    const baton = {
      txid: '44'.repeat(32),
      vout: 1,
      satoshis: 10000n,
      script: ccScript(cc1of1(0xec, batonPubkey(priv))),
      height: 11,
    }
    const sub = {
      txid: '55'.repeat(32),
      vout: 0,
      satoshis: 100_000_000n,
      script: ccScript(cc1of1(0xec, pubkey)),
      height: 11,
    }
    const st = { oracle: oracle.tx, datafee: 20000n, baton, subscriptions: [sub] }
    const data = (ctx: object) =>
      buildOraclesData(
        { oracletxid: oracle.txid, hexstr: encodeOracleData('L', [7n]) },
        { pubkey, utxos: [coin('66', 1_000_000n)], height: 12, ...ctx },
        st,
      )
    const backend = counting()
    const a = data({ privateKey: priv, backend })
    const once = backend.derived
    data({ privateKey: priv, backend })
    expect(backend.derived).toBe(2 * once)
    const held = counting()
    const signer = keySigner(priv, held),
      batonSigner = keySigner(batonKey(priv), held)
    expect(data({ signer, batonSigner, backend: held }).hex).toBe(a.hex)
    expect(data({ signer, batonSigner, backend: held }).hex).toBe(a.hex)
    expect(held.derived).toBe(2) // the two keySigner calls, none per build
  })
})
