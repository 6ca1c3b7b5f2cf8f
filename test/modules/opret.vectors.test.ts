import { describe, expect, test } from 'vitest'
import spec from '../../vectors/modules/spec-oprets.json' with { type: 'json' }
import docs from '../../vectors/modules/docs-antara-tx.json' with { type: 'json' }
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { decodeTokensOpret, encodeTokensOpret } from '../../src/modules/tokens/opret.js'
import { decodeFaucetOpret, encodeFaucetOpret } from '../../src/modules/faucet/opret.js'
import { decodeDiceOpret, encodeDiceOpret } from '../../src/modules/dice/opret.js'
import { decodeOraclesOpret, encodeOraclesOpret } from '../../src/modules/oracles/opret.js'
import { decodeGatewaysOpret, encodeGatewaysOpret } from '../../src/modules/gateways/opret.js'
import { decodeRewardsOpret, encodeRewardsOpret } from '../../src/modules/rewards/opret.js'
import { opretPayload, opretScript } from '../../src/modules/opret.js'
import { revive } from './_json.js'

type Codec = [(s: Uint8Array | string) => unknown, (p: never) => Uint8Array]
const CODECS: Record<string, Codec> = {
  tokens: [decodeTokensOpret, encodeTokensOpret],
  faucet: [decodeFaucetOpret, encodeFaucetOpret],
  dice: [decodeDiceOpret, encodeDiceOpret],
  oracles: [decodeOraclesOpret, encodeOraclesOpret],
  gateways: [decodeGatewaysOpret, encodeGatewaysOpret],
  rewards: [decodeRewardsOpret, encodeRewardsOpret],
}

describe('module oprets: spec vectors', () => {
  test.each(spec.valid)('$description', ({ module, script, payload }) => {
    const [dec, enc] = CODECS[module]!
    const want = revive(payload)
    expect(dec(script)).toEqual(want)
    expect(dec(hexToBytes(script))).toEqual(want)
    expect(bytesToHex(enc(want as never))).toBe(script)
  })
  test.each(spec.invalid)('$description → $error', ({ module, script, error }) => {
    const [dec] = CODECS[module]!
    expect(() => dec(script)).toThrow(expect.objectContaining({ code: error }))
  })
})

describe('module oprets: every documented transaction (developer docs)', () => {
  const withPayload = docs.cases.filter((c) => 'payload' in c && c.payload !== undefined)
  test.each(withPayload)('$id', (c) => {
    const [dec, enc] = CODECS[c.module!]!
    const want = revive((c as { payload: unknown }).payload)
    expect(dec(c.opret!)).toEqual(want)
    expect(bytesToHex(enc(want as never))).toBe(c.opret)
  })
})

describe('opret envelope', () => {
  test('push opcodes by length, as CScript << vector', () => {
    expect(bytesToHex(opretScript(new Uint8Array(1)))).toBe('6a0100')
    expect(bytesToHex(opretScript(new Uint8Array(0x4b))).slice(0, 4)).toBe('6a4b')
    expect(bytesToHex(opretScript(new Uint8Array(0x4c))).slice(0, 6)).toBe('6a4c4c')
    expect(bytesToHex(opretScript(new Uint8Array(0x100))).slice(0, 8)).toBe('6a4d0001')
    expect(() => opretScript(new Uint8Array(10001))).toThrow(expect.objectContaining({ code: 'SCRIPT_TOO_LARGE' }))
  })
  test('trailing script bytes: refused by default, ignored like the daemon on request', () => {
    expect(() => opretPayload('6a01ff51')).toThrow(expect.objectContaining({ code: 'TRAILING_BYTES' }))
    expect(bytesToHex(opretPayload('6a01ff51', { allowTrailingScript: true }))).toBe('ff')
    expect(decodeFaucetOpret('6a06e4470403020151', { allowTrailingScript: true })).toEqual({
      funcid: 'G',
      nonce: 0x01020304,
    })
  })
  test('a bare payload is accepted as well as a script', () => {
    expect(decodeFaucetOpret('e44704030201')).toEqual({ funcid: 'G', nonce: 0x01020304 })
  })
  test('wrong input types throw KomodoCcError', () => {
    expect(() => decodeDiceOpret(42 as never)).toThrow(expect.objectContaining({ code: 'BYTES_TYPE' }))
    expect(() => decodeDiceOpret('6a')).toThrow(expect.objectContaining({ code: 'OPRET_INVALID' }))
    expect(() => decodeDiceOpret('')).toThrow(expect.objectContaining({ code: 'OPRET_INVALID' }))
    expect(() => decodeDiceOpret('zz')).toThrow(expect.objectContaining({ code: 'HEX_INVALID' }))
  })
  test('errors name the field that failed', () => {
    try {
      decodeOraclesOpret(
        '6a4bec52ffeeddccbbaa99887766554433221100ffeeddccbbaa9988776655443322110020' +
          '11'.repeat(32) +
          '1027000000000000',
      )
      expect.unreachable()
    } catch (e) {
      expect((e as { details: { path: string } }).details.path).toBe('oracles.R.pubkey')
    }
  })
})
