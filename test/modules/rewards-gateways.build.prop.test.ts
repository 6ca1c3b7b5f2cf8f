import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { buildRewardsCreateFunding, buildRewardsLock, buildRewardsUnlock } from '../../src/modules/rewards/build.js'
import { decodeRewardsOpret } from '../../src/modules/rewards/opret.js'
import { buildGatewaysWithdraw } from '../../src/modules/gateways/build.js'
import { decodeGatewaysOpret, encodeGatewaysOpret } from '../../src/modules/gateways/opret.js'
import { cc1of1 } from '../../src/cc/condition.js'
import { ccScript } from '../../src/script/cc.js'
import { p2pkScript } from '../../src/script/script.js'
import { sha256 } from '../../src/hash/index.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import { getPublicKey } from '@noble/secp256k1'
import type { BuildResult } from '../../src/cctx/complete.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const COIN = 100_000_000n
const priv = sha256(new TextEncoder().encode('1'))
const pubkey = getPublicKey(priv, true)
const coin = (n: number, sats: bigint) => ({
  txid: n.toString(16).padStart(64, '0'),
  vout: 0,
  satoshis: sats,
  script: p2pkScript(pubkey),
})

/** Value conservation and FinalizeCCTx's change rule, from the build's own inputs and outputs. */
function expectBalanced(r: BuildResult): void {
  const ins = r.inputs.reduce((s, i) => s + i.satoshis, 0n)
  const outs = r.tx.vout.reduce((s, o) => s + o.value, 0n)
  expect(ins - outs).toBe(r.fee)
  expect(r.fee >= 10000n && r.fee < 20000n).toBe(true)
}

describe('rewards and gateways builders: properties', () => {
  const plan = buildRewardsCreateFunding(
    { name: 'PROP', amount: '1000', APR: '5', mindays: 0, maxdays: 100, mindeposit: '0.001' },
    { pubkey, utxos: [coin(1, 2000n * COIN)], height: 1 },
  )

  test('rewardslock: any deposit and coin set → balanced, L opret of the plan, deposit at vout 0, tag at vout 1', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100000n, max: 500n * COIN }),
        fc.array(fc.bigInt({ min: 1n, max: 200n * COIN }), { minLength: 1, maxLength: 8 }),
        (deposit, coins) => {
          const utxos = coins.map((s, i) => coin(i + 10, s))
          let r: BuildResult
          try {
            r = buildRewardsLock(
              { name: 'PROP', fundingtxid: plan.txid, amount: deposit },
              { pubkey, utxos, height: 5 },
              { plan: plan.tx, funding: 1000n * COIN },
            )
          } catch (e) {
            expect(e).toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
            return
          }
          expectBalanced(r)
          expect(r.tx.vout[0]!.value).toBe(deposit)
          expect(r.tx.vout[1]).toMatchObject({ value: 10000n })
          expect(decodeRewardsOpret(r.tx.vout.at(-1)!.script)).toMatchObject({ funcid: 'L', fundingtxid: plan.txid })
        },
      ),
      { numRuns },
    )
  })

  test('rewardsunlock: the reward is ⌊amount·APR·t / (10^8·100·31536000)⌋ capped at the amount and t at maxseconds', () => {
    const lockTx = buildRewardsLock(
      { name: 'PROP', fundingtxid: plan.txid, amount: 20n * COIN },
      { pubkey, utxos: [coin(3, 30n * COIN)], height: 5 },
      { plan: plan.tx, funding: 1000n * COIN },
    )
    const fund = { txid: plan.txid, vout: 0, satoshis: 1000n * COIN, script: plan.tx.vout[0]!.script }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 * 86400 }), (t) => {
        const T = 1_700_000_000
        const d = BigInt(Math.min(t, 100 * 86400))
        const expected = (20n * COIN * 500000000n * d) / (100000000n * 100n * 31536000n)
        let r
        try {
          r = buildRewardsUnlock(
            { name: 'PROP', fundingtxid: plan.txid, txid: lockTx.txid },
            { pubkey, utxos: [], height: 9 },
            { plan: plan.tx, locks: [{ tx: lockTx.tx, blockTime: T }], funding: [fund], tipTime: T + t },
          )
        } catch (e) {
          expect(expected).toBeLessThanOrEqual(10000n)
          expect(e).toMatchObject({ details: { daemonError: `reward ${expected} is <= the transaction fee` } })
          return
        }
        expect(r.tx.vout[1]!.value).toBe(20n * COIN + expected)
        expect(r.tx.vout[0]!.value + r.tx.vout[1]!.value + 10000n).toBe(20n * COIN + 1000n * COIN)
      }),
      { numRuns },
    )
  })

  test('gatewayswithdraw: any amount within the token balance → tokens balance exactly, W opret carries the amount', () => {
    const tokenid = '77'.repeat(32)
    const bindView = {
      txid: '66'.repeat(32),
      vout: [
        {
          value: 0n,
          script: encodeGatewaysOpret({
            funcid: 'B',
            tokenid,
            voutPubkeys: ['03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40'],
            coin: 'KMD',
            totalsupply: COIN,
            oracletxid: '55'.repeat(32),
            M: 1,
            N: 1,
            pubkeys: [bytesToHex(pubkey)],
            taddr: 0,
            prefix: 60,
            prefix2: 85,
            wiftype: 188,
          }),
        },
      ],
    }
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: COIN }), { minLength: 1, maxLength: 6 }),
        fc.bigInt({ min: 1n, max: 6n * COIN }),
        (balances, amount) => {
          const tokens = balances.map((s, i) => ({
            txid: tokenid,
            vout: i + 1,
            satoshis: s,
            script: ccScript(cc1of1(0xf2, pubkey)),
          }))
          let r: BuildResult
          try {
            r = buildGatewaysWithdraw(
              { bindtxid: bindView.txid, coin: 'KMD', withdrawpub: pubkey, amount },
              { pubkey, utxos: [coin(2, COIN)], height: 5 },
              { bind: bindView, tokens },
            )
          } catch (e) {
            expect(e).toMatchObject({
              code: 'INSUFFICIENT_FUNDS',
              details: { daemonError: 'not enough balance of tokens for withdraw' },
            })
            return
          }
          expectBalanced(r)
          const tokenIn = r.inputs.filter((i) => i.kind === 'cc').reduce((s, i) => s + i.satoshis, 0n)
          const change = r.tx.vout.length === 5 ? r.tx.vout[2]!.value : 0n
          expect(r.tx.vout[1]!.value + change).toBe(tokenIn)
          expect(decodeGatewaysOpret(r.tx.vout.at(-1)!.script)).toMatchObject({ funcid: 'W', amount, tokenid })
        },
      ),
      { numRuns },
    )
  })
})
