// One rule, one place: komodod's AddGatewaysInputs (src/cc/gateways.cpp) is `addGatewaysInputs`
// (src/modules/gateways/add-inputs.ts). This file's table, written from that C++, runs against the rule and against
// gatewaysclaim's builder (`buildGatewaysClaim`, AddGatewaysInputs(…, amount, 60)): the token inputs it takes from
// the gateway's token outputs it is given. Which outputs are candidates is `gatewayTokenInputs` (the resolver tests).
import { describe, expect, test } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { addGatewaysInputs } from '../../../src/modules/gateways/add-inputs.js'
import { buildGatewaysClaim } from '../../../src/modules/gateways/build.js'
import { encodeGatewaysOpret } from '../../../src/modules/gateways/opret.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { ccScript } from '../../../src/script/cc.js'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { serializeTransaction, txid as txidOf } from '../../../src/tx/codec.js'
import { sha256 } from '../../../src/hash/index.js'
import type { Utxo } from '../../../src/cctx/types.js'
import { plainTx } from '../../_util/tx.js'

type Case = {
  name: string
  /** the gateway's token outputs, in the address index's order */
  values: bigint[]
  /** indexes the daemon takes; `short`: their sum stays below the amount ("cant find enough tokens …") */
  taken: number[]
  short?: true
}

// From AddGatewaysInputs: `if (maxinputs > CC_MAXVINS) maxinputs = CC_MAXVINS`; `threshold = total/maxinputs` is
// never read; each member output is taken (`n++`) and `if ((total > 0 && totalinputs >= total) || (maxinputs > 0 &&
// n >= maxinputs)) break`. GatewaysClaim: AddGatewaysInputs(…, amount, 60) >= amount, else "cant find enough tokens in
// gateways address for given amount". The claim below is of 0.1 coin: 10_000_000 token units.
const AMOUNT = 10_000_000n
const CASES: Case[] = [
  { name: 'one output covering the amount', values: [AMOUNT], taken: [0] },
  { name: 'in order until the sum reaches the amount', values: [6_000_000n, 4_000_000n, 9_000_000n], taken: [0, 1] },
  { name: 'no threshold: outputs far below amount/60 are taken', values: [1n, 2n, AMOUNT], taken: [0, 1, 2] },
  { name: 'a later large output is not preferred', values: [3n, 50_000_000n], taken: [0, 1] },
  {
    name: 'at most 60 inputs: 61 outputs of amount/60, 60 taken, short',
    values: Array(61).fill(AMOUNT / 60n),
    taken: [...Array(60).keys()],
    short: true,
  },
  { name: 'all taken, still short', values: [4_000_000n, 5_000_000n], taken: [0, 1], short: true },
]

const priv = sha256(new TextEncoder().encode('gateways add-inputs'))
const dest = getPublicKey(priv, true)
const GW_PK = '03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40' // Gateways' global key (CCcustom.cpp)
// the gateway's token outputs (the bind's vout 0: tokens and Gateways conditions over the Gateways key), as
// test/modules/gateways/build.test.ts pins them
const GW_TOKENS = hexToBytes(
  '2ea22c8020bed294e15cd2e327d2f1e6bcf55e2ebe571b7bc2e672363950ca680c8b89226381032210008203000401cc',
)
const tokenid = '7a'.repeat(32)
const bindTx = plainTx(
  [{ txid: '01'.repeat(32), vout: 0 }],
  [
    { value: 100_000_000n, script: GW_TOKENS },
    { value: 10000n, script: ccScript(cc1of1(0xf1, GW_PK)) },
    {
      value: 0n,
      script: encodeGatewaysOpret({
        funcid: 'B',
        tokenid,
        voutPubkeys: [GW_PK],
        coin: 'KMD',
        totalsupply: 100_000_000n,
        oracletxid: '0c'.repeat(32),
        M: 1,
        N: 1,
        pubkeys: [bytesToHex(dest)],
        taddr: 0,
        prefix: 60,
        prefix2: 85,
        wiftype: 188,
      }),
    },
  ],
)
const bindtxid = txidOf(bindTx)
const depositTx = plainTx(
  [{ txid: '02'.repeat(32), vout: 0 }],
  [
    { value: 10000n, script: ccScript(cc1of1(0xf1, dest)) },
    {
      value: 0n,
      script: encodeGatewaysOpret({
        funcid: 'D',
        refcoin: 'KMD',
        bindtxid,
        publishers: [bytesToHex(dest)],
        txids: ['d1'.repeat(32)],
        height: 1234,
        cointxid: 'c0'.repeat(32),
        claimvout: 0,
        deposithex: '00',
        proof: '00',
        destpub: bytesToHex(dest),
        amount: AMOUNT,
      }),
    },
  ],
)
const hexOf = (tx: typeof bindTx) => bytesToHex(serializeTransaction(tx))
const tokens = (values: bigint[]): Utxo[] =>
  values.map((satoshis, i) => ({
    txid: (i + 0x10).toString(16).padStart(2, '0').repeat(32),
    vout: 1,
    satoshis,
    script: GW_TOKENS,
    height: 100,
  }))

describe('AddGatewaysInputs (src/cc/gateways.cpp), as GatewaysClaim calls it', () => {
  describe.each(CASES)('$name', ({ values, taken, short }) => {
    test('the rule: addGatewaysInputs', () => {
      const got = addGatewaysInputs(
        values.map((satoshis, i) => ({ satoshis, i })),
        AMOUNT,
        60,
        () => true,
      )
      expect(got.inputs.map((x) => x.i)).toEqual(taken)
      expect(got.sum < AMOUNT).toBe(short === true)
    })
    test('buildGatewaysClaim', () => {
      const utxos = tokens(values)
      const claim = () =>
        buildGatewaysClaim(
          { bindtxid, coin: 'KMD', deposittxid: txidOf(depositTx), destpub: dest, amount: '0.1' },
          { pubkey: dest, utxos: [], height: 1000, privateKey: priv },
          { bind: hexOf(bindTx), deposit: hexOf(depositTx), tokens: utxos },
        )
      if (short === true) {
        expect(claim).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_FUNDS' }))
        return
      }
      const r = claim()
      const sum = taken.reduce((s, i) => s + values[i]!, 0n)
      // vin: the token inputs taken, then the deposit's claim marker
      expect(r.tx.vin.slice(0, -1).map((v) => `${v.txid}:${v.vout}`)).toEqual(taken.map((i) => `${utxos[i]!.txid}:1`))
      expect(r.tx.vout.slice(0, -1).map((o) => o.value)).toEqual(sum > AMOUNT ? [AMOUNT, sum - AMOUNT] : [AMOUNT])
    })
  })

  test('total 0 or maxinputs 0: the daemon takes nothing (`… && total != 0 && maxinputs != 0`)', () => {
    expect(addGatewaysInputs([{ satoshis: 5n }], 0n, 60, () => true).inputs).toEqual([])
    expect(addGatewaysInputs([{ satoshis: 5n }], 5n, 0, () => true).inputs).toEqual([])
  })
})
