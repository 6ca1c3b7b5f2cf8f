import { describe, expect, test } from 'vitest'
import * as tiny from 'tiny-secp256k1'
import ccSpend from '../../vectors/tx/cc-spend.json' with { type: 'json' }
import raw from '../../vectors/tx/docs-antara-raw.json' with { type: 'json' }
import { parseTransaction, serializeTransaction, txid } from '../../src/tx/codec.js'
import { sighash } from '../../src/tx/sighash.js'
import { compactToDer, derToCompact, isLowS } from '../../src/tx/der.js'
import {
  keySigner,
  nobleSecp256k1,
  signTransaction,
  signTransactionAsync,
  tinySecp256k1Backend,
  verifyInput,
  type Prevout,
  type Secp256k1Backend,
} from '../../src/tx/sign.js'
import { cc1of1, cc1of2, encodeCondition, tokensCc1of1 } from '../../src/cc/condition.js'
import { addSignature, encodeFulfillment } from '../../src/cc/fulfillment.js'
import { ccScript } from '../../src/script/cc.js'
import { p2pkScript, p2pkhScript } from '../../src/script/script.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { hash160, sha256 } from '../../src/hash/index.js'
import type { Transaction } from '../../src/tx/types.js'

const code = (c: string) => expect.objectContaining({ code: c })
const cases = ccSpend.cases as Record<string, any>[]
const examples = cases.filter((c) => c.kind === 'tx_cc_spend_example')
const fulfillments = cases.filter((c) => String(c.kind).startsWith('fulfillment_'))
const tinyBackend = tinySecp256k1Backend(tiny)

describe('CC spend examples: sign the unsigned transaction, get the reference bytes', () => {
  test.each(examples.map((c) => [`key ${c.keyIndex}, eval ${c.evalcode}`, c] as const))('%s', (_n, c) => {
    const tx = parseTransaction(c.unsignedTx)
    const prevout: Prevout = {
      value: BigInt(c.spentOutput.value),
      script: hexToBytes(c.spentOutput.scriptPubKey),
      condition: cc1of1(parseInt(c.evalcode, 16), c.pubkey),
    }
    for (const backend of [nobleSecp256k1, tinyBackend]) {
      const signed = signTransaction(tx, [prevout], [hexToBytes(c.privkey)], { backend })
      expect(bytesToHex(serializeTransaction(signed))).toBe(c.signedTx)
      expect(bytesToHex(signed.vin[0]!.scriptSig)).toBe(c.scriptSig)
      expect(txid(signed)).toBe(c.txid)
    }
    expect(tx.vin[0]!.scriptSig).toHaveLength(0) // the input transaction is not modified
    const ref = parseTransaction(c.signedTx)
    expect(verifyInput(ref, 0, prevout)).toEqual({ valid: true, kind: 'cc' })
    // a flipped signature bit, another amount, another branch: invalid
    const bad = parseTransaction(c.signedTx)
    bad.vin[0]!.scriptSig = bad.vin[0]!.scriptSig.slice()
    bad.vin[0]!.scriptSig[60]! ^= 1
    expect(verifyInput(bad, 0, prevout).valid).toBe(false)
    expect(verifyInput(ref, 0, { ...prevout, value: prevout.value + 1n }).valid).toBe(false)
    expect(verifyInput(ref, 0, prevout, { branchId: 0x5ba81b19 }).valid).toBe(false)
  })
})

describe('fulfillment vectors: our signatures and fulfillments are the reference ones', () => {
  test.each(fulfillments.map((c, i) => [`${c.kind} #${i} key ${c.keyIndex ?? '?'}`, c] as const))('%s', (_n, c) => {
    const msg = hexToBytes(c.message)
    const priv = hexToBytes(c.privkey)
    const sig = nobleSecp256k1.sign(msg, priv)
    const want = c.rfc6979ReducedMessageSignature ?? c.signatures[0].signature
    // noble reduces a message ≥ n before RFC 6979; libsecp256k1 does not (spec §5.2): both verify
    expect(bytesToHex(sig)).toBe(want)
    expect(isLowS(sig)).toBe(true)
    for (const s of [sig, hexToBytes(c.signatures[0].signature)])
      expect(nobleSecp256k1.verify(s, msg, hexToBytes(c.signerPubkey))).toBe(true)
    if (c.rfc6979ReducedMessageSignature === undefined) {
      const ev = parseInt(c.evalcode, 16)
      const cond =
        c.kind === 'fulfillment_cc1'
          ? cc1of1(ev, c.signerPubkey)
          : c.kind === 'fulfillment_cc1of2'
            ? cc1of2(ev, c.pairPubkeys[0], c.pairPubkeys[1])
            : tokensCc1of1(ev, c.signerPubkey)
      expect(bytesToHex(encodeCondition(cond))).toBe(c.condition)
      expect(bytesToHex(encodeFulfillment(addSignature(cond, c.signerPubkey, sig)))).toBe(c.fulfillment)
    }
  })
})

// A Sapling v4 transaction with one P2PK, one P2PKH, one 1-of-1 CC and one 1-of-2 CC input (keys 1..4 of the
// vectors: privkey = SHA-256 of the ASCII index).
const priv = (i: number): Uint8Array => sha256(new TextEncoder().encode(String(i)))
const pub = (i: number): Uint8Array => nobleSecp256k1.getPublicKey(priv(i))
const txidN = (n: number): string => bytesToHex(sha256(new Uint8Array([n]))).slice(0, 64)

function fixture(): { tx: Transaction; prevouts: Prevout[] } {
  const prevouts: Prevout[] = [
    { value: 50000n, script: p2pkScript(pub(1)) },
    { value: 60000n, script: p2pkhScript(hash160(pub(2))) },
    { value: 70000n, script: ccScript(cc1of1(0xe4, pub(1))), condition: cc1of1(0xe4, pub(1)) },
    { value: 80000n, script: ccScript(cc1of2(0xec, pub(3), pub(4))), condition: cc1of2(0xec, pub(3), pub(4)) },
  ]
  const tx: Transaction = {
    overwintered: true,
    version: 4,
    versionGroupId: 0x892f2085,
    vin: prevouts.map((_, i) => ({ txid: txidN(i), vout: i, scriptSig: new Uint8Array(0), sequence: 0xffffffff })),
    vout: [
      { value: 250000n, script: p2pkScript(pub(1)) },
      { value: 0n, script: hexToBytes('6a03e44600') },
    ],
    lockTime: 0,
    expiryHeight: 1000,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
  return { tx, prevouts }
}

describe('signTransaction / verifyInput on P2PK, P2PKH, CC 1-of-1 and CC 1-of-2 inputs', () => {
  test("verifyInput's backend checks every signature, CC fulfillments' as well as P2PK/P2PKH: the same verdicts", () => {
    const { tx, prevouts } = fixture()
    const signed = signTransaction(tx, prevouts, [priv(1), priv(2), priv(4)])
    const changed = { ...signed, lockTime: 1 } // every signature now covers other bytes
    const calls: number[] = []
    const counting = (i: number): Secp256k1Backend => ({
      ...tinyBackend,
      verify: (...a: Parameters<Secp256k1Backend['verify']>) => (calls.push(i), tinyBackend.verify(...a)),
    })
    for (let i = 0; i < 4; i++) {
      expect(verifyInput(signed, i, prevouts[i]!, { backend: counting(i) })).toEqual(
        verifyInput(signed, i, prevouts[i]!),
      )
      expect(verifyInput(changed, i, prevouts[i]!, { backend: counting(i) }).valid).toBe(false)
    }
    // one check per input and per signature (the CC 1-of-2 is signed by one of its two keys)
    expect(calls).toEqual([0, 0, 1, 1, 2, 2, 3, 3])
  })

  test('all four inputs sign and verify; DER signatures equal libsecp256k1 (tiny-secp256k1) over our sighash', () => {
    const { tx, prevouts } = fixture()
    const signed = signTransaction(tx, prevouts, [priv(1), priv(2), priv(4)])
    for (let i = 0; i < 4; i++) expect(verifyInput(signed, i, prevouts[i]!).valid).toBe(true)
    expect(verifyInput(signed, 0, prevouts[0]!).kind).toBe('p2pk')
    expect(verifyInput(signed, 1, prevouts[1]!).kind).toBe('p2pkh')
    const d0 = sighash(tx, 0, { scriptCode: prevouts[0]!.script, value: 50000n })
    const der0 = compactToDer(tiny.sign(d0, priv(1)))
    expect(bytesToHex(signed.vin[0]!.scriptSig)).toBe(bytesToHex(new Uint8Array([der0.length + 1, ...der0, 1])))
    const d1 = sighash(tx, 1, { scriptCode: prevouts[1]!.script, value: 60000n })
    const der1 = compactToDer(tiny.sign(d1, priv(2)))
    expect(bytesToHex(signed.vin[1]!.scriptSig)).toBe(
      bytesToHex(new Uint8Array([der1.length + 1, ...der1, 1, 33, ...pub(2)])),
    )
    expect(signed.vin[2]!.scriptSig.subarray(0, 2)).toEqual(new Uint8Array([0x4c, 0x79]))
    expect(signed.vin[3]!.scriptSig.subarray(0, 2)).toEqual(new Uint8Array([0x4c, 0xa5]))
    // the round trip through bytes keeps everything valid
    const again = parseTransaction(serializeTransaction(signed))
    for (let i = 0; i < 4; i++) expect(verifyInput(again, i, prevouts[i]!).valid).toBe(true)
  })

  test('non-canonical push forms of P2PK/P2PKH (OP_PUSHDATA1) still sign with the right key', () => {
    const { tx } = fixture()
    const t2 = { ...tx, vin: tx.vin.slice(0, 3) }
    const prevouts: Prevout[] = [
      { value: 50000n, script: new Uint8Array([0x4c, 33, ...pub(1), 0xac]) },
      { value: 60000n, script: new Uint8Array([0x76, 0xa9, 0x4c, 20, ...hash160(pub(2)), 0x88, 0xac]) },
      { value: 70000n, script: p2pkScript(pub(5)) },
    ]
    const signed = signTransaction(t2, prevouts, [priv(1), priv(2), priv(5)])
    for (let i = 0; i < 3; i++)
      expect(verifyInput(signed, i, prevouts[i]!)).toEqual({ valid: true, kind: i === 1 ? 'p2pkh' : 'p2pk' })
    // a key that is not the script's signs nothing: SIGNER_FAILED names the input and its type
    expect(() => signTransaction(t2, prevouts, [priv(1), priv(2)])).toThrow(
      expect.objectContaining({ code: 'SIGNER_FAILED', details: { inputIndex: 2 } }),
    )
    expect(() =>
      signTransaction(
        { ...tx, vin: tx.vin.slice(0, 1) },
        [{ value: 1n, script: p2pkhScript(hash160(pub(2))) }],
        [priv(1)],
      ),
    ).toThrow(/input 0 \(pubkeyhash output\)/)
  })

  test('a condition or key changed in place after a first signing is checked afresh, never matched from memory', () => {
    const { tx } = fixture()
    const t1 = { ...tx, vin: [tx.vin[0]!] }
    const cond = cc1of1(0xe4, pub(1))
    const prev: Prevout = { value: 70000n, script: ccScript(cc1of1(0xe4, pub(1))), condition: cond }
    expect(verifyInput(signTransaction(t1, [prev], [priv(1)]), 0, prev).valid).toBe(true)
    const node = (cond as any).subconditions[1].subconditions[0] // threshold 2 of [eval, threshold 1 of [secp256k1]]
    node.publicKey.set(pub(2)) // the tree now commits to another key than the script
    expect(() => signTransaction(t1, [prev], [priv(2)])).toThrow(code('BUILD_INPUTS'))
    // P2PKH: a signer whose public key array is rewritten is hashed again
    const p2pkh: Prevout = { value: 1n, script: p2pkhScript(hash160(pub(2))) }
    const signer = { publicKey: pub(1), sign: (d: Uint8Array) => nobleSecp256k1.sign(d, priv(2)) }
    expect(() => signTransaction(t1, [p2pkh], [signer])).toThrow(code('SIGNER_FAILED'))
    signer.publicKey.set(pub(2))
    expect(verifyInput(signTransaction(t1, [p2pkh], [signer]), 0, p2pkh).valid).toBe(true)
  })

  test('1-of-2: either key alone, or both (the first becomes the fulfillment)', () => {
    const { tx, prevouts } = fixture()
    const only3 = [prevouts[3]!]
    const t1 = { ...tx, vin: [tx.vin[3]!] }
    const a = signTransaction(t1, only3, [priv(3)])
    const b = signTransaction(t1, only3, [priv(4)])
    const both = signTransaction(t1, only3, [priv(4), priv(3)])
    for (const s of [a, b, both]) expect(verifyInput(s, 0, only3[0]!).valid).toBe(true)
    expect(bytesToHex(a.vin[0]!.scriptSig)).not.toBe(bytesToHex(b.vin[0]!.scriptSig))
  })

  test('verification fails on tampering and on the wrong prevout', () => {
    const { tx, prevouts } = fixture()
    const signed = signTransaction(tx, prevouts, [priv(1), priv(2), priv(3)])
    const changed = { ...signed, vout: [{ ...signed.vout[0]!, value: 249999n }, signed.vout[1]!] }
    for (let i = 0; i < 4; i++) expect(verifyInput(changed, i, prevouts[i]!).valid).toBe(false)
    expect(verifyInput(signed, 0, { ...prevouts[0]!, script: p2pkScript(pub(2)) }).valid).toBe(false)
    expect(verifyInput(signed, 1, { ...prevouts[1]!, script: p2pkhScript(hash160(pub(1))) }).valid).toBe(false)
    expect(verifyInput(signed, 2, prevouts[3]!).valid).toBe(false)
    expect(verifyInput(signed, 0, { value: 1n, script: hexToBytes('6a00') }).kind).toBe('unsupported')
  })

  test('high-S P2PK signatures: refused by default, accepted with allowHighS', () => {
    const { tx, prevouts } = fixture()
    const t1 = { ...tx, vin: [tx.vin[0]!] }
    const signed = signTransaction(t1, [prevouts[0]!], [priv(1)])
    const sigPush = signed.vin[0]!.scriptSig.subarray(1)
    const low = derToCompact(sigPush.subarray(0, sigPush.length - 1))
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
    const s = BigInt('0x' + bytesToHex(low.subarray(32)))
    const high = low.slice()
    high.set(hexToBytes((n - s).toString(16).padStart(64, '0')), 32)
    const der = compactToDer(high, { allowHighS: true })
    const hs = { ...signed, vin: [{ ...signed.vin[0]!, scriptSig: new Uint8Array([der.length + 1, ...der, 1]) }] }
    expect(verifyInput(hs, 0, prevouts[0]!).valid).toBe(false)
    expect(verifyInput(hs, 0, prevouts[0]!, { allowHighS: true }).valid).toBe(true)
  })

  test('remote/hardware signers: the library only sees digests; high-S answers are normalized', async () => {
    const { tx, prevouts } = fixture()
    const seen: string[] = []
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
    const remote = {
      publicKey: pub(1),
      async sign(digest: Uint8Array) {
        seen.push(bytesToHex(digest))
        const sig = tiny.sign(digest, priv(1))
        const s = BigInt('0x' + bytesToHex(sig.subarray(32)))
        const out = sig.slice()
        out.set(hexToBytes((n - s).toString(16).padStart(64, '0')), 32) // answer high-S on purpose
        return out
      },
    }
    const signed = await signTransactionAsync(tx, prevouts, [remote, priv(2), priv(3)])
    expect(seen).toHaveLength(2) // P2PK and the 1-of-1 CC
    for (let i = 0; i < 4; i++) expect(verifyInput(signed, i, prevouts[i]!).valid).toBe(true)
    const sync = signTransaction(tx, prevouts, [keySigner(priv(1)), priv(2), priv(3)])
    expect(bytesToHex(serializeTransaction(sync))).toBe(bytesToHex(serializeTransaction(signed)))
    expect(() => signTransaction(tx, prevouts, [remote as never, priv(2), priv(3)])).toThrow(code('SIGNER_FAILED'))
    await expect(
      signTransactionAsync(tx, prevouts, [
        {
          publicKey: pub(1),
          sign: async () => {
            throw new Error('device')
          },
        },
        priv(2),
        priv(3),
      ]),
    ).rejects.toThrow(code('SIGNER_FAILED'))
  })

  test('typed errors', () => {
    const { tx, prevouts } = fixture()
    expect(() => signTransaction(tx, prevouts, [priv(1), priv(2)])).toThrow(code('SIGNER_FAILED')) // nobody for the 1-of-2
    const partial = signTransaction(tx, prevouts, [priv(1)], { allowPartial: true })
    expect(partial.vin[1]!.scriptSig).toHaveLength(0)
    expect(verifyInput(partial, 0, prevouts[0]!).valid).toBe(true)
    expect(() => signTransaction(tx, prevouts.slice(1), [priv(1)])).toThrow(code('BUILD_INPUTS'))
    const noCond = prevouts.map((p) => ({ value: p.value, script: p.script }))
    expect(() => signTransaction(tx, noCond, [priv(1), priv(2), priv(3)])).toThrow(code('BUILD_INPUTS'))
    const wrongCond = prevouts.map((p, i) => (i === 2 ? { ...p, condition: cc1of1(0xe5, pub(1)) } : p))
    expect(() => signTransaction(tx, wrongCond, [priv(1), priv(2), priv(3)])).toThrow(code('BUILD_INPUTS'))
    expect(() => signTransaction(tx, prevouts, [new Uint8Array(32)])).toThrow(code('PRIVKEY_INVALID'))
    expect(() => signTransaction(tx, prevouts, [priv(1), priv(2), priv(3)], { hashType: 9 })).toThrow(
      code('SIGHASH_INVALID'),
    )
    expect(() => signTransaction(tx, prevouts, ['00' as never])).toThrow(code('ARG_INVALID'))
    expect(() => signTransaction(tx, [{ ...prevouts[0]!, value: -1n }, ...prevouts.slice(1)], [priv(1)])).toThrow(
      code('AMOUNT_INVALID'),
    )
    expect(() => verifyInput(tx, 4, prevouts[0]!)).toThrow(code('SIGHASH_INVALID'))
  })
})

describe('real daemon signatures verify (legacy and ZIP-243 sighash)', () => {
  const byId = (id: string) => (raw.cases as { id: string; hex: string }[]).find((c) => c.id === id)!
  test('faucetfund (v1): P2PK input of the change key, legacy sighash', () => {
    const tx = parseTransaction(byId('faucet-faucetfund-01').hex)
    const pk = tx.vout[1]!.script.subarray(1, 34)
    expect(verifyInput(tx, 0, { value: 0n, script: p2pkScript(pk) })).toEqual({ valid: true, kind: 'p2pk' })
  })
  test('tokentransfer (v1): P2PKH input', () => {
    const tx = parseTransaction(byId('tokens-tokentransfer-01').hex)
    const pk = tx.vout[2]!.script.subarray(1, 34)
    expect(verifyInput(tx, 0, { value: 0n, script: p2pkhScript(hash160(pk)) }).valid).toBe(true)
  })
  test('core Sapling v4 transaction: P2PK input worth 0.1 (the documented getrawtransaction value)', () => {
    const tx = parseTransaction(byId('core-sapling-tx-01').hex)
    const pk = tx.vout[0]!.script.subarray(1, 34)
    expect(verifyInput(tx, 0, { value: 10000000n, script: p2pkScript(pk) })).toEqual({ valid: true, kind: 'p2pk' })
    expect(verifyInput(tx, 0, { value: 10000001n, script: p2pkScript(pk) }).valid).toBe(false)
  })
})

describe('DER helpers', () => {
  test('round trip, strictness', () => {
    const sig = nobleSecp256k1.sign(new Uint8Array(32).fill(7), priv(5))
    const der = compactToDer(sig)
    expect(derToCompact(der)).toEqual(sig)
    expect(() => derToCompact(new Uint8Array([...der, 0]))).toThrow(code('SIGNATURE_INVALID'))
    const nonMinimal = new Uint8Array([0x30, der[1]! + 1, 0x02, der[3]! + 1, 0x00, ...der.subarray(4)])
    expect(() => derToCompact(nonMinimal)).toThrow(code('SIGNATURE_INVALID'))
    expect(() => compactToDer(new Uint8Array(64))).toThrow(code('SIGNATURE_INVALID'))
    expect(() => compactToDer(new Uint8Array(63))).toThrow(code('BYTES_LENGTH'))
  })
  test('r and s with 0..31 leading zero bytes and either top bit: minimal DER as BIP66 writes it, and back', () => {
    // reference written from BIP66: INTEGER body = the value's big-endian bytes without leading zeros, 00 first if the top bit is set
    const int = (b: Uint8Array) => {
      let i = 0
      while (i < 31 && b[i] === 0) i++
      const body = [...b.subarray(i)]
      return body[0]! & 0x80 ? [0, ...body] : body
    }
    const ref = (c: Uint8Array) => {
      const r = int(c.subarray(0, 32)),
        s = int(c.subarray(32))
      return Uint8Array.from([0x30, 4 + r.length + s.length, 2, r.length, ...r, 2, s.length, ...s])
    }
    for (let k = 0; k < 400; k++) {
      const c = sha256(Uint8Array.of(k, 1)).slice()
      const s = sha256(Uint8Array.of(k, 2))
      const sig = new Uint8Array(64)
      sig.set(c, 0)
      sig.set(s, 32)
      sig[32] = sig[32]! & 0x7f // s below n/2
      const zr = k % 32,
        zs = (k >> 5) % 32
      sig.fill(0, 0, zr)
      sig.fill(0, 32, 32 + zs)
      sig[zr] = k & 1 ? sig[zr]! | 0x80 : sig[zr]! & 0x7f
      if (sig.subarray(0, 32).every((x) => x === 0)) sig[31] = 1
      if (sig.subarray(32).every((x) => x === 0)) sig[63] = 1
      const der = compactToDer(sig)
      expect(bytesToHex(der), `case ${k}`).toBe(bytesToHex(ref(sig)))
      expect(derToCompact(der)).toEqual(sig)
    }
  })
})

describe('a transaction that is not one', () => {
  test('signTransaction, signTransactionAsync and verifyInput: TX_INVALID, not a TypeError', async () => {
    const prevout = { value: 0n, script: new Uint8Array(0) }
    for (const bad of [null, undefined, 'tx', {}, { vin: [] }]) {
      expect(() => signTransaction(bad as never, [], [])).toThrow(code('TX_INVALID'))
      await expect(signTransactionAsync(bad as never, [], [])).rejects.toThrow(code('TX_INVALID'))
      expect(() => verifyInput(bad as never, 0, prevout)).toThrow(code('TX_INVALID'))
    }
  })
})
