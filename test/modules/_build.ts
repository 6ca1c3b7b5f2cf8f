// Shared helpers of the tokens/faucet/dice builder tests.
import { expect } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { sha256 } from '../../src/hash/index.js'
import { p2pkScript } from '../../src/script/script.js'
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import { verifyInput } from '../../src/tx/sign.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import type { BuildResult } from '../../src/cctx/complete.js'
import type { Utxo } from '../../src/cctx/types.js'

/** Test key i: private key sha256(ascii(i)). */
export const key = (i: number) => {
  const priv = sha256(new TextEncoder().encode(String(i)))
  return { priv, pub: getPublicKey(priv, true) }
}
export const coin = (txid: string, sats: bigint, pk: Uint8Array, vout = 0): Utxo => ({
  txid,
  vout,
  satoshis: sats,
  script: p2pkScript(pk),
  height: 100,
})
export const ctxOf = (utxos: Utxo[], priv: Uint8Array, height = 1000) => ({
  pubkey: getPublicKey(priv, true),
  utxos,
  height,
  privateKey: priv,
})
export const out = (r: BuildResult, n: number): Utxo => ({
  txid: r.txid,
  vout: n,
  satoshis: r.tx.vout[n]!.value,
  script: r.tx.vout[n]!.script,
  height: 1001,
})
export const refusal = (fn: () => unknown, daemonError: string, code = 'BUILD_PARAMS') =>
  expect(fn).toThrow(expect.objectContaining({ code, details: expect.objectContaining({ daemonError }) }))
export const code = (c: string) => expect.objectContaining({ code: c })

/** Every input of a built transaction verifies against the prevouts the builder used; the hex is the tx. */
export function expectAllInputsVerify(r: BuildResult, prevouts: Utxo[]): void {
  expect(r.signed).toBe(true)
  expect(r.tx.vin.length).toBeGreaterThan(0)
  r.tx.vin.forEach((vin, i) => {
    const p = prevouts.find((u) => u.txid === vin.txid && u.vout === vin.vout)
    expect(p, `prevout of input ${i}`).toBeDefined()
    expect(verifyInput(r.tx, i, { value: p!.satoshis, script: p!.script }), `input ${i}`).toMatchObject({ valid: true })
  })
  expect(bytesToHex(serializeTransaction(parseTransaction(r.hex)))).toBe(r.hex)
  expect(bytesToHex(serializeTransaction(r.tx))).toBe(r.hex)
  // value conservation: inputs = outputs + fee
  const inSum = r.tx.vin.reduce(
    (s, v) => s + prevouts.find((u) => u.txid === v.txid && u.vout === v.vout)!.satoshis,
    0n,
  )
  expect(inSum - r.tx.vout.reduce((s, o) => s + o.value, 0n)).toBe(r.fee)
}

/** A transaction's bytes with every scriptSig emptied (what an unsigned build produces). */
export function stripSigs(hex: string): string {
  const tx = parseTransaction(hex)
  return bytesToHex(serializeTransaction({ ...tx, vin: tx.vin.map((v) => ({ ...v, scriptSig: new Uint8Array(0) })) }))
}
