import { expect, test } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { placeBet, verifyHouse } from '../../examples/build-dice.js'
import { buildDiceAddFunds, buildDiceFinish, buildDiceFund } from '../../src/modules/dice/build.js'
import { p2pkScript } from '../../src/script/script.js'
import { sha256 } from '../../src/hash/index.js'

test("README dice example: a bet, the house's answer, and the bettor's check", () => {
  const housePriv = sha256(new TextEncoder().encode('1'))
  const housePk = getPublicKey(housePriv, true)
  const coin = (t: string, sats: bigint, pk: Uint8Array) => ({
    txid: t,
    vout: 0,
    satoshis: sats,
    script: p2pkScript(pk),
  })
  const fund = buildDiceFund(
    { name: 'KMDDice', funds: '100', minbet: '0.777', maxbet: '7.77', maxodds: 777, timeoutblocks: 7 },
    {
      pubkey: housePk,
      utxos: [coin('f1'.repeat(32), 200n * 100_000_000n, housePk)],
      height: 10,
      privateKey: housePriv,
    },
  )
  const adds = Array.from({ length: 100 }, (_, i) =>
    buildDiceAddFunds(
      { name: 'KMDDice', fundingtxid: fund.txid, amount: '10' },
      {
        pubkey: housePk,
        utxos: [coin(i.toString(16).padStart(64, 'a'), 2_000_000_000n, housePk)],
        height: 11,
        privateKey: housePriv,
      },
      { funding: fund.hex },
    ),
  )
  const bettorPriv = sha256(new TextEncoder().encode('2'))
  const bettorPk = getPublicKey(bettorPriv, true)
  const bet = placeBet(fund.hex, [fund.hex, ...adds.map((a) => a.hex)], {
    pubkey: bettorPk,
    utxos: [coin('b1'.repeat(32), 10n * 100_000_000n, bettorPk)],
    height: 12,
    privateKey: bettorPriv,
  })
  const entropyTx = adds.find((a) => a.txid === bet.tx.vin[0]!.txid)!
  const finish = buildDiceFinish(
    { name: 'KMDDice', fundingtxid: fund.txid, bettxid: bet.txid },
    { pubkey: housePk, utxos: [coin('c1'.repeat(32), 20000n, housePk)], height: 13, privateKey: housePriv },
    { funding: fund.hex, bet: bet.hex, entropyTx: entropyTx.hex },
  )
  const check = verifyHouse(fund.hex, bet.hex, finish.hex)
  expect(check.honest).toBe(true)
  expect(check.funcid).toBe(finish.funcid)
  expect(check.outcome.win).toBe(finish.funcid === 'W')
})
