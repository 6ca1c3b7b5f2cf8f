// komodod keeps a token's name and description as bytes (CCtokenutils.cpp DecodeTokenCreateOpRet: std::vector<uint8_t>
// read as std::string): a name that is not UTF-8 must decode (as hex, marked), re-encode to the same bytes, and leave
// the token visible to tokeninfo — not be refused as an invalid opret.
import { describe, expect, test } from 'vitest'
import v from '../../../vectors/rpc/docs-antara-rpc.json' with { type: 'json' }
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { parseTransaction, serializeTransaction } from '../../../src/tx/codec.js'
import { decodeTokensOpret, encodeTokensOpret, type TokensCreateOpret } from '../../../src/modules/tokens/opret.js'
import { tokeninfo } from '../../../src/modules/tokens/info.js'

const PK = '02' + '11'.repeat(32)
// f2 63, origpubkey (21 02 11…), name 3 bytes ff fe 41 (not UTF-8), description 2 bytes "ok", no blobs
const payload = (name: string, desc: string): string =>
  'f263' +
  '21' +
  PK +
  (name.length / 2).toString(16).padStart(2, '0') +
  name +
  (desc.length / 2).toString(16).padStart(2, '0') +
  desc
const script = (p: string): string => '6a' + (p.length / 2).toString(16).padStart(2, '0') + p

describe('token names and descriptions are bytes', () => {
  test('a name that is not UTF-8 decodes to its hex, marked, and re-encodes to the same bytes', () => {
    const s = script(payload('fffe41', '6f6b'))
    const p = decodeTokensOpret(s) as TokensCreateOpret
    expect(p).toMatchObject({ funcid: 'c', name: 'fffe41', description: 'ok', encoding: { name: 'hex' } })
    expect(bytesToHex(encodeTokensOpret(p))).toBe(s)
  })
  test('a description that is not UTF-8 (a lone continuation byte, an overlong form) too', () => {
    for (const bad of ['80', 'c0af', 'ed a0 80'.replaceAll(' ', '')]) {
      const s = script(payload('4142', bad))
      const p = decodeTokensOpret(s) as TokensCreateOpret
      expect(p).toMatchObject({ name: 'AB', description: bad, encoding: { description: 'hex' } })
      expect(p.encoding).not.toHaveProperty('name')
      expect(bytesToHex(encodeTokensOpret(p))).toBe(s)
    }
  })
  test('UTF-8 text stays text, with no encoding mark', () => {
    const p = decodeTokensOpret(script(payload('c3a9', '6f6b'))) as TokensCreateOpret
    expect(p.name).toBe('é')
    expect(p).not.toHaveProperty('encoding')
  })
  test('tokeninfo still sees the token (it was invisible: balance 0, not listed)', () => {
    const c = (v.cases as unknown as { id: string; raw_tx_hex: string }[]).find(
      (x) => x.id === 'tokens-tokencreate-01',
    )!
    const tx = parseTransaction(c.raw_tx_hex)
    tx.vout[tx.vout.length - 1] = { value: 0n, script: hexToBytes(script(payload('fffe41', '6f6b'))) }
    const info = tokeninfo(bytesToHex(serializeTransaction(tx)))
    expect(info).toMatchObject({ result: 'success', name: 'fffe41', description: 'ok' })
    expect(info.supply).toBeGreaterThan(0n)
  })
})
