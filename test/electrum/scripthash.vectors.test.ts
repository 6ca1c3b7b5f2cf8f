// Script hashes and status hashes against the spec's worked examples and the protocol documentation's.
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import sh from '../../vectors/electrum/scripthash.json' with { type: 'json' }
import st from '../../vectors/electrum/status.json' with { type: 'json' }
import { electrumStatus, electrumStatusText, scripthash, sortElectrumMempool } from '../../src/electrum/scripthash.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { sha256 } from '../../src/hash/index.js'
import { ccScript } from '../../src/script/cc.js'
import { cc1of1 } from '../../src/cc/condition.js'
import { ccScriptAddress } from '../../src/cc/address.js'

describe('electrum script hash vectors', () => {
  test.each(sh.valid)('$description', (v) => {
    const script = hexToBytes(v.script)
    expect(bytesToHex(sha256(script))).toBe(v.sha256)
    expect(scripthash(script)).toBe(v.scripthash)
  })
  test('the CC vector is the CC 1-of-1 script of its condition, under its CC address', () => {
    const v = sh.valid.find((x) => 'condition' in x)! as (typeof sh.valid)[number] & {
      condition: { evalCode: number; pubkey: string }
      ccAddress: string
    }
    const script = ccScript(cc1of1(v.condition.evalCode, v.condition.pubkey))
    expect(bytesToHex(script)).toBe(v.script)
    expect(ccScriptAddress(script)).toBe(v.ccAddress)
  })
  test('refuses a non-byte script', () => {
    expect(() => scripthash('76a9' as unknown as Uint8Array)).toThrow(expect.objectContaining({ code: 'BYTES_TYPE' }))
  })
  test('property: the script hash is the reversed sha256', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => {
        expect(hexToBytes(scripthash(b)).reverse()).toEqual(sha256(b))
      }),
      { numRuns: Number(process.env.FC_NUM_RUNS ?? 200) },
    )
  })
})

describe('electrum status vectors', () => {
  test.each(st.valid)('$description', (v) => {
    expect(electrumStatus(v.history)).toBe(v.status)
    if ('textLength' in v) expect(electrumStatusText(v.history).length).toBe(v.textLength)
  })
  test.each(st.unsorted)('$description', (v) => {
    expect(sortElectrumMempool(v.mempool).map((x) => x.txid)).toEqual(v.sorted)
  })
  test('refuses malformed entries', () => {
    expect(() => electrumStatus([{ txid: 'zz', height: 1 }])).toThrow(expect.objectContaining({ code: 'ARG_INVALID' }))
    expect(() => electrumStatus([{ txid: '11'.repeat(32), height: -2 }])).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
    expect(() => electrumStatus('x' as never)).toThrow(expect.objectContaining({ code: 'ARG_INVALID' }))
  })
})
