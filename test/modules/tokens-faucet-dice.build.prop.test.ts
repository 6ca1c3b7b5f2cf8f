import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { buildTokenCreate, buildTokenTransfer } from '../../src/modules/tokens/build.js'
import { buildDiceBet, buildDiceFund } from '../../src/modules/dice/build.js'
import { decodeTokensOpret } from '../../src/modules/tokens/opret.js'
import { decodeDiceOpret, diceOddsFromValue, encodeDicePayload } from '../../src/modules/dice/opret.js'
import { opretScript } from '../../src/modules/opret.js'
import { p2pkScript } from '../../src/script/script.js'
import { bytesToHex } from '../../src/bytes/hex.js'
import type { Transaction } from '../../src/tx/types.js'
import { coin, key, out } from './_build.js'

const numRuns = Number(process.env.FC_NUM_RUNS ?? 200)
const k1 = key(1)
const k2 = key(2)

describe('builder properties (unsigned builds)', () => {
  const create = buildTokenCreate(
    { name: 'P', supply: 1_000_000n, description: '' },
    { pubkey: k1.pub, utxos: [coin('11'.repeat(32), 100_000_000n, k1.pub)], height: 5 },
  )
  test('tokentransfer: amounts balance, change rule, opret names the recipient', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        fc.bigInt({ min: 10_000n, max: 100_000n }),
        (amount, feeCoin) => {
          const utxos = [coin('22'.repeat(32), feeCoin, k1.pub)]
          const r = buildTokenTransfer(
            { tokenid: create.txid, destpubkey: k2.pub, amount },
            { pubkey: k1.pub, utxos, height: 6 },
            { create: create.tx, tokens: [out(create, 1)] },
          )
          const v = r.tx.vout
          expect(v[0]!.value).toBe(amount)
          const tokenChange = 1_000_000n - amount
          expect(tokenChange === 0n ? v[1]!.script[0] !== 0x2e : v[1]!.value === tokenChange).toBe(true)
          const hasChange = feeCoin >= 20_000n
          expect(r.fee).toBe(hasChange ? 10_000n : feeCoin)
          expect(v.length).toBe(1 + (tokenChange > 0n ? 1 : 0) + (hasChange ? 1 : 0) + 1)
          expect(decodeTokensOpret(v.at(-1)!.script)).toMatchObject({
            funcid: 't',
            tokenid: create.txid,
            pubkeys: [bytesToHex(k2.pub)],
          })
        },
      ),
      { numRuns },
    )
  })

  const house = { pubkey: k1.pub, utxos: [coin('33'.repeat(32), 100_000_000_000n, k1.pub)], height: 20 }
  const fund = buildDiceFund(
    { name: 'PROP', funds: '100', minbet: '0.01', maxbet: '10', maxodds: 500, timeoutblocks: 10 },
    house,
  )
  const etx = (i: number): Transaction => ({
    ...fund.tx,
    vin: [
      { txid: (i + 1).toString(16).padStart(64, '0'), vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff },
    ],
    vout: [
      { value: 1_000_000_000n, script: fund.tx.vout[0]!.script },
      { value: 10000n, script: p2pkScript(k1.pub) },
      {
        value: 0n,
        script: opretScript(
          encodeDicePayload({
            funcid: 'E',
            sbits: 0x504f5250n,
            name: null,
            fundingtxid: fund.txid,
            hash: '11'.repeat(32),
            proof: '00'.repeat(32),
          }),
        ),
      },
    ],
  })
  const planTxs = [fund.tx, ...Array.from({ length: 100 }, (_, i) => etx(i))]
  test('dicebet: odds only in vout 2, entropy value preserved, B opret carries the given entropy', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1_000_000n, max: 1_000_000_000n }),
        fc.integer({ min: 2, max: 500 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (bet, odds, entropy) => {
          const funded = 10_000_000_000n + 100n * 1_000_000_000n >= 2n * bet * BigInt(odds) + 10000n
          const ctx = { pubkey: k2.pub, utxos: [coin('44'.repeat(32), 100_000_000_000n, k2.pub)], height: 30 }
          const build = () =>
            buildDiceBet({ name: 'PROP', fundingtxid: fund.txid, amount: bet, odds }, ctx, {
              funding: fund.tx,
              planTxs,
              bettorEntropy: entropy,
            })
          if (!funded) {
            expect(build).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_FUNDS' }))
            return
          }
          const r = build()
          expect(diceOddsFromValue(r.tx.vout[2]!.value)).toBe(odds)
          expect(r.tx.vout[0]!.value).toBe(1_000_000_000n)
          expect(r.tx.vout[1]!.value).toBe(bet)
          expect(decodeDiceOpret(r.tx.vout.at(-1)!.script)).toMatchObject({
            funcid: 'B',
            fundingtxid: fund.txid,
            hash: bytesToHex(entropy),
          })
        },
      ),
      { numRuns },
    )
  })
})
