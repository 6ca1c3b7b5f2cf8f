import { describe, expect, test } from 'vitest'
import raw from '../../vectors/tx/docs-antara-raw.json' with { type: 'json' }
import zip243 from '../../vectors/tx/zip243.json' with { type: 'json' }
import { parseTransaction, serializeTransaction, transactionSize, txid, txidOfBytes } from '../../src/tx/codec.js'
import { decodeRawTransaction } from '../../src/tx/decode.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'

type RawCase = (typeof raw.cases)[number]
const cases = raw.cases as RawCase[]

describe('docs-antara raw transactions: parse ∘ serialize, txid, size', () => {
  test.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const tx = parseTransaction(c.hex)
    expect(bytesToHex(serializeTransaction(tx))).toBe(c.hex.toLowerCase())
    expect(transactionSize(tx)).toBe(c.hex.length / 2)
    expect(c.size).toBe(c.hex.length / 2)
    const id = txid(tx)
    expect(txidOfBytes(hexToBytes(c.hex))).toBe(id)
    // every documented txid for the same hex (sendrawtransaction results) is ours; the mismatching ones are the
    // cases the vector notes mark INCONSISTENT (the page shows the result of another transaction)
    for (const d of c.documentedTxids) {
      if (d.matches) expect(id).toBe(d.txid)
      else {
        expect(id).not.toBe(d.txid)
        expect(c.notes.join(' ')).toMatch(/INCONSISTENT/)
      }
    }
    // decoded documents that show another hex (INCONSISTENT) have another txid
    for (const d of c.documentedDecodes.filter((x) => !x.sameHex)) {
      expect((d.decode as { txid?: string }).txid).not.toBe(id)
      expect(c.notes.join(' ')).toMatch(/INCONSISTENT/)
    }
  })

  test('CC outputs decode to the addresses the harvester re-derived', () => {
    let n = 0
    for (const c of cases) {
      const d = decodeRawTransaction(c.hex)
      for (const a of c.ccAddresses) {
        if (a.address === undefined || a.address === null) continue
        const o = d.vout[a.n]!
        expect(o.scriptPubKey.addresses?.[0]).toBe(a.address)
        if (a.type === 'cryptocondition') n++
      }
    }
    expect(n).toBeGreaterThanOrEqual(24)
  })

  test('Sapling v4 defaults of a daemon-built transaction', () => {
    const tx = parseTransaction(cases.find((c) => c.id === 'oracles-oraclesfund-01')!.hex)
    expect(tx).toMatchObject({
      overwintered: true,
      version: 4,
      versionGroupId: 0x892f2085,
      lockTime: 0,
      expiryHeight: 1974,
      valueBalance: 0n,
    })
    expect(tx.vin.every((i) => i.sequence === 0xffffffff)).toBe(true)
    expect(tx.bindingSig).toBeUndefined()
  })
})

describe('ZIP-243 test vector transactions round-trip', () => {
  test.each(zip243.cases.map((c) => [c.description, c] as const))('%s', (_d, c) => {
    const tx = parseTransaction(c.tx)
    expect(bytesToHex(serializeTransaction(tx))).toBe(c.tx)
  })
  test('vector 1 carries 3 spends, 3 outputs and a binding signature through unchanged', () => {
    const tx = parseTransaction(zip243.cases[0]!.tx)
    expect(tx.shieldedSpends).toHaveLength(3)
    expect(tx.shieldedOutputs).toHaveLength(3)
    expect(tx.vin).toHaveLength(0)
    expect(tx.vout).toHaveLength(2)
    expect(tx.bindingSig).toHaveLength(64)
    // field values from the ZIP's broken-out listing
    expect(bytesToHex(tx.shieldedSpends[0]!.cv)).toBe(
      '1b3d1a027c2c40590958b7eb13d742a997738c46a458965baf276ba92f272c72',
    )
    expect(bytesToHex(tx.shieldedOutputs[0]!.cmu)).toBe(
      '26907dfc6685c5c99b7141ac626ab4761fd3f41e728e1a28f89db89ffdeca364',
    )
    expect(tx.lockTime).toBe(0x86dd1c48)
    expect(tx.expiryHeight).toBe(0x1843ccb3)
    expect(tx.valueBalance).toBe(0x0005eb3c62172144n)
  })
})
