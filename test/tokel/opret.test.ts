// Tokens v2 / assets v2 payload codecs and the Tokel data blob, against the C++-derived vectors and the documented
// TKLTEST creates (vectors/tokel/).
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import derived from '../../vectors/tokel/derived-cpp.json' with { type: 'json' }
import docs from '../../vectors/tokel/docs-tkltest-tx.json' with { type: 'json' }
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { decodeTokensV2Opret, encodeTokensV2Opret, type TokensV2CreateOpret } from '../../src/modules/tokensv2/opret.js'
import { decodeTokelData, encodeTokelData, tokelRoyalty } from '../../src/modules/tokensv2/tokeldata.js'
import {
  decodeAssetsV2Opret,
  encodeAssetsV2Opret,
  encodeAssetsV2Payload,
  isAssetsV2Payload,
} from '../../src/modules/assetsv2/opret.js'
import { parseTransaction } from '../../src/tx/codec.js'

type Case = { id: string; kind: string; hex?: string; expected: Record<string, any> }
const byId = (id: string): Case => (derived.cases as Case[]).concat(docs.cases as Case[]).find((c) => c.id === id)!
const PK1 = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'
const TID = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'

describe('tokens v2 oprets (EncodeTokenCreateOpRetV2, EncodeTokenOpRetV2)', () => {
  test('create without data', () => {
    const e = byId('derived-opret-tokenv2create').expected
    const p = decodeTokensV2Opret(e.scriptPubKey) as TokensV2CreateOpret
    expect(p).toEqual({
      funcid: 'c',
      evalCode: 0xf5,
      version: 1,
      origpubkey: PK1,
      name: 'DUKE',
      description: "Duke's custom token",
      blobs: [],
    })
    expect(bytesToHex(encodeTokensV2Opret(p))).toBe(e.scriptPubKey)
  })
  test('create with Tokel data: JSON key order, blob without an id byte', () => {
    const e = byId('derived-opret-tokenv2createtokel').expected
    const blob = encodeTokelData(e.json)
    expect(bytesToHex(blob)).toBe(e.tokelData)
    const s = encodeTokensV2Opret({
      funcid: 'c',
      origpubkey: PK1,
      name: 'DUKE',
      description: "Duke's custom token",
      blobs: [bytesToHex(blob)],
    })
    expect(bytesToHex(s)).toBe(e.scriptPubKey)
    expect(decodeTokelData(e.tokelData)).toEqual(e.json)
  })
  test('transfer: tokenid in display order, no pubkeys', () => {
    const e = byId('derived-opret-tokenv2transfer').expected
    expect(bytesToHex(encodeTokensV2Opret({ funcid: 't', tokenid: e.tokenid, blobs: [] }))).toBe(e.scriptPubKey)
    expect(decodeTokensV2Opret(e.scriptPubKey)).toEqual({
      funcid: 't',
      evalCode: 0xf5,
      version: 1,
      tokenid: e.tokenid,
      blobs: [],
    })
  })
  test('the documented transfer opret', () => {
    const c = byId('docs-tkltest-tokenv2transfer')
    expect(decodeTokensV2Opret(c.expected.vout[3].script)).toMatchObject({
      funcid: 't',
      tokenid: c.expected.vin[0].txid,
    })
  })
  test.each([
    ['version 2', 'f5740200112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', 'OPRET_VERSION'],
    ['eval f2', 'f2740100112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', 'OPRET_EVAL'],
    ['funcid x', 'f5780100112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', 'OPRET_FUNCID'],
    ['short tokenid', 'f57401001122', 'READ_PAST_END'],
    [
      'blob past the end',
      'f5740100112233445566778899aabbccddeeff00112233445566778899aabbccddeeff05aa',
      'READ_PAST_END',
    ],
  ])('refuses %s', (_, hex, code) => {
    expect(() => decodeTokensV2Opret(hex)).toThrow(expect.objectContaining({ code }))
  })
  test('round trip (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 32 }),
        fc.string({ maxLength: 200 }),
        fc.array(fc.uint8Array({ minLength: 0, maxLength: 40 }), { maxLength: 3 }),
        (name, description, blobs) => {
          const p = { funcid: 'c' as const, origpubkey: PK1, name, description, blobs: blobs.map(bytesToHex) }
          expect(decodeTokensV2Opret(encodeTokensV2Opret(p))).toEqual({ ...p, evalCode: 0xf5, version: 1 })
        },
      ),
      { numRuns: Number(process.env.FC_NUM_RUNS ?? 200) },
    )
  })
})

describe('the Tokel data blob (CCTokelData.cpp)', () => {
  test.each(['docs-tkltest-tokenv2createtokel-nft', 'docs-tkltest-tokenv2createtokel-fixed'])(
    '%s: the create opret decodes and its blob is what tokenv2infotokel printed',
    (id) => {
      const c = byId(id)
      const tx = parseTransaction(hexToBytes(c.hex!))
      const p = decodeTokensV2Opret(tx.vout[3]!.script) as TokensV2CreateOpret
      expect(p.blobs[0]).toBe(c.expected.tokenv2infotokel.data)
      expect(decodeTokelData(p.blobs[0]!)).toEqual(c.expected.tokenv2infotokel.dataAsJson)
      // written in JSON key order (url first here), read back in id order; re-encoding in that wire order is exact
      const wireOrder = id.endsWith('nft')
        ? ['url', 'id', 'royalty', 'arbitrary']
        : ['url', 'id', 'royalty', 'arbitrary']
      const json = Object.fromEntries(wireOrder.map((k) => [k, (c.expected.tokenv2infotokel.dataAsJson as any)[k]]))
      expect(bytesToHex(encodeTokelData(json))).toBe(c.expected.tokenv2infotokel.data)
      expect(bytesToHex(encodeTokensV2Opret(p))).toBe(c.expected.vout[3].script)
      if (c.expected.tokenv2infotokel.owner !== undefined) expect(p.origpubkey).toBe(c.expected.tokenv2infotokel.owner)
    },
  )
  test('royalty: 500 for the documented NFT; 2548 refused as CheckTokelData does; clamped for the DEX', () => {
    const nft = byId('docs-tkltest-tokenv2createtokel-nft').expected.tokenv2infotokel.data as string
    expect(tokelRoyalty(nft)).toBe(500)
    const tampered = nft.replace('03fdf401', '03fdf409')
    expect(() => decodeTokelData(tampered)).toThrow(expect.objectContaining({ code: 'TOKEL_DATA_INVALID' }))
    expect(decodeTokelData(tampered, { checkRoyalty: false }).royalty).toBe(2548)
    expect(tokelRoyalty(tampered)).toBe(999)
    expect(tokelRoyalty(null)).toBe(0)
  })
  test.each([
    ['f702', 'invalid tkl data version'],
    ['f70105', 'invalid tokel data property type'],
    ['f701010101 01', 'duplicate'],
    ['f7010205aa', 'could not parse'],
    ['f60101', 'invalid tkl data'],
    ['f70101fe00000003', 'could not parse'],
  ])('refuses %s (%s)', (hex, text) => {
    expect(() => decodeTokelData(hex.replace(/ /g, ''))).toThrow(text)
  })
  test('the writer refuses unknown keys, non-integers, values above MAX_SIZE and non-hex arbitrary', () => {
    for (const bad of [{ name: 'x' }, { id: 1.5 }, { id: -1 }, { royalty: 0x02000001 }, { arbitrary: 'zz' }])
      expect(() => encodeTokelData(bad)).toThrow(expect.objectContaining({ code: 'TOKEL_DATA_INVALID' }))
    expect(bytesToHex(encodeTokelData({ arbitrary: 'abc' }))).toBe('f7010401ab')
    expect(bytesToHex(encodeTokelData({ arbitrary: '' }))).toBe('f7010400')
  })
})

describe('assets v2 oprets (EncodeAssetOpRetV2)', () => {
  test.each(['s', 'b', 'S', 'B'])("order '%s'", (f) => {
    const e = byId(`derived-opret-assetsv2-${f}`).expected
    const p = { funcid: f as 's', tokenid: TID, unitPrice: 100000000n, origpubkey: PK1, expiryHeight: 1000000 }
    expect(bytesToHex(encodeAssetsV2Payload(p))).toBe(e.assetPayload)
    expect(bytesToHex(encodeAssetsV2Opret(p))).toBe(e.scriptPubKey)
    expect(decodeAssetsV2Opret(e.scriptPubKey)).toEqual({ ...p, evalCode: 0xf6, version: 1 })
    expect(isAssetsV2Payload(hexToBytes(e.scriptPubKey.slice(6)))).toBe(true)
  })
  test.each(['x', 'o'])("cancel '%s'", (f) => {
    const e = byId(`derived-opret-assetsv2-${f}`).expected
    expect(bytesToHex(encodeAssetsV2Opret({ funcid: f as 'x', tokenid: TID }))).toBe(e.scriptPubKey)
    expect(decodeAssetsV2Opret(e.scriptPubKey)).toEqual({ funcid: f, evalCode: 0xf6, version: 1, tokenid: TID })
  })
  test('refuses a cancel with extra bytes, an order with trailing bytes, a plain transfer', () => {
    const x = byId('derived-opret-assetsv2-x').expected.scriptPubKey as string
    expect(() => decodeAssetsV2Opret(x.replace('27f574', '28f574').replace(/03f67801$/, '04f6780100'))).toThrow(
      expect.objectContaining({ code: 'TRAILING_BYTES' }),
    )
    expect(() => decodeAssetsV2Opret(byId('derived-opret-tokenv2transfer').expected.scriptPubKey)).toThrow(
      expect.objectContaining({ code: 'OPRET_INVALID' }),
    )
    expect(isAssetsV2Payload(hexToBytes('f57401' + TID))).toBe(false)
  })
})
