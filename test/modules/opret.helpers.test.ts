import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { KomodoCcError } from '../../src/errors.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import { encodeTokensOpret, nftData, decodeTokensOpret } from '../../src/modules/tokens/opret.js'
import { encodeFaucetOpret } from '../../src/modules/faucet/opret.js'
import { encodeDiceOpret, diceOddsFromValue } from '../../src/modules/dice/opret.js'
import { encodeOraclesOpret } from '../../src/modules/oracles/opret.js'
import { encodeGatewaysOpret } from '../../src/modules/gateways/opret.js'
import {
  encodeRewardsOpret,
  rewardsAprFromPercent,
  rewardsAprToPercent,
  rewardsDaysToSeconds,
  rewardsSecondsToDays,
} from '../../src/modules/rewards/opret.js'
import { sbits } from '../../src/sbits.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const T = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'

describe('unit helpers (spec 4.3 units, 3.6 odds)', () => {
  test('rewards APR: percent × 10^8, exact (the daemon\'s atof gives 28999999 for "0.29")', () => {
    expect(rewardsAprFromPercent('5')).toBe(500000000n)
    expect(rewardsAprFromPercent('0.29')).toBe(29000000n)
    expect(rewardsAprToPercent(500000000n)).toBe('5.00000000')
    expect(rewardsAprToPercent(28999999n)).toBe('0.28999999')
    expect(() => rewardsAprFromPercent('5%')).toThrow(expect.objectContaining({ code: 'AMOUNT_INVALID' }))
    expect(() => rewardsAprFromPercent('0.123456789')).toThrow(expect.objectContaining({ code: 'AMOUNT_INVALID' }))
  })
  test('rewards days ⇄ seconds (60 days = 5184000 s, spec 4.2 synthetic)', () => {
    expect(rewardsDaysToSeconds(60)).toBe(5184000n)
    expect(rewardsDaysToSeconds(1n)).toBe(86400n)
    expect(rewardsSecondsToDays(864000n)).toBe(10)
    expect(() => rewardsDaysToSeconds(1.5)).toThrow(expect.objectContaining({ code: 'INT_RANGE' }))
  })
  test('dice odds live in vout 2 = 10000 + odds', () => {
    expect(diceOddsFromValue(10007n)).toBe(7)
    expect(diceOddsFromValue(10000n)).toBeNull()
    expect(diceOddsFromValue(20000n)).toBeNull()
  })
  test('nftData returns the 0x11 blob of a create', () => {
    const p = decodeTokensOpret(
      '6a42f263210279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f817980444554b451344756b65277320637573746f6d20746f6b656e1103f70101',
    )
    expect(nftData(p)).toBe('f70101')
  })
  test('plan name is checked against sbits when given', () => {
    const base = { funcid: 'L' as const, sbits: sbits('FREE'), fundingtxid: T }
    expect(bytesToHex(encodeRewardsOpret({ ...base, name: 'FREE' })).slice(0, 8)).toBe('6a2ae54c')
    expect(bytesToHex(encodeRewardsOpret({ ...base, name: null }))).toBe(
      bytesToHex(encodeRewardsOpret({ ...base, name: 'FREE' })),
    )
    expect(() => encodeRewardsOpret({ ...base, name: 'DICE' })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
  })
  test('sbits with non-printable bytes decode with name null', () => {
    const s = encodeDiceOpret({ funcid: 'T', sbits: 0xffn, name: null, fundingtxid: T, hash: T, proof: T })
    expect(bytesToHex(s).slice(0, 24)).toBe('6a4c6ae654ff000000000000')
  })
})

describe('encoders refuse bad values with KomodoCcError', () => {
  test.each([
    [
      'tokens: 3 pubkeys',
      () =>
        encodeTokensOpret({
          funcid: 't',
          evalCode: 0xf2,
          tokenid: T,
          pubkeys: ['02' + '11'.repeat(32), '02' + '11'.repeat(32), '02' + '11'.repeat(32)],
          blobs: [],
        }),
      'ARG_INVALID',
    ],
    [
      'tokens: blob id 0',
      () =>
        encodeTokensOpret({
          funcid: 'c',
          evalCode: 0xf2,
          origpubkey: '02' + '11'.repeat(32),
          name: 'A',
          description: '',
          blobs: [{ id: 0, data: '' }],
        }),
      'ARG_INVALID',
    ],
    [
      'tokens: eval 0xe4',
      () =>
        encodeTokensOpret({
          funcid: 'c',
          evalCode: 0xe4 as never,
          origpubkey: '02' + '11'.repeat(32),
          name: 'A',
          description: '',
          blobs: [],
        }),
      'OPRET_EVAL',
    ],
    ['faucet: nonce 2^32', () => encodeFaucetOpret({ funcid: 'G', nonce: 2 ** 32 }), 'INT_RANGE'],
    ['faucet: funcid X', () => encodeFaucetOpret({ funcid: 'X' as never, nonce: 1 }), 'OPRET_FUNCID'],
    [
      'dice: minbet as number',
      () =>
        encodeDiceOpret({
          funcid: 'F',
          sbits: 1n,
          name: null,
          minbet: 1 as never,
          maxbet: 1n,
          maxodds: 1n,
          timeoutblocks: 1n,
        }),
      'INT_RANGE',
    ],
    [
      'dice: short txid',
      () => encodeDiceOpret({ funcid: 'B', sbits: 1n, name: null, fundingtxid: 'ab', hash: T, proof: T }),
      'BYTES_LENGTH',
    ],
    [
      'oracles: 64-byte pubkey',
      () => encodeOraclesOpret({ funcid: 'R', oracletxid: T, pubkey: '04' + '11'.repeat(63), datafee: 1n }),
      'PUBKEY_INVALID',
    ],
    [
      'oracles: name not a string',
      () => encodeOraclesOpret({ funcid: 'C', name: 5 as never, format: 's', description: '' }),
      'ARG_INVALID',
    ],
    [
      'oracles: data not hex',
      () =>
        encodeOraclesOpret({ funcid: 'D', oracletxid: T, batontxid: T, pubkey: '02' + '11'.repeat(32), data: 'zz' }),
      'HEX_INVALID',
    ],
    [
      'oracles: record too big for a standard opret',
      () =>
        encodeOraclesOpret({
          funcid: 'D',
          oracletxid: T,
          batontxid: T,
          pubkey: '02' + '11'.repeat(32),
          data: '00'.repeat(10000),
        }),
      'SCRIPT_TOO_LARGE',
    ],
    [
      'gateways: bad layout',
      () => encodeGatewaysOpret({ funcid: 'M', layout: 'old' as never, refcoin: 'KMD', completetxid: T }),
      'ARG_INVALID',
    ],
    [
      'gateways: M 256',
      () =>
        encodeGatewaysOpret({
          funcid: 'B',
          tokenid: T,
          voutPubkeys: [],
          coin: 'KMD',
          totalsupply: 1n,
          oracletxid: T,
          M: 256,
          N: 1,
          pubkeys: [],
          taddr: 0,
          prefix: 60,
          prefix2: 85,
          wiftype: 188,
        }),
      'INT_RANGE',
    ],
    [
      'rewards: APR negative',
      () =>
        encodeRewardsOpret({
          funcid: 'F',
          sbits: 1n,
          name: null,
          APR: -1n,
          minseconds: 0n,
          maxseconds: 0n,
          mindeposit: 0n,
        }),
      'INT_RANGE',
    ],
    [
      'tokens: legacyBlob that is not old Rogue/Assets data',
      () =>
        encodeTokensOpret({
          funcid: 't',
          evalCode: 0xf2,
          tokenid: T,
          pubkeys: [],
          blobs: [{ id: 0x16, data: '1199' }],
          legacyBlob: true,
        }),
      'ARG_INVALID',
    ],
    [
      'tokens: legacyBlob null',
      () =>
        encodeTokensOpret({
          funcid: 't',
          evalCode: 0xf2,
          tokenid: T,
          pubkeys: [],
          blobs: [null as never],
          legacyBlob: true,
        }),
      'ARG_INVALID',
    ],
    ['not an object', () => encodeRewardsOpret(null as never), 'ARG_INVALID'],
  ] as const)('%s', (_n, f, code) => {
    expect(f).toThrow(expect.objectContaining({ code }))
  })
  test('random objects never throw anything but KomodoCcError', () => {
    const encoders = [
      encodeTokensOpret,
      encodeFaucetOpret,
      encodeDiceOpret,
      encodeOraclesOpret,
      encodeGatewaysOpret,
      encodeRewardsOpret,
    ] as ((p: never) => Uint8Array)[]
    fc.assert(
      fc.property(
        fc.record({
          funcid: fc.constantFrom(...'ctGFEBWLTRCFRSDBCWDPSMALU'),
          layout: fc.constantFrom(undefined, 'legacy'),
          legacyBlob: fc.boolean(),
          blobs: fc.array(fc.anything(), { maxLength: 2 }),
          pubkeys: fc.array(fc.anything(), { maxLength: 2 }),
        }),
        fc.object(),
        (head, rest) => {
          for (const enc of encoders) {
            try {
              enc({ ...rest, ...head } as never)
            } catch (e) {
              if (!(e instanceof KomodoCcError)) throw e
            }
          }
        },
      ),
      { numRuns },
    )
  })
})
