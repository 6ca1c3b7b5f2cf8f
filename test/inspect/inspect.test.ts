import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import docs from '../../vectors/modules/docs-antara-tx.json' with { type: 'json' }
import { KomodoCcError } from '../../src/errors.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { inspectTransaction, inspectionText } from '../../src/inspect/index.js'
import { tokensCc1of1, encodeCondition } from '../../src/cc/condition.js'
import { encodeDiceOpret } from '../../src/modules/dice/opret.js'
import { encodeOraclesOpret } from '../../src/modules/oracles/opret.js'
import { encodeRewardsOpret } from '../../src/modules/rewards/opret.js'
import { encodeFaucetOpret } from '../../src/modules/faucet/opret.js'
import { encodeGatewaysOpret } from '../../src/modules/gateways/opret.js'
import { encodeTokensOpret } from '../../src/modules/tokens/opret.js'
import { sbits } from '../../src/sbits.js'
import { revive } from '../modules/_json.js'
import { ccOut, docTx, p2pkOut, withOutputs } from './_txs.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const DICE_PK = '039d966927cfdadab3ee6c56da63c21f17ea753dde4b3dfd41487103e24b27e94e'
const REWARDS_PK = '03da60379d924c2c30ac290d2a86c2ead128cb7bd571f69211cb95356e2dcc5eb9'
const FAUCET_PK = '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12'
const GW_PK = '03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40'
const PUB = '024026d4ad4ecfc1f705a9b42ca64af6d2ad947509c085534a30b8861d756c6ff0'
const PK1 = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'
const ORACLE = '9e2b634427c209afb844d05e20f10f9ea799b3a1e8763cb5ba89084e20ab7e40'
const FUNDING = 'ebfcff20fa5ab7bebf14b778e74bd6b34b02f100ff75e4cb611190f160ae4cf7'
const T = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'

describe('every documented raw transaction inspects to its method and parameters', () => {
  test.each(docs.cases)('$id → $method', (c) => {
    const r = inspectTransaction(c.hex)
    expect(r.txid).toBe(c.txid)
    expect(r.module).toBe(c.module)
    expect(r.method).toBe(c.method)
    if ('payload' in c && c.payload !== undefined) expect(r.payload).toEqual(revive(c.payload))
    // addresses re-derived by the docs' decoderawtransaction / the harvester, kinds by script type
    expect(r.outputs.map((o) => o.address)).toEqual(c.outputs.map((o) => o.address ?? null))
    expect(r.outputs.map((o) => o.value)).toEqual(c.outputs.map((o) => BigInt(o.value.slice(0, -1))))
    const kinds: Record<string, string> = {
      cryptocondition: 'cc',
      pubkey: 'p2pk',
      pubkeyhash: 'p2pkh',
      nulldata: 'opreturn',
    }
    expect(r.outputs.map((o) => o.kind)).toEqual(c.outputs.map((o) => kinds[o.type]))
  })

  test('tokencreate: supply 0.00000100 coins = 100 units, owner and marker (tokens.md)', () => {
    const r = inspectTransaction(docTx('tokens-tokencreate-01').hex)
    expect(r.reading).toMatchObject({
      name: 'TOK',
      description: 'creating a TOK token',
      supply: 100n,
      owner: '02d3431950c2f0f9654217b6ce3d44468d3a9ca7255741767fdeee7c5ec6b47567',
    })
    expect(r.outputs.map((o) => o.role)).toEqual(['marker', 'supply', 'change', 'opret'])
    expect(r.outputs[0]!.cc).toEqual({
      condition: 'cc1of1',
      evalCodes: [0xf2],
      pubkey: '03e6191c70c9c9a28f9fd87089b9488d0e6c02fb629df64979c9cdb6b2b4a68d95',
      global: true,
    })
  })
  test('INCONSISTENT tut-gateways-tokencreate-01: the bytes are the 2018 EVAL_ASSETS TAK token, not the KMD parameters', () => {
    const r = inspectTransaction(docTx('tut-gateways-tokencreate-01').hex)
    expect(r.evalCode).toBe(0xe3)
    expect(r.reading).toMatchObject({ name: 'TAK', description: 'Testing phase.', supply: 10000000000000n })
    expect(r.outputs.map((o) => o.role)).toEqual(['supply', 'marker', 'change', 'opret'])
  })
  test('INCONSISTENT dice-diceaddfunds-01: the opret carries KMDDice sbits, not MYDICECONTRACT', () => {
    const r = inspectTransaction(docTx('dice-diceaddfunds-01').hex)
    expect(r.reading).toMatchObject({
      kind: 'diceaddfunds',
      name: 'KMDDice',
      fundingtxid: FUNDING,
      amount: 1000000000n,
    })
  })
  test('INCONSISTENT tut-gateways-oraclescreate-01: NYWTHR / L, not the KMD / Ihh parameters', () => {
    expect(inspectTransaction(docTx('tut-gateways-oraclescreate-01').hex).reading).toEqual({
      kind: 'oraclescreate',
      name: 'NYWTHR',
      description: 'Weather in NYC',
      format: 'L',
    })
  })
  test('dicefund: the docs example (2018) has the marker at vout 1 and no owner tag', () => {
    const r = inspectTransaction(docTx('dice-dicefund-01').hex)
    expect(r.outputs.map((o) => o.role)).toEqual(['funding', 'marker', 'change', 'opret'])
    expect(r.reading).toMatchObject({
      minbet: 77700000n,
      maxbet: 777000000n,
      maxodds: 777n,
      timeoutblocks: 7n,
      funds: 77777700000000n,
      house: null,
    })
  })
  test('oraclesregister: marker, baton and its address', () => {
    const r = inspectTransaction(docTx('oracles-oraclesregister-01').hex)
    expect(r.outputs.map((o) => o.role)).toEqual(['marker', 'baton', 'change', 'opret'])
    expect(r.reading).toMatchObject({ datafee: 1000000n, baton: 'RWg43P8s8RtJatAGNa2kV8N2abhQqH93w9' })
  })
  test('gatewaysclaim: token-wrapped claim found through the 0x13 blob', () => {
    const r = inspectTransaction(docTx('tut-pegsuser-gatewaysclaim-01').hex)
    expect(r.evalCode).toBe(0xf2)
    expect(r.reading).toMatchObject({ kind: 'gatewaysclaim', amount: 1000000n, coin: 'KMD' })
    expect(r.outputs[0]!.cc!.evalCodes).toEqual([0xf2])
  })
  test('an EVAL_ASSETS DEX order is not one of the six modules', () => {
    const r = inspectTransaction(docTx('tokens-tokenask-old-01').hex)
    expect(r.module).toBeNull()
    expect(r.evalCode).toBe(0xe3)
    expect(r.error?.code).toBe('OPRET_FUNCID')
  })
  test('a plain transaction has module null', () => {
    const r = inspectTransaction(docTx('core-sapling-tx-01').hex)
    expect([r.module, r.method, r.funcid, r.payload]).toEqual([null, null, null, null])
  })
})

describe('synthetic transactions of every method (documented envelopes, spec layouts)', () => {
  test('oraclesdata: roles, datafee and the sample printed as oraclessample does', () => {
    const record = 'ffffffff' + '00000000ffffffff'.repeat(8)
    const raw = withOutputs('tut-gateways-oraclessubscribe-02', [
      ccOut(0xec, PUB, 99990000n),
      ccOut(0xec, '031df7f6218960fb6ec9abd5edc09cbfd37b3dcb712bfd02b9ff1c054de79d7aac', 10000n),
      p2pkOut(PUB, 10000n),
      p2pkOut(PUB, 5000n),
      {
        value: 0n,
        script: encodeOraclesOpret({ funcid: 'D', oracletxid: ORACLE, batontxid: T, pubkey: PUB, data: record }),
      },
    ])
    const r = inspectTransaction(raw, { oracleFormat: 'Ihh' })
    expect([r.module, r.method, r.funcid]).toEqual(['oracles', 'oraclesdata', 'D'])
    expect(r.outputs.map((o) => o.role)).toEqual(['subscription change', 'baton', 'datafee', 'change', 'opret'])
    expect(r.outputs[0]!.cc).toMatchObject({ evalCodes: [0xec], pubkey: PUB })
    expect(r.outputs[1]!.cc!.evalCodes).toBeNull() // the baton key derives from the publisher's private key
    const h = 'ffffffff00000000'.repeat(4)
    expect(r.reading).toMatchObject({ publisher: PUB, datafee: 10000n, batontxid: T, sample: ['4294967295', h, h] })
    // the JSON form carries every address
    const json = JSON.parse(JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)))
    expect(json.outputs[2].address).toBe('RXEXoa1nRmKhMbuZovpcYwQMsicwzccZBp')
    expect(inspectionText(r)).toBe(
      `oraclesdata: publisher 0240…6ff0, oracle 9e2b…7e40, sample ["4294967295","${h}","${h}"], datafee 0.0001`,
    )
  })
  test('dicebet: odds from the vout 2 value, payout if won', () => {
    const raw = withOutputs('dice-diceaddfunds-01', [
      ccOut(0xe6, DICE_PK, 1000000000n),
      ccOut(0xe6, DICE_PK, 700000000n),
      p2pkOut(PUB, 10007n),
      p2pkOut(PUB, 123n),
      {
        value: 0n,
        script: encodeDiceOpret({
          funcid: 'B',
          sbits: sbits('KMDDice'),
          name: 'KMDDice',
          fundingtxid: FUNDING,
          hash: 'ab'.repeat(32),
          proof: '00'.repeat(32),
        }),
      },
    ])
    const r = inspectTransaction(raw)
    expect(r.method).toBe('dicebet')
    expect(r.reading).toMatchObject({ bet: 700000000n, odds: 7n, payoutIfWin: 5600000000n, bettor: PUB })
    expect(r.outputs.map((o) => o.role)).toEqual(['entropy', 'bet', 'odds tag', 'change', 'opret'])
  })
  test.each([
    ['W', 'win'],
    ['L', 'loss'],
    ['T', 'timeout'],
    ['R', 'refund'],
  ] as const)('dice %s → dicefinish (%s)', (f, outcome) => {
    const p =
      f === 'R'
        ? {
            funcid: f,
            sbits: sbits('KMDDice'),
            name: 'KMDDice',
            fundingtxid: FUNDING,
            hash: '11'.repeat(32),
            oldbettxid: T,
          }
        : {
            funcid: f,
            sbits: sbits('KMDDice'),
            name: 'KMDDice',
            fundingtxid: FUNDING,
            hash: '11'.repeat(32),
            proof: '22'.repeat(32),
          }
    const raw = withOutputs('dice-diceaddfunds-01', [
      ccOut(0xe6, DICE_PK, 5n * 10n ** 8n),
      p2pkOut(PUB, 10000n),
      p2pkOut(PK1, 8n * 10n ** 8n),
      { value: 0n, script: encodeDiceOpret(p as never) },
    ])
    const r = inspectTransaction(raw)
    expect([r.method, r.funcid, r.reading.outcome]).toEqual(['dicefinish', f, outcome])
  })
  test('rewardsunlock: the reward paid, from the lock amount given as prevout', () => {
    const doc = docTx('rewards-rewardsunlock-01')
    const r = inspectTransaction(doc.hex, { prevouts: [{ value: 20000000000n }, { value: 99999999999n }] })
    expect(r.reading).toMatchObject({
      kind: 'rewardsunlock',
      recover: false,
      paid: 20002740391n,
      lockAmount: 20000000000n,
      reward: 2740391n,
    })
    expect(r.fee).toBe(20000000000n + 99999999999n - 99997249609n - 20002740391n)
  })
  test('rewards F / L', () => {
    const fid = 'e020151cd81647b20aa45a0e6850216ae52d3e895443bbe1ae97dea3ae6767bd'
    const f = inspectTransaction(
      withOutputs('rewards-rewardsaddfunding-01', [
        ccOut(0xe5, REWARDS_PK, 10n ** 11n),
        p2pkOut(REWARDS_PK, 10000n),
        {
          value: 0n,
          script: encodeRewardsOpret({
            funcid: 'F',
            sbits: sbits('FREE'),
            name: 'FREE',
            APR: 500000000n,
            minseconds: 86400n,
            maxseconds: 864000n,
            mindeposit: 10n ** 9n,
          }),
        },
      ]),
    )
    expect([f.method, f.reading.APR]).toEqual(['rewardscreatefunding', '5.00000000'])
    const l = inspectTransaction(
      withOutputs('rewards-rewardsaddfunding-01', [
        ccOut(0xe5, REWARDS_PK, 2n * 10n ** 10n),
        p2pkOut(PUB, 10000n),
        {
          value: 0n,
          script: encodeRewardsOpret({ funcid: 'L', sbits: sbits('FREE'), name: 'FREE', fundingtxid: fid }),
        },
      ]),
    )
    expect(l.method).toBe('rewardslock')
    expect(l.reading).toMatchObject({ amount: 2n * 10n ** 10n, unlockAddress: 'RXEXoa1nRmKhMbuZovpcYwQMsicwzccZBp' })
  })
  test('faucetget: faucet change, payout, nonce', () => {
    const r = inspectTransaction(
      withOutputs('faucet-faucetfund-01', [
        ccOut(0xe4, FAUCET_PK, 5n * 10n ** 8n),
        p2pkOut(PUB, 10000000n),
        { value: 0n, script: encodeFaucetOpret({ funcid: 'G', nonce: 7 }) },
      ]),
    )
    expect(r.method).toBe('faucetget')
    expect(r.outputs.map((o) => o.role)).toEqual(['faucet change', 'payout', 'opret'])
    expect(r.reading).toMatchObject({ nonce: 7, payout: 10000000n })
  })
  test('faucetfund (no opret) is recognised by its faucet output', () => {
    const r = inspectTransaction(docTx('faucet-faucetfund-01').hex)
    expect(r.reading).toEqual({ kind: 'faucetfund', amount: 10000000000n })
    expect(r.outputs[0]!.cc!.global).toBe(true)
  })
  test('gateways W / P / S / M name their builder RPCs', () => {
    const mk = (p: object, outs = [ccOut(0xf1, GW_PK, 10000n)]) =>
      inspectTransaction(
        withOutputs('tut-gateways-gatewaysbind-02', [...outs, { value: 0n, script: encodeGatewaysOpret(p as never) }]),
      )
    expect(
      mk({ funcid: 'W', tokenid: T, voutPubkeys: [GW_PK], bindtxid: T, refcoin: 'KMD', withdrawpub: PUB, amount: 5n })
        .method,
    ).toBe('gatewayswithdraw')
    expect(mk({ funcid: 'P', withdrawtxid: T, refcoin: 'KMD', K: 1, signerpk: PUB, hex: 'abcd' }).method).toBe(
      'gatewayspartialsign',
    )
    expect(mk({ funcid: 'S', withdrawtxid: T, refcoin: 'KMD', K: 2, hex: 'abcd' }).method).toBe(
      'gatewayscompletesigning',
    )
    const m = mk({ funcid: 'M', withdrawtxid: T, refcoin: 'KMD', completetxid: T }, [p2pkOut(PUB, 10000n)])
    expect([m.method, m.outputs[0]!.role]).toEqual(['gatewaysmarkdone', 'marker released'])
  })
  test('NFT token create: supply held in the 3-of-3 TokensCC1(0xf7, pk1), eval codes named', () => {
    const k = encodeCondition(tokensCc1of1(0xf7, PK1))
    const raw = withOutputs('tokens-tokencreate-01', [
      ccOut(0xf2, '03e6191c70c9c9a28f9fd87089b9488d0e6c02fb629df64979c9cdb6b2b4a68d95', 10000n),
      { value: 1n, script: new Uint8Array([k.length, ...k, 0xcc]) },
      {
        value: 0n,
        script: encodeTokensOpret({
          funcid: 'c',
          evalCode: 0xf2,
          origpubkey: PK1,
          name: 'DUKE',
          description: "Duke's custom token",
          blobs: [{ id: 0x11, data: 'f70101' }],
        }),
      },
    ])
    const r = inspectTransaction(raw)
    expect(r.reading).toMatchObject({ supply: 1n, nftData: 'f70101', nftEvalCode: 0xf7 })
    expect(r.outputs[1]!.cc).toEqual({ condition: 'tokens1of1', evalCodes: [0xf2, 0xf7], pubkey: PK1, global: false })
  })
  test('an opret that does not decode is reported, not thrown', () => {
    const r = inspectTransaction(
      withOutputs('faucet-faucetfund-01', [p2pkOut(PUB, 1n), { value: 0n, script: hexToBytes('6a03ec5200') }]),
    )
    expect([r.module, r.funcid, r.method, r.payload]).toEqual(['oracles', 'R', 'oraclesregister', null])
    expect(r.error?.code).toBe('READ_PAST_END')
  })
})

describe('inspectTransaction input checks', () => {
  test('bad inputs throw KomodoCcError', () => {
    expect(() => inspectTransaction(42 as never)).toThrow(KomodoCcError)
    expect(() => inspectTransaction('zz')).toThrow(expect.objectContaining({ code: 'HEX_INVALID' }))
    expect(() => inspectTransaction(docTx('core-sapling-tx-01').hex, null as never)).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
    const reg = docTx('oracles-oraclesregister-01').hex
    expect(() => inspectTransaction(reg, { pubkeys: 5 as never })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
    expect(() => inspectTransaction(reg, { prevouts: [{ value: 1 as never }] })).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
    expect(() => inspectTransaction(reg, { chain: 'NOPE' })).toThrow(KomodoCcError)
    // a key given by the caller identifies an output the transaction itself does not name
    const sub = docTx('tut-gateways-oraclessubscribe-02').hex
    expect(inspectTransaction(sub, { pubkeys: [PUB] }).outputs[0]!.cc!.pubkey).toBe(PUB)
  })
  const raws = docs.cases.map((c) => hexToBytes(c.hex))
  test('random bytes and documented transactions with a flipped byte never throw anything but KomodoCcError', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...raws),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        fc.uint8Array({ maxLength: 200 }),
        (raw, at, x, junk) => {
          const c = raw.slice()
          c[at % c.length] = c[at % c.length]! ^ x
          for (const input of [c, junk]) {
            try {
              const r = inspectTransaction(input)
              JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))
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
