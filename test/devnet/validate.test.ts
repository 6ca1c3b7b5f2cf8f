import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { hash160 } from '../../src/hash/index.js'
import { p2pkScript, p2pkhScript } from '../../src/script/script.js'
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import { keySigner, signTransaction } from '../../src/tx/sign.js'
import { SAPLING_VERSION_GROUP_ID, type Transaction } from '../../src/tx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { coinbaseTx } from '../../src/devnet/chain.js'
import { acceptTransaction } from '../../src/devnet/validate.js'
import { defaultValidators } from '../../src/devnet/rpc.js'
import { expectRefused } from './_helpers.js'

let dev: Devnet
let priv: Uint8Array
let pk: Uint8Array
const other = hexToBytes('00'.repeat(31) + '07')

beforeAll(async () => {
  dev = await startTestDevnet()
  priv = hexToBytes(dev.privateKey)
  pk = hexToBytes(dev.pubkey)
})
afterAll(async () => {
  await dev.stop()
})

/** An unsigned v4 spend of `coins` paying `outs`. */
function spend(
  coins: { txid: string; vout: number }[],
  outs: { value: bigint; script: Uint8Array }[],
  expiry = dev.chain.height + 201,
): Transaction {
  return {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    vin: coins.map((c) => ({ txid: c.txid, vout: c.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })),
    vout: outs,
    lockTime: 0,
    expiryHeight: expiry,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
}
const signHex = (tx: Transaction, keys: Uint8Array[] = [priv]): string =>
  bytesToHex(
    serializeTransaction(
      signTransaction(
        tx,
        tx.vin.map((i) => {
          const o = dev.chain.output(i.txid, i.vout)!
          return { value: o.value, script: o.script }
        }),
        keys,
      ),
    ),
  )
const freshCoin = () =>
  dev.chain.walletUtxos().find((u) => !dev.chain.spentInMempool(u.txid, u.vout) && u.height === 0)!
const pay = (v: bigint) => ({ value: v, script: p2pkScript(pk) })

describe('sendrawtransaction refusals with komodod texts', () => {
  test('undecodable hex: -22 TX decode failed', async () => {
    await expectRefused(dev.rpc.sendrawtransaction('0400'), -22, 'TX decode failed')
    await expectRefused(dev.rpc.call('sendrawtransaction', ['zz']), -22, 'TX decode failed')
  })
  test('a valid P2PK spend is accepted; resending it returns the txid; once mined: -27', async () => {
    const c = freshCoin()
    const hex = signHex(spend([c], [pay(c.satoshis - 10000n)]))
    const id = await dev.rpc.sendrawtransaction(hex)
    expect(await dev.rpc.sendrawtransaction(hex)).toBe(id)
    await dev.mine(1)
    await expectRefused(dev.rpc.sendrawtransaction(hex), -27, 'transaction already in block chain')
  })
  test('the relay policy over JSON-RPC, as a default asset-chain komodod: 64: dust, 64: multi-op-return, 64: scriptpubkey', async () => {
    const c = freshCoin()
    const opret = (n: number) => ({ value: 0n, script: new Uint8Array([0x6a, n, ...new Uint8Array(n)]) })
    // P2PK dust threshold: 3 × 100 sat/kB × (44 + 148) bytes = 57 sat (GetDustThreshold)
    await expectRefused(
      dev.rpc.sendrawtransaction(signHex(spend([c], [pay(56n), pay(c.satoshis - 20000n)]))),
      -26,
      '64: dust',
    )
    await expectRefused(
      dev.rpc.sendrawtransaction(signHex(spend([c], [pay(c.satoshis - 10000n), opret(1), opret(2)]))),
      -26,
      '64: multi-op-return',
    )
    const big = { value: 0n, script: new Uint8Array([0x6a, 0x4c, 206, ...new Uint8Array(206)]) } // 209 bytes
    await expectRefused(
      dev.rpc.sendrawtransaction(signHex(spend([c], [pay(c.satoshis - 10000n), big]))),
      -26,
      '64: scriptpubkey (vout 1 is an OP_RETURN script of 209 bytes',
    )
    // 208 bytes, 57 sat: relayed
    const fits = { value: 0n, script: new Uint8Array([0x6a, 0x4c, 205, ...new Uint8Array(205)]) }
    const id = await dev.rpc.sendrawtransaction(signHex(spend([c], [pay(57n), pay(c.satoshis - 20000n), fits])))
    expect(dev.chain.mempool).toContain(id)
  })
  test('unknown input: -25 Missing inputs', async () => {
    await expectRefused(
      dev.rpc.sendrawtransaction(
        bytesToHex(serializeTransaction(spend([{ txid: 'ab'.repeat(32), vout: 0 }], [pay(10000n)]))),
      ),
      -25,
      'Missing inputs',
    )
  })
  test('an output already spent on chain while its transaction has others unspent: 18: bad-txns-inputs-spent', async () => {
    const c = freshCoin()
    const t1 = spend([c], [pay(100000n), pay(c.satoshis - 200000n)])
    const id = await dev.rpc.sendrawtransaction(signHex(t1))
    await dev.mine(1)
    await dev.rpc.sendrawtransaction(signHex(spend([{ txid: id, vout: 0 }], [pay(90000n)])))
    await dev.mine(1)
    await expectRefused(
      dev.rpc.sendrawtransaction(signHex(spend([{ txid: id, vout: 0 }], [pay(80000n)]))),
      -26,
      '18: bad-txns-inputs-spent',
    )
  })
  test('double spend of a mempool input: refused (18: txn-mempool-conflict), the first stays', async () => {
    const c = freshCoin()
    const a = await dev.rpc.sendrawtransaction(signHex(spend([c], [pay(c.satoshis - 10000n)])))
    await expectRefused(
      dev.rpc.sendrawtransaction(signHex(spend([c], [pay(c.satoshis - 20000n)]))),
      -26,
      '18: txn-mempool-conflict',
    )
    expect(await dev.rpc.getrawmempool()).toContain(a)
    await dev.mine(1)
  })
  test('outputs above inputs: 16: bad-txns-in-belowout', async () => {
    const c = freshCoin()
    await expectRefused(
      dev.rpc.sendrawtransaction(signHex(spend([c], [pay(c.satoshis + 1n)]))),
      -26,
      '16: bad-txns-in-belowout',
    )
  })
  test('a P2PK input signed by another key: 16: mandatory-script-verify-flag-failed', async () => {
    const c = freshCoin()
    const t = spend([c], [pay(c.satoshis - 10000n)])
    const bad = signTransaction(t, [{ value: c.satoshis, script: p2pkScript(keySigner(other).publicKey) }], [other])
    await expectRefused(
      dev.rpc.sendrawtransaction(bytesToHex(serializeTransaction(bad))),
      -26,
      '16: mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element)',
    )
  })
  test('a P2PK signature over another amount (wrong sighash): refused', async () => {
    const c = freshCoin()
    const t = spend([c], [pay(c.satoshis - 10000n)])
    const bad = signTransaction(t, [{ value: c.satoshis + 1n, script: c.script }], [priv])
    await expectRefused(
      dev.rpc.sendrawtransaction(bytesToHex(serializeTransaction(bad))),
      -26,
      'mandatory-script-verify-flag-failed',
    )
  })
  test('P2PKH: a valid spend passes, a wrong key fails', async () => {
    const c = freshCoin()
    const pkh = p2pkhScript(hash160(pk))
    const id = await dev.rpc.sendrawtransaction(
      signHex(spend([c], [{ value: 500000n, script: pkh }, pay(c.satoshis - 510000n)])),
    )
    await dev.mine(1)
    const t = spend([{ txid: id, vout: 0 }], [pay(490000n)])
    const wrong = signTransaction(
      t,
      [{ value: 500000n, script: p2pkhScript(hash160(keySigner(other).publicKey)) }],
      [other],
    )
    await expectRefused(
      dev.rpc.sendrawtransaction(bytesToHex(serializeTransaction(wrong))),
      -26,
      'mandatory-script-verify-flag-failed',
    )
    expect(await dev.rpc.sendrawtransaction(signHex(t))).toMatch(/^[0-9a-f]{64}$/)
    await dev.mine(1)
  })
  test('an unsigned input: refused', async () => {
    const c = freshCoin()
    await expectRefused(
      dev.rpc.sendrawtransaction(bytesToHex(serializeTransaction(spend([c], [pay(c.satoshis - 10000n)])))),
      -26,
      'mandatory-script-verify-flag-failed',
    )
  })
  test('an expired transaction: 16: tx-overwinter-expired; one expiring at the next block is accepted (komodod has no expiring-soon rule)', async () => {
    const h = dev.chain.height
    const c = freshCoin()
    await expectRefused(
      dev.rpc.sendrawtransaction(signHex(spend([c], [pay(1000n)], h))),
      -26,
      '16: tx-overwinter-expired',
    )
    // komodod master 0adeeab (src/main.cpp ContextualCheckTransaction, AcceptToMemoryPool): expiry ≥ the next
    // height is enough; zcashd's TX_EXPIRING_SOON_THRESHOLD refusal is not there
    const hex = signHex(spend([c], [pay(c.satoshis - 10000n)], h + 1))
    const id = await dev.rpc.sendrawtransaction(hex)
    expect(dev.chain.mempool).toContain(id)
    await dev.mine(1)
    expect(dev.chain.confirmations(id)).toBe(1)
  })
  test('a fee above 10000 × the relay fee and above 1/19 of the outputs: -25 absurdly high fees, unless allowhighfees', async () => {
    // AcceptToMemoryPool (src/main.cpp): refused when nFees > minRelayTxFee.GetFee(nSize) * 10000 (100 sat/kB by
    // default: ~190000 sat for this spend) && nFees > nValueOut / 19 (integer division)
    const c = freshCoin()
    expect(c.satoshis).toBe(100_000_000_000n)
    const hex = signHex(spend([c], [pay(1000n)]))
    await expectRefused(dev.rpc.sendrawtransaction(hex), -25, 'absurdly high fees')
    const dry = (h: string) => acceptTransaction(dev.chain, h, { validators: defaultValidators(), dryRun: true })
    // paying out 950 coins: the fee, 50 coins, is exactly 1/19 of the outputs: not above it, accepted
    expect(dry(signHex(spend([c], [pay(95_000_000_000n)]))).fee).toBe(5_000_000_000n)
    // one satoshi less out: 5000000001 > 94999999999 / 19 = 4999999999: refused
    expect(() => dry(signHex(spend([c], [pay(94_999_999_999n)])))).toThrow(/absurdly high fees/)
    // allowhighfees: the fee is the sender's business (a dry run: a node with the default policy would not relay it,
    // and this chain is judged by one)
    expect(
      acceptTransaction(dev.chain, hex, { validators: defaultValidators(), dryRun: true, allowHighFees: true }).fee,
    ).toBe(c.satoshis - 1000n)
  })
  test('a mempool transaction that expires before it is mined is dropped with its descendants', async () => {
    const c = freshCoin()
    const id = await dev.rpc.sendrawtransaction(signHex(spend([c], [pay(c.satoshis - 10000n)], dev.chain.height + 4)))
    const child = await dev.rpc.sendrawtransaction(signHex(spend([{ txid: id, vout: 0 }], [pay(c.satoshis - 20000n)])))
    expect(await dev.rpc.getrawmempool()).toEqual([id, child])
    // blocks that do not take the mempool (as if mined elsewhere) push the height past the expiry
    for (let i = 0; i < 4; i++)
      dev.chain.connectBlock([coinbaseTx(dev.chain.height + 1, [pay(1n)])], dev.chain.tip.time + 1)
    await dev.mine(1)
    expect(dev.chain.confirmations(id)).toBeUndefined()
    expect(dev.chain.confirmations(child)).toBeUndefined()
    expect(dev.chain.coin(c.txid, c.vout)).toBeDefined()
  })
  test('context-free rules: duplicate inputs, no inputs, no outputs, negative output', async () => {
    const c = freshCoin()
    await expectRefused(
      dev.rpc.sendrawtransaction(bytesToHex(serializeTransaction(spend([c, c], [pay(1000n)])))),
      -26,
      '16: bad-txns-inputs-duplicate',
    )
    await expectRefused(
      dev.rpc.sendrawtransaction(bytesToHex(serializeTransaction(spend([], [pay(1000n)])))),
      -26,
      '16: bad-txns-vin-empty',
    )
    await expectRefused(
      dev.rpc.sendrawtransaction(bytesToHex(serializeTransaction(spend([c], [])))),
      -26,
      '16: bad-txns-vout-empty',
    )
    await expectRefused(
      dev.rpc.sendrawtransaction(bytesToHex(serializeTransaction(spend([c], [pay(-1n)])))),
      -26,
      '16: bad-txns-vout-negative',
    )
    await expectRefused(
      dev.rpc.sendrawtransaction(bytesToHex(serializeTransaction(spend([c], [pay(21_000_000_000_000_001n)])))),
      -26,
      '16: bad-txns-vout-toolarge',
    )
  })
  test('a legacy v1 transaction after Overwinter: 16: tx-overwinter-active', async () => {
    const c = freshCoin()
    const t: Transaction = {
      ...spend([c], [pay(1000n)]),
      overwintered: false,
      version: 1,
      versionGroupId: 0,
      expiryHeight: 0,
    }
    await expectRefused(
      dev.rpc.sendrawtransaction(bytesToHex(serializeTransaction(t))),
      -26,
      '16: tx-overwinter-active',
    )
  })
  test('refused transactions leave no trace in the mempool', async () => {
    expect(await dev.rpc.getrawmempool()).toEqual([])
    const parsed = parseTransaction(signHex(spend([freshCoin()], [pay(1000n)])))
    expect(parsed.vin).toHaveLength(1)
  })
})
