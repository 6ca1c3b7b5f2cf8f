import { describe, expect, test } from 'vitest'
import docs from '../../../vectors/build/faucet-docs.json' with { type: 'json' }
import spec from '../../../vectors/build/tokens-faucet-spec.json' with { type: 'json' }
import {
  buildFaucetFund,
  buildFaucetGet,
  buildFaucetGetAsync,
  faucetTxidOk,
  prepareFaucetSearch,
  FAUCET_SIZE,
} from '../../../src/modules/faucet/build.js'
import { encodeFaucetOpret } from '../../../src/modules/faucet/opret.js'
import { serializeTransaction } from '../../../src/tx/codec.js'
import { signTransaction } from '../../../src/tx/sign.js'
import type { Transaction } from '../../../src/tx/types.js'
import { decodeFaucetOpret } from '../../../src/modules/faucet/opret.js'
import { parseTransaction, txidOfBytes } from '../../../src/tx/codec.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { ccScript } from '../../../src/script/cc.js'
import { p2pkScript } from '../../../src/script/script.js'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { sha256d } from '../../../src/hash/index.js'
import { coin, ctxOf, code, expectAllInputsVerify, key, refusal } from '../_build.js'
import { inspectBuild } from '../../../src/inspect-build.js'

const k1 = key(1)
const k2 = key(2)
const FAUCET_PK = '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12'
const faucetScript = ccScript(cc1of1(0xe4, FAUCET_PK))
const FAUCET_PRIV = 'd44ff231717d28024bc7dd71a039c4be1afeebc246da76f807533d96b4caa0e9' // spec section 2 (public)
/** The faucetget layout built by hand for two inputs of 6,000,000 + 7,000,000 (change 2,990,000), test key 1, height 1000. */
function twoInputTemplate(utxos: { txid: string; vout: number; satoshis: bigint; script: Uint8Array }[]): Transaction {
  return {
    overwintered: true,
    version: 4,
    versionGroupId: 0x892f2085,
    lockTime: 0,
    expiryHeight: 1201,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
    vin: utxos.map((u) => ({ txid: u.txid, vout: u.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })),
    vout: [
      { value: 2_990_000n, script: faucetScript },
      { value: 10_000_000n, script: p2pkScript(k1.pub) },
      { value: 0n, script: new Uint8Array(0) },
    ],
  }
}

describe('faucetfund', () => {
  const funding = [coin('11'.repeat(32), 20_000_000_000n, k1.pub)]
  test('amount to the Faucet global CC address, change, no opret', () => {
    const r = buildFaucetFund({ amount: '100' }, ctxOf(funding, k1.priv))
    expectAllInputsVerify(r, funding)
    expect(bytesToHex(r.tx.vout[0]!.script)).toBe(spec.faucetGlobalScript)
    expect(r.tx.vout.map((o) => o.value)).toEqual([10_000_000_000n, 20_000_000_000n - 10_000_000_000n - 10000n])
    expect(r.tx.vout.every((o) => o.script[0] !== 0x6a)).toBe(true)
  })
  test('refusals', () => {
    refusal(() => buildFaucetFund({ amount: '0' }, ctxOf(funding, k1.priv)), 'funding amount must be positive')
    refusal(() => buildFaucetFund({ amount: -5n }, ctxOf(funding, k1.priv)), 'funding amount must be positive')
    refusal(
      () => buildFaucetFund({ amount: '200' }, ctxOf(funding, k1.priv)),
      'couldnt create faucet funding transaction',
      'INSUFFICIENT_FUNDS',
    )
  })
  test('faucet-faucetfund-01: the documented outputs from the same coin (its value inferred from change + fee)', () => {
    const c = docs.cases[0]!
    const doc = parseTransaction(c.hex)
    const owner = doc.vout[1]!.script.subarray(1, 34)
    const utxo = {
      txid: doc.vin[0]!.txid,
      vout: doc.vin[0]!.vout,
      satoshis: doc.vout[0]!.value + doc.vout[1]!.value + 10000n,
      script: p2pkScript(owner),
    }
    const r = buildFaucetFund({ amount: c.params![0]! }, { pubkey: owner, utxos: [utxo], height: 0 })
    expect(r.tx.vin.map((v) => [v.txid, v.vout])).toEqual(doc.vin.map((v) => [v.txid, v.vout]))
    expect(r.tx.vout.map((o) => [o.value, bytesToHex(o.script)])).toEqual(
      doc.vout.map((o) => [o.value, bytesToHex(o.script)]),
    )
  })
})

describe('faucetget with exactSignatures: RFC 6979 on every attempt, as komodod', () => {
  // Fixture A: one 10-coin faucet UTXO, payout to test key 1, height 1000. Nonce 62000 is the first from 0 that works.
  const bigUtxo = { txid: 'ab'.repeat(32), vout: 0, satoshis: 1_000_000_000n, script: faucetScript, height: 5 }
  const ctxA = { pubkey: k1.pub, utxos: [], height: 1000 }
  test('finds the nonce; txid starts and ends with 00; inputs verify; layout', () => {
    const progress: number[] = []
    const r = buildFaucetGet(
      {},
      ctxA,
      { faucetUtxos: [bigUtxo] },
      { startNonce: 61990, onProgress: (n) => progress.push(n), exactSignatures: true },
    )
    expect(r.nonce).toBe(62000)
    expect(r.attempts).toBe(11)
    expect(progress.at(-1)).toBe(11)
    expect(r.txid.startsWith('00') && r.txid.endsWith('00')).toBe(true)
    expect(faucetTxidOk(r.txid)).toBe(true)
    // independent: sha256d of the returned bytes has zero first and last bytes
    const h = sha256d(hexToBytes(r.hex))
    expect([h[0], h[31]]).toEqual([0, 0])
    expect(txidOfBytes(hexToBytes(r.hex))).toBe(r.txid)
    expectAllInputsVerify(r, [bigUtxo])
    expect(r.inputs.map((i) => [i.kind, i.role])).toEqual([['cc', 'global']])
    expect(r.tx.vout.map((o) => o.value)).toEqual([1_000_000_000n - FAUCET_SIZE - 10000n, FAUCET_SIZE, 0n])
    expect(bytesToHex(r.tx.vout[0]!.script)).toBe(spec.faucetGlobalScript)
    expect(bytesToHex(r.tx.vout[1]!.script)).toBe(bytesToHex(p2pkScript(k1.pub)))
    expect(decodeFaucetOpret(r.tx.vout[2]!.script)).toEqual({ funcid: 'G', nonce: 62000 })
    expect(r.fee).toBe(10000n)
    expect(inspectBuild(r)).toMatchObject({ module: 'faucet', method: 'faucetget' })
  })
  test('the fast search (patched bytes) hashes exactly what full signing and serialization give, nonce by nonce', () => {
    const twoInputs = [
      { ...bigUtxo, satoshis: 6_000_000n },
      { ...bigUtxo, vout: 1, satoshis: 7_000_000n },
    ]
    for (const utxos of [[bigUtxo], twoInputs]) {
      const search = prepareFaucetSearch(ctxA, { faucetUtxos: utxos }, undefined, { exactSignatures: true })
      const tmpl = buildFaucetGet(
        {},
        ctxA,
        { faucetUtxos: [bigUtxo] },
        { startNonce: 62000, maxAttempts: 1, exactSignatures: true },
      )
      expect(tmpl.nonce).toBe(62000)
      for (const n of [0, 1, 255, 256, 65535, 0x01020304, 0xffffffff]) {
        const fast = bytesToHex(search.hashAt(n))
        const plan = utxos.map((u) => ({ value: u.satoshis, script: u.script, condition: cc1of1(0xe4, FAUCET_PK) }))
        const base = utxos === twoInputs ? twoInputTemplate(utxos) : tmpl.tx
        const tx = {
          ...base,
          vout: [...base.vout.slice(0, -1), { value: 0n, script: encodeFaucetOpret({ funcid: 'G', nonce: n }) }],
        }
        const full = bytesToHex(sha256d(serializeTransaction(signTransaction(tx, plan, [hexToBytes(FAUCET_PRIV)]))))
        expect(fast, `nonce ${n}`).toBe(full)
      }
    }
  })
  test("the opret of nonce 0x01020304 is the spec's script", async () => {
    const { encodeFaucetOpret } = await import('../../../src/modules/faucet/opret.js')
    expect(bytesToHex(encodeFaucetOpret({ funcid: 'G', nonce: spec.faucetGetOpret.nonce }))).toBe(
      spec.faucetGetOpret.script,
    )
  })
  test('async wrapper gives the same transaction and yields between batches', async () => {
    const sync = buildFaucetGet({}, ctxA, { faucetUtxos: [bigUtxo] }, { startNonce: 61990, exactSignatures: true })
    let ticks = 0
    const timer = setInterval(() => ticks++, 0)
    const r = await buildFaucetGetAsync(
      {},
      ctxA,
      { faucetUtxos: [bigUtxo] },
      { startNonce: 61960, progressEvery: 8, exactSignatures: true },
    )
    clearInterval(timer)
    expect(r.hex).toBe(sync.hex)
    expect(r.attempts).toBe(41)
    expect(ticks).toBeGreaterThan(0)
  })
  test('AbortSignal stops the search with ABORTED; a bounded search ends with POW_NOT_FOUND', async () => {
    const ac = new AbortController()
    ac.abort()
    expect(() => buildFaucetGet({}, ctxA, { faucetUtxos: [bigUtxo] }, { signal: ac.signal })).toThrow(code('ABORTED'))
    const ac2 = new AbortController()
    const p = buildFaucetGetAsync(
      {},
      ctxA,
      { faucetUtxos: [bigUtxo] },
      {
        signal: ac2.signal,
        progressEvery: 4,
        onProgress: (n) => {
          if (n >= 8) ac2.abort()
        },
      },
    )
    await expect(p).rejects.toMatchObject({ code: 'ABORTED', details: { tried: 8 } })
    expect(() => buildFaucetGet({}, ctxA, { faucetUtxos: [bigUtxo] }, { startNonce: 0, maxAttempts: 5 })).toThrow(
      expect.objectContaining({
        code: 'POW_NOT_FOUND',
        details: expect.objectContaining({ tried: 5, daemonError: 'couldnt create faucet get transaction' }),
      }),
    )
  })
  test("input rules: UTXOs of 0.01 coin or less are skipped; an empty faucet is the daemon's error; too little is refused", () => {
    const small = { ...bigUtxo, satoshis: 1_000_000n }
    refusal(
      () => buildFaucetGet({}, ctxA, { faucetUtxos: [small] }),
      'couldnt create faucet get transaction',
      'INSUFFICIENT_FUNDS',
    )
    refusal(
      () => buildFaucetGet({}, ctxA, { faucetUtxos: [] }),
      'couldnt create faucet get transaction',
      'INSUFFICIENT_FUNDS',
    )
    // the daemon would build these (negative fee / negative change): refused
    for (const sats of [10_000_000n, 10_005_000n, 10_009_999n])
      expect(() =>
        buildFaucetGet({}, ctxA, { faucetUtxos: [{ ...bigUtxo, satoshis: sats }] }, { maxAttempts: 1 }),
      ).toThrow(code('INSUFFICIENT_FUNDS'))
    // not on the faucet address
    expect(() =>
      buildFaucetGet(
        {},
        ctxA,
        { faucetUtxos: [{ ...bigUtxo, script: ccScript(cc1of1(0xe4, k1.pub)) }] },
        { maxAttempts: 1 },
      ),
    ).toThrow(code('BUILD_STATE'))
    expect(() => buildFaucetGet({}, { ...ctxA, fee: 20000n }, { faucetUtxos: [bigUtxo] }, { maxAttempts: 1 })).toThrow(
      code('BUILD_PARAMS'),
    )
    expect(() => buildFaucetGet({}, ctxA, { faucetUtxos: [bigUtxo] }, { startNonce: -1 })).toThrow(code('INT_RANGE'))
    expect(() => buildFaucetGet({}, ctxA, null as never)).toThrow(code('BUILD_STATE'))
  })
  test('fixture B: two faucet inputs covering exactly 0.1 coin + fee: no faucet change, payout at vout 0', () => {
    const s = faucetScript
    const us = [
      { txid: 'cd'.repeat(32), vout: 0, satoshis: 1_000_000n, script: s }, // not above 0.01 coin: skipped
      { txid: 'cd'.repeat(32), vout: 1, satoshis: 6_000_000n, script: s },
      { txid: 'ce'.repeat(32), vout: 2, satoshis: 4_010_000n, script: s },
    ]
    const r = buildFaucetGet(
      {},
      { pubkey: k2.pub, utxos: [], height: 2000 },
      { faucetUtxos: us },
      { startNonce: 128213, exactSignatures: true },
    )
    expect(r.txid).toBe('00791fd02504cf12261caedfa81e03d851e7076a67d9d54cc679a4bd7527b600')
    expect(r.tx.vin.map((v) => [v.txid, v.vout])).toEqual([
      ['cd'.repeat(32), 1],
      ['ce'.repeat(32), 2],
    ])
    expect(r.tx.vout.map((o) => o.value)).toEqual([FAUCET_SIZE, 0n])
    expectAllInputsVerify(r, us)
    expect(inspectBuild(r)).toBeDefined()
  })
  test("the caller's private key is not needed (the faucet inputs are signed with the public faucet key)", () => {
    // with someone else's key in the context the search still signs (and here simply finds no nonce in 1 try)
    expect(() =>
      buildFaucetGet(
        {},
        { ...ctxA, privateKey: k2.priv, pubkey: k2.pub },
        { faucetUtxos: [bigUtxo] },
        { maxAttempts: 1 },
      ),
    ).toThrow(code('POW_NOT_FOUND'))
  })
})
