// STYLE.md rule 6, checked. Module-level state in src/ is allowed in exactly three forms (docs/architecture.md, "Hidden
// state"): (a) a table: built once, never written after, never handed out to be written; (b) scratch: a buffer used
// within one synchronous call (never across an `await` or a callback) whose result is copied out before return; (c) a
// bounded memo of public, immutable data. Anything else (a switch for the whole process, a cache of chain data, a
// counter, a caller's data kept between calls) is an object the caller creates and holds.
//
// The scan reads every file of src/ with the TypeScript parser and lists each top-level
//   - `let` / `var` (any module-level variable that can be reassigned),
//   - `const X = new <typed array | DataView | ArrayBuffer>(…)` (scratch buffers, typed-array tables),
//   - `const X = new Map | WeakMap | Set | WeakSet | WeakRef` not typed `ReadonlyMap` / `ReadonlySet` (caches),
//   - `const X = []` / `{}` (containers meant to be filled),
//   - a class's `static` field that is not `readonly`;
// each must be on the list below with its form, what it holds and (memos) its bound; anything else fails, and an entry
// whose declaration is gone fails too (the list only shrinks). Beside the scan: the key is derived on every build
// (no key cache), and the files that hold scratch contain no `await` (scratch cannot span one).
import { describe, expect, test } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'
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

type Kind = 'let' | 'buffer' | 'collection' | 'container' | 'static'
type Allowed = { kind: Kind; form: 'table' | 'scratch' | 'memo'; holds: string; bound?: string }

/** Every module-level state of src/, by `file:name`: its form (STYLE rule 6), what it holds, and a memo's bound. */
const ALLOWED: Record<string, Allowed> = {
  // ---- (a) tables: built once, never written after, never returned
  'hash/blake2b.ts:IV': { kind: 'buffer', form: 'table', holds: "BLAKE2b's initialization vector (RFC 7693)" },
  'hash/blake2b.ts:SIGMA': { kind: 'buffer', form: 'table', holds: "BLAKE2b's message schedule (RFC 7693)" },
  'tx/sighash.ts:ZERO32': {
    kind: 'buffer',
    form: 'table',
    holds: 'the 32 zero bytes of an absent ZIP-143/243 digest (sighashParts hands out fresh arrays, not this one)',
  },
  // ---- (b) scratch: within one synchronous call; results copied out (the files hold no `await`)
  'address/base58check.ts:SCRATCH': {
    kind: 'buffer',
    form: 'scratch',
    holds: "a checksum's two SHA-256 digests; zeroed after each use (a WIF's payload is a key)",
  },
  'bytes/hex.ts:pairsScratch': { kind: 'let', form: 'scratch', holds: 'hex decoding pairs (grown, never shrunk)' },
  'cc/address.ts:ADDR': { kind: 'buffer', form: 'scratch', holds: "ccAddress's version ‖ hash160 ‖ checksum" },
  'cc/address.ts:ADDR21': { kind: 'buffer', form: 'scratch', holds: 'a view of ADDR (version ‖ hash160)' },
  'cc/address.ts:CHECK': { kind: 'buffer', form: 'scratch', holds: "ccAddress's checksum digests" },
  'cc/address.ts:SCRIPT_HASH': { kind: 'buffer', form: 'scratch', holds: "ccAddress's script SHA-256" },
  'hash/blake2b.ts:H1': { kind: 'buffer', form: 'scratch', holds: 'the one-shot BLAKE2b chaining state' },
  'hash/blake2b.ts:M1': { kind: 'buffer', form: 'scratch', holds: 'the one-shot BLAKE2b message words' },
  'hash/blake2b.ts:TAIL': { kind: 'buffer', form: 'scratch', holds: "the one-shot BLAKE2b's last block" },
  'hash/index.ts:SCRATCH': { kind: 'buffer', form: 'scratch', holds: "hash160's inner SHA-256" },
  'hash/ripemd32.ts:X': { kind: 'buffer', form: 'scratch', holds: 'RIPEMD-160 message words' },
  'hash/sha256.ts:H': { kind: 'buffer', form: 'scratch', holds: 'SHA-256 chaining state (wiped after key material)' },
  'hash/sha256.ts:TAIL': {
    kind: 'buffer',
    form: 'scratch',
    holds: "SHA-256's last block(s) (wiped after key material)",
  },
  'hash/sha256.ts:TAIL_VIEW': { kind: 'buffer', form: 'scratch', holds: 'a view of TAIL' },
  'hash/sha256.ts:HMAC_KEY': {
    kind: 'buffer',
    form: 'scratch',
    holds: "HMAC's padded key; zeroed before hmacSha256 returns",
  },
  'hash/sha256.ts:HMAC_OUTER': { kind: 'buffer', form: 'scratch', holds: "HMAC's outer block; zeroed before return" },
  'tx/codec.ts:TXID_DIGEST': {
    kind: 'buffer',
    form: 'scratch',
    holds: "a txid's double SHA-256 before it is reversed",
  },
  'tx/codec.ts:txidScratch': { kind: 'let', form: 'scratch', holds: 'a serialization to hash for a txid (grown)' },
  'tx/codec.ts:txidView': { kind: 'let', form: 'scratch', holds: 'the DataView of txidScratch' },
  'tx/sighash.ts:PRE': { kind: 'buffer', form: 'scratch', holds: 'a ZIP-143/243 preimage up to 512 bytes' },
  'tx/sighash.ts:PRE_DV': { kind: 'buffer', form: 'scratch', holds: 'the DataView of PRE' },
  // ---- (c) bounded memos of public, immutable data
  'hash/blake2b-wasm.ts:instance': {
    kind: 'let',
    form: 'memo',
    holds:
      'the compiled WebAssembly BLAKE2b, or null where it cannot be (a fact of the runtime); its memory is scratch',
    bound: 'one instance',
  },
  'cc/address.ts:EVAL_CONDITIONS': {
    kind: 'container',
    form: 'memo',
    holds: 'the encoded eval condition of each eval code (public)',
    bound: '256 entries (eval codes 0..255)',
  },
  'cc/address.ts:outerEval': {
    kind: 'let',
    form: 'memo',
    holds: "which eval code's condition ccAddress's fixed template holds",
    bound: 'one number',
  },
  'cc/address.ts:oraclesKey': {
    kind: 'let',
    form: 'memo',
    holds: "the Oracles module's published key (in komodod's source), decoded once",
    bound: 'one key',
  },
  'cc/condition.ts:oneOfOneCount': {
    kind: 'let',
    form: 'memo',
    holds: "ONE_OF_ONE's entry count (its bound)",
    bound: 'part of ONE_OF_ONE',
  },
  'cc/condition.ts:ONE_OF_ONE': {
    kind: 'collection',
    form: 'memo',
    holds: 'encodings of cc1of1 conditions: eval code, public key (as in the script) and condition bytes',
    bound: '256 entries (ONE_OF_ONE_MAX), oldest bucket dropped',
  },
  'cc/ed25519.ts:BASE': {
    kind: 'let',
    form: 'memo',
    holds: "ed25519's base point, computed on first use",
    bound: 'one',
  },
  'cc/ed25519.ts:D': { kind: 'let', form: 'memo', holds: "ed25519's d, computed on first use", bound: 'one' },
  'cc/ed25519.ts:D2': { kind: 'let', form: 'memo', holds: "ed25519's 2d, computed on first use", bound: 'one' },
  'cc/ed25519.ts:SQRT_M1': { kind: 'let', form: 'memo', holds: 'sqrt(-1) mod p, computed on first use', bound: 'one' },
  'modules/dice/plan.ts:globalScript': {
    kind: 'let',
    form: 'memo',
    holds: 'the Dice global CC script (public, fixed)',
    bound: 'one',
  },
  'modules/tokensv2/globals.ts:globals': {
    kind: 'let',
    form: 'memo',
    holds: 'the fixed tokens v2 global scripts',
    bound: 'one frozen object of 3',
  },
  'modules/dice/build.ts:OPRETS': {
    kind: 'collection',
    form: 'memo',
    holds: 'decoded dice oprets of state transactions (public chain data), keyed by their script arrays',
    bound: 'WeakMap: an entry dies with its script array',
  },
  'cctx/common.ts:TXIDS': {
    kind: 'collection',
    form: 'memo',
    holds: 'the txid and serialization of parsed state transactions (public chain data)',
    bound: 'WeakMap: an entry dies with its transaction object',
  },
  'cctx/common.ts:HEX_TXIDS': {
    kind: 'collection',
    form: 'memo',
    holds: 'the txid of state transactions given as hex (public chain data)',
    bound: '64 entries (HEX_TXIDS_MAX), oldest dropped',
  },
  'bytes/snapshot.ts:VIEWS': {
    kind: 'collection',
    form: 'memo',
    holds: 'a DataView per byte array compared by a ByteSnapshot (scripts only: no key array is snapshotted)',
    bound: 'WeakMap: an entry dies with its array',
  },
  'cctx/pubkey.ts:ON_CURVE': {
    kind: 'collection',
    form: 'memo',
    holds: 'public keys (hex) already found to be points on secp256k1 (issue 28: pubkey parameters)',
    bound: '256 entries (ON_CURVE_MAX), cleared when full',
  },
  'modules/inspection.ts:CONDITION_CACHE': {
    kind: 'collection',
    form: 'memo',
    holds: 'condition binaries rebuilt from (shape, eval code, public key) read from transactions',
    bound: '4096 entries (CONDITION_CACHE_MAX), cleared when full',
  },
  'modules/inspection.ts:GLOBAL_SCRIPT_CACHE': {
    kind: 'collection',
    form: 'memo',
    holds: 'the global CC script hex of each module (published keys)',
    bound: 'one entry per module of the table',
  },
}

const SRC = resolve(__dirname, '..', 'src')
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : []
  })

const BUFFER = /^(?:(?:Big)?(?:Ui|I)nt(?:8|16|32|64)Array|Uint8ClampedArray|Float(?:32|64)Array|DataView|ArrayBuffer)$/
const COLLECTION = /^(?:Map|WeakMap|Set|WeakSet|WeakRef)$/

/** The module-level state declared in one file's text (see the header). */
function scan(text: string): { name: string; kind: Kind }[] {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true)
  const out: { name: string; kind: Kind }[] = []
  for (const st of sf.statements) {
    if (ts.isClassDeclaration(st))
      for (const m of st.members) {
        const mods = ts.canHaveModifiers(m) ? (ts.getModifiers(m) ?? []) : []
        const has = (k: ts.SyntaxKind) => mods.some((x) => x.kind === k)
        if (ts.isPropertyDeclaration(m) && has(ts.SyntaxKind.StaticKeyword) && !has(ts.SyntaxKind.ReadonlyKeyword))
          out.push({ name: `${st.name?.text ?? '?'}.${m.name.getText(sf)}`, kind: 'static' })
      }
    if (!ts.isVariableStatement(st)) continue
    const constant = (st.declarationList.flags & ts.NodeFlags.Const) !== 0
    for (const d of st.declarationList.declarations) {
      const name = d.name.getText(sf)
      if (!constant) {
        out.push({ name, kind: 'let' })
        continue
      }
      let init = d.initializer
      while (init !== undefined && (ts.isParenthesizedExpression(init) || ts.isAsExpression(init)))
        init = init.expression
      if (init === undefined) continue
      const type = d.type?.getText(sf) ?? ''
      if (ts.isNewExpression(init)) {
        const ctor = init.expression.getText(sf)
        if (BUFFER.test(ctor)) out.push({ name, kind: 'buffer' })
        else if (COLLECTION.test(ctor) && !/^Readonly(?:Map|Set)</.test(type)) out.push({ name, kind: 'collection' })
      } else if (
        (ts.isArrayLiteralExpression(init) && init.elements.length === 0) ||
        (ts.isObjectLiteralExpression(init) && init.properties.length === 0)
      )
        out.push({ name, kind: 'container' })
    }
  }
  return out
}

describe('no hidden state', () => {
  const texts = new Map(files(SRC).map((p) => [relative(SRC, p).replaceAll('\\', '/'), readFileSync(p, 'utf8')]))
  const found = [...texts].flatMap(([file, text]) => scan(text).map((d) => ({ ...d, file, key: `${file}:${d.name}` })))

  test('every module-level let, buffer, cache and container of src/ is on the list, as the kind it is', () => {
    expect(found.filter((d) => ALLOWED[d.key]?.kind !== d.kind).map((d) => `${d.key} (${d.kind})`)).toEqual([])
  })
  test('the list stays true: each entry still exists, says what it holds, and a memo states its bound', () => {
    const keys = new Set(found.map((d) => d.key))
    expect(Object.keys(ALLOWED).filter((k) => !keys.has(k))).toEqual([])
    for (const [k, e] of Object.entries(ALLOWED)) {
      expect(e.holds.length, k).toBeGreaterThan(0)
      if (e.form === 'memo') expect(e.bound?.length ?? 0, `${k}: a memo states its bound`).toBeGreaterThan(0)
      // a collection or a container can only be a memo (a table is typed Readonly*, a frozen value or a literal)
      if (e.kind === 'collection' || e.kind === 'container') expect(e.form, k).toBe('memo')
    }
  })
  test('scratch never spans an await: no file holding scratch has one', () => {
    const scratchFiles = new Set(
      Object.entries(ALLOWED)
        .filter(([, e]) => e.form === 'scratch')
        .map(([k]) => k.slice(0, k.indexOf(':'))),
    )
    for (const f of scratchFiles) expect(/\bawait\b/.test(texts.get(f) ?? ''), f).toBe(false)
  })
  test('counts (issue 32: 19 lets, 22 buffers, 15 collections, 2 containers before)', () => {
    const count = (k: Kind) => found.filter((d) => d.kind === k).length
    expect({
      let: count('let'),
      buffer: count('buffer'),
      collection: count('collection'),
      container: count('container'),
    }).toEqual({ let: 13, buffer: 21, collection: 8, container: 1 })
  })
  test('the scan: what counts and what does not', () => {
    const kinds = (src: string) => scan(src).map((d) => `${d.name}:${d.kind}`)
    expect(
      kinds('const BY_NAME: ReadonlyMap<string, M> = /* @__PURE__ */ new Map(MODULES.map((m) => [m.name, m]))\n'),
    ).toEqual([])
    expect(kinds("const KINDS: ReadonlySet<string> = new Set(['a'])\nconst T = Object.freeze({ a: 1 })\n")).toEqual([])
    expect(kinds('function f() { let x = 1; const m = new Map() }\n')).toEqual([])
    expect(
      kinds(
        'let on = false\nconst CACHE = /* @__PURE__ */ new Map<string, Uint8Array>()\nexport const K: Map<number, string> = new Map()\n' +
          'const S = new Uint8Array(32)\nconst V = new DataView(S.buffer)\nconst L: number[] = []\nclass C { static n = 0; static readonly m = 1 }\n',
      ),
    ).toEqual(['on:let', 'CACHE:collection', 'K:collection', 'S:buffer', 'V:buffer', 'L:container', 'C.n:static'])
  })
  test('the process-wide switch and the key caches are gone', () => {
    for (const name of [
      'wasmOn',
      'DERIVED',
      'KEY_HASHES',
      'PUBKEYS',
      'GLOBAL_KEYS',
      'hashesSet',
      'lastBuffer',
      'chunks',
    ])
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
