// faucetget's fast proof of work (issue 22): one fixed nonce k for the faucet's public key, signatures that verify,
// attempts whose bytes are a real signed transaction, and a fixed-nonce signer that nothing else can get.
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import * as secp from '@noble/secp256k1'
import {
  buildFaucetGet,
  buildFaucetGetAsync,
  faucetTxidOk,
  prepareFaucetSearch,
} from '../../../src/modules/faucet/build.js'
import { faucetFixedNonceSigner } from '../../../src/modules/faucet/pow.js'
import { parseTransaction, serializeTransaction } from '../../../src/tx/codec.js'
import { createSighasher } from '../../../src/tx/sighash.js'
import { verifyInput } from '../../../src/tx/sign.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { CC_MODULES, FORK_CC_MODULES } from '../../../src/cc/eval.js'
import { ccScript } from '../../../src/script/cc.js'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { sha256, sha256d } from '../../../src/hash/index.js'
import { code, expectAllInputsVerify, key } from '../_build.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const k1 = key(1)
const FAUCET_PK = '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12'
const FAUCET_PRIV = 'd44ff231717d28024bc7dd71a039c4be1afeebc246da76f807533d96b4caa0e9' // spec section 2 (public)
const faucetScript = ccScript(cc1of1(0xe4, FAUCET_PK))
const bigUtxo = { txid: 'ab'.repeat(32), vout: 0, satoshis: 1_000_000_000n, script: faucetScript, height: 5 }
const twoUtxos = [
  { ...bigUtxo, satoshis: 6_000_000n },
  { ...bigUtxo, txid: 'cd'.repeat(32), vout: 3, satoshis: 7_000_000n },
]
const ctx = { pubkey: k1.pub, utxos: [], height: 1000 }

/** The 64-byte r‖s of a CC 1-of-1 faucet input's fulfillment (after `80 21 <faucet pk> 81 40`). */
function compactSig(scriptSig: Uint8Array): Uint8Array {
  const hex = bytesToHex(scriptSig)
  const at = hex.indexOf(`8021${FAUCET_PK}8140`)
  expect(at).toBeGreaterThan(0)
  return hexToBytes(hex.slice(at + 4 + 66 + 4, at + 4 + 66 + 4 + 128))
}

describe('the fast search (default)', () => {
  test('a found transaction: txid 00…00, every input verifies (ours and @noble/secp256k1 on the sighash), one r for all inputs', () => {
    for (const utxos of [[bigUtxo], twoUtxos]) {
      const r = buildFaucetGet({}, ctx, { faucetUtxos: utxos })
      expect(faucetTxidOk(r.txid)).toBe(true)
      const h = sha256d(hexToBytes(r.hex))
      expect([h[0], h[31]]).toEqual([0, 0])
      expectAllInputsVerify(r, utxos)
      const hasher = createSighasher(r.tx)
      const sigs = r.tx.vin.map((v) => compactSig(v.scriptSig))
      r.tx.vin.forEach((_v, i) => {
        const digest = hasher(i, { scriptCode: utxos[i]!.script, value: utxos[i]!.satoshis })
        expect(secp.verify(sigs[i]!, digest, hexToBytes(FAUCET_PK), { prehash: false, lowS: true })).toBe(true)
      })
      // one fixed nonce: every input's r is the same, every s is low
      expect(new Set(sigs.map((s) => bytesToHex(s.subarray(0, 32)))).size).toBe(1)
      for (const s of sigs) expect(s[32]! < 0x80).toBe(true)
    }
  })
  test('the same request finds the same transaction; the exact (RFC 6979) search signs with a different k per input', () => {
    const a = buildFaucetGet({}, ctx, { faucetUtxos: twoUtxos })
    const b = buildFaucetGet({}, ctx, { faucetUtxos: twoUtxos })
    expect(b.hex).toBe(a.hex)
    // fixture B of faucet.build.test.ts: two inputs, RFC 6979 (komodod's signatures), nonce 128213
    const us = [
      { ...bigUtxo, txid: 'cd'.repeat(32), vout: 1, satoshis: 6_000_000n },
      { ...bigUtxo, txid: 'ce'.repeat(32), vout: 2, satoshis: 4_010_000n },
    ]
    const exact = buildFaucetGet(
      {},
      { pubkey: key(2).pub, utxos: [], height: 2000 },
      { faucetUtxos: us },
      { exactSignatures: true, startNonce: 128213, maxAttempts: 1 },
    )
    expectAllInputsVerify(exact, us)
    expect(new Set(exact.tx.vin.map((v) => bytesToHex(compactSig(v.scriptSig).subarray(0, 32)))).size).toBe(2)
    const fast = buildFaucetGet({}, { pubkey: key(2).pub, utxos: [], height: 2000 }, { faucetUtxos: us })
    expect(new Set(fast.tx.vin.map((v) => bytesToHex(compactSig(v.scriptSig).subarray(0, 32)))).size).toBe(1)
    expectAllInputsVerify(fast, us)
  })
  test('async: the same transaction as the sync search; progress, abort and the attempt limit as before', async () => {
    const sync = buildFaucetGet({}, ctx, { faucetUtxos: [bigUtxo] })
    const progress: number[] = []
    const r = await buildFaucetGetAsync({}, ctx, { faucetUtxos: [bigUtxo] }, { onProgress: (n) => progress.push(n) })
    expect(r.hex).toBe(sync.hex)
    expect(progress.at(-1)).toBe(r.attempts)
    const ac = new AbortController()
    await expect(
      buildFaucetGetAsync(
        {},
        ctx,
        { faucetUtxos: [bigUtxo] },
        {
          signal: ac.signal,
          progressEvery: 4,
          onProgress: (n) => {
            if (n >= 8) ac.abort()
          },
        },
      ),
    ).rejects.toMatchObject({ code: 'ABORTED', details: { tried: 8 } })
    expect(() =>
      buildFaucetGet({}, ctx, { faucetUtxos: [bigUtxo] }, { startNonce: sync.nonce + 1, maxAttempts: 3 }),
    ).toThrow(code('POW_NOT_FOUND'))
    expect(() => buildFaucetGet({}, ctx, { faucetUtxos: [bigUtxo] }, { exactSignatures: 'yes' as never })).toThrow(
      code('ARG_INVALID'),
    )
  })
  test("each attempt's bytes parse to a transaction whose every input verifies (independent of the search)", () => {
    // finish() parses and verifies only the nonce found; here every attempt is checked by re-deriving its
    // signatures through the general signing path's verifier
    const search = prepareFaucetSearch(ctx, { faucetUtxos: twoUtxos })
    const found = buildFaucetGet({}, ctx, { faucetUtxos: twoUtxos })
    const withNonce = (nonce: number, vin = found.tx.vin) => {
      const opret = found.tx.vout.at(-1)!.script.slice()
      opret.set([nonce & 0xff, (nonce >>> 8) & 0xff, (nonce >>> 16) & 0xff, nonce >>> 24], opret.length - 4)
      return { ...found.tx, vin, vout: [...found.tx.vout.slice(0, -1), { value: 0n, script: opret }] }
    }
    // k is derived from the unsigned transaction with nonce 0 (every attempt shares it)
    const unsigned0 = withNonce(
      0,
      found.tx.vin.map((v) => ({ ...v, scriptSig: new Uint8Array(0) })),
    )
    const signer = faucetFixedNonceSigner(hexToBytes(FAUCET_PRIV), sha256(serializeTransaction(unsigned0)))
    for (const nonce of [0, 7, 0xfffffffe, found.nonce]) {
      const h = search.hashAt(nonce)
      const tx = withNonce(nonce)
      // signatures for this nonce: the fixed-nonce signer over this nonce's sighashes (the general sighash code)
      const hasher = createSighasher(tx)
      tx.vin = tx.vin.map((v, i) => {
        const digest = hasher(i, { scriptCode: twoUtxos[i]!.script, value: twoUtxos[i]!.satoshis })
        const ss = v.scriptSig.slice()
        const at = bytesToHex(ss).indexOf(`8021${FAUCET_PK}8140`) / 2 + 2 + 33 + 2
        ss.set(signer.r, at)
        signer.sInto(new DataView(digest.buffer), 0, new DataView(ss.buffer), at + 32)
        return { ...v, scriptSig: ss }
      })
      tx.vin.forEach((_v, i) =>
        expect(verifyInput(tx, i, { value: twoUtxos[i]!.satoshis, script: twoUtxos[i]!.script }).valid).toBe(true),
      )
      expect(bytesToHex(sha256d(serializeTransaction(tx))), `nonce ${nonce}`).toBe(bytesToHex(h))
      expect(parseTransaction(serializeTransaction(tx)).vin.length).toBe(2)
    }
  })
})

describe('the fixed-nonce signer is for the faucet key only', () => {
  const seed = new Uint8Array(32).fill(7)
  test("it refuses every other key: random keys, every module's global key, the faucet key with one bit flipped", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (k) => {
        if (bytesToHex(k) === FAUCET_PRIV) return
        expect(() => faucetFixedNonceSigner(k, seed)).toThrow(code('PRIVKEY_INVALID'))
      }),
      { numRuns },
    )
    for (const m of [...CC_MODULES, ...FORK_CC_MODULES].filter((x) => x.name !== 'Faucet'))
      expect(() => faucetFixedNonceSigner(hexToBytes(m.privkey), seed), m.name).toThrow(code('PRIVKEY_INVALID'))
    for (let bit = 0; bit < 256; bit++) {
      const k = hexToBytes(FAUCET_PRIV)
      k[bit >> 3] = k[bit >> 3]! ^ (1 << (bit & 7))
      expect(() => faucetFixedNonceSigner(k, seed)).toThrow(code('PRIVKEY_INVALID'))
    }
    for (const bad of [new Uint8Array(31), new Uint8Array(33), 'd44f' as never, null as never])
      expect(() => faucetFixedNonceSigner(bad, seed)).toThrow(code('PRIVKEY_INVALID'))
    expect(faucetFixedNonceSigner(hexToBytes(FAUCET_PRIV), seed).r.length).toBe(32)
  })
  test('no export of the package hands out the fixed-nonce signer or the fast loop', async () => {
    const { fastFaucetPow } = await import('../../../src/modules/faucet/pow.js')
    const entries = [
      await import('../../../src/index.js'),
      await import('../../../src/modules/faucet/index.js'),
      await import('../../../src/tx/index.js'),
      await import('../../../src/node.js'),
    ] as Record<string, unknown>[]
    for (const e of entries) {
      for (const [name, v] of Object.entries(e)) {
        expect(v === faucetFixedNonceSigner || v === fastFaucetPow, name).toBe(false)
        expect(/fixed.?nonce|fixedk|fastfaucetpow/i.test(name), name).toBe(false)
      }
    }
  })
  test('why: two signatures with one nonce give the key away (here the public faucet key)', () => {
    const signer = faucetFixedNonceSigner(hexToBytes(FAUCET_PRIV), sha256(new Uint8Array([1])))
    const z1 = sha256(new Uint8Array([2])),
      z2 = sha256(new Uint8Array([3]))
    const s1b = new Uint8Array(32),
      s2b = new Uint8Array(32)
    signer.sInto(new DataView(z1.buffer), 0, new DataView(s1b.buffer), 0)
    signer.sInto(new DataView(z2.buffer), 0, new DataView(s2b.buffer), 0)
    const n = secp.Point.CURVE().n
    const big = (b: Uint8Array) => BigInt('0x' + bytesToHex(b))
    const r = big(signer.r)
    // low-S may have negated either s: one of the four sign choices recovers d = (s1·z2 − s2·z1) / (r·(s2 − s1))
    const candidates = [1n, -1n].flatMap((a) =>
      [1n, -1n].map((b) => {
        const s1 = (a * big(s1b)) % n,
          s2 = (b * big(s2b)) % n
        const num = (((s1 * big(z2) - s2 * big(z1)) % n) + n) % n
        const den = (((r * (s2 - s1)) % n) + n) % n
        return den === 0n ? -1n : (num * secp.etc.invert(den, n)) % n
      }),
    )
    expect(candidates).toContain(big(hexToBytes(FAUCET_PRIV)))
  })
})
