import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hexToBytes } from '../../src/bytes/hex.js'
import { cc1of1 } from '../../src/cc/condition.js'
import { ccModule } from '../../src/cc/eval.js'
import { ccScript } from '../../src/script/cc.js'
import { p2pkScript } from '../../src/script/script.js'
import { opretScript } from '../../src/modules/opret.js'
import { encodeFaucetPayload } from '../../src/modules/faucet/opret.js'
import { buildFaucetGetAsync } from '../../src/modules/faucet/build.js'
import { keySigner } from '../../src/tx/sign.js'
import { SAPLING_VERSION_GROUP_ID, type Transaction } from '../../src/tx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { faucetUtxos } from '../../src/modules/faucet/devnet.js'
import { expectRefused, resign } from './_helpers.js'

const F = ccModule('Faucet')
const GLOBAL = [cc1of1(0xe4, F.pubkey)]
const GKEY = [hexToBytes(F.privkey)]
const EVAL_FALSE =
  '16: mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element); Faucet: '
const NEWCOMER = keySigner(hexToBytes('00'.repeat(31) + '0d')).publicKey

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet()
  await dev.rpc.sendrawtransaction((await dev.rpc.faucetfund('5')).hex)
  await dev.mine(1)
})
afterAll(async () => {
  await dev.stop()
})

/** A faucetget-shaped transaction (no proof of work) spending the first faucet coin. */
function getTx(): Transaction {
  const u = faucetUtxos(dev.chain)[0]!
  return {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    vin: [{ txid: u.txid, vout: u.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
    vout: [
      { value: u.satoshis - 10_010_000n, script: ccScript(GLOBAL[0]!) },
      { value: 10_000_000n, script: p2pkScript(NEWCOMER) },
      { value: 0n, script: opretScript(encodeFaucetPayload({ funcid: 'G', nonce: 7 })) },
    ],
    lockTime: 0,
    expiryHeight: dev.chain.height + 201,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
}
const refusedBy = (t: Transaction, why: string) =>
  expectRefused(dev.rpc.sendrawtransaction(resign(dev, t, GLOBAL, GKEY)), -26, EVAL_FALSE + why)

describe('faucet RPCs', () => {
  test('faucetinfo counts confirmed faucet coins above 0.01; faucetfund refuses a non-positive amount', async () => {
    expect(await dev.rpc.faucetinfo()).toEqual({ result: 'success', name: 'Faucet', funding: 500_000_000n })
    await expect(dev.rpc.call('faucetfund', ['0'])).rejects.toMatchObject({
      daemonMessage: 'funding amount must be positive',
    })
    // spec 4.5: FaucetCCTokensAddress
    expect((await dev.rpc.faucetaddress()).ccTokensAddress).toBe('RKaT8VfRSsu4qWL2kfW3PCzejrzJxi1TcJ')
  })
})

describe('Faucet consensus (spec 4.4)', () => {
  test('right shape, no proof of work: invalid faucetget txid', async () => {
    await refusedBy(getTx(), 'invalid faucetget txid')
  })
  test('payout not exactly 0.1: invalid faucet output', async () => {
    const t = getTx()
    t.vout[1] = { ...t.vout[1]!, value: 9_999_999n }
    await refusedBy(t, 'invalid faucet output')
  })
  test('faucet change short by one satoshi: mismatched inputs != outputs + FAUCETSIZE + txfee', async () => {
    const t = getTx()
    t.vout[0] = { ...t.vout[0]!, value: t.vout[0]!.value - 1n }
    await refusedBy(t, 'mismatched inputs != outputs + FAUCETSIZE + txfee')
  })
  test('a normal input: illegal normal vini', async () => {
    const t = getTx()
    const c = dev.chain.walletUtxos().find((u) => u.height === 0 && !dev.chain.spentInMempool(u.txid, u.vout))!
    t.vin.unshift({ txid: c.txid, vout: c.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })
    t.vout.splice(2, 0, { value: c.satoshis, script: p2pkScript(hexToBytes(dev.pubkey)) })
    await refusedBy(t, 'illegal normal vini')
  })
  test('a normal input after vin 0 passes that rule, as in komodod (FaucetValidate tests vin 0 only)', async () => {
    // the next rule that bites is the proof of work: the new input changed the txid
    const t = getTx()
    const c = dev.chain.walletUtxos().find((u) => u.height === 0 && !dev.chain.spentInMempool(u.txid, u.vout))!
    t.vin.push({ txid: c.txid, vout: c.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })
    t.vout.splice(2, 0, { value: c.satoshis, script: p2pkScript(hexToBytes(dev.pubkey)) })
    await refusedBy(t, 'invalid faucetget txid')
  })
  test('a faucet coin still in the mempool: cant faucet from mempool', async () => {
    const id = await dev.rpc.sendrawtransaction((await dev.rpc.faucetfund('1')).hex)
    const t = getTx()
    const out = dev.chain.output(id, 0)!
    t.vin = [{ txid: id, vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff }]
    t.vout[0] = { ...t.vout[0]!, value: out.value - 10_010_000n }
    await refusedBy(t, 'cant faucet from mempool')
    await dev.mine(1)
  })
  // the fast search (one fixed nonce for the public faucet key) makes this a second or so; the devnet's own faucetget
  // RPC runs the same search, and the validator checks every signature
  test('with proof of work: a brand-new key is paid; the wallet (old address) is refused', async () => {
    const ok = await buildFaucetGetAsync(
      {},
      { pubkey: NEWCOMER, utxos: [], height: dev.chain.height },
      { faucetUtxos: faucetUtxos(dev.chain) },
    )
    expect(await dev.rpc.sendrawtransaction(ok.hex)).toBe(ok.txid)
    await dev.mine(5)
    const old = await dev.rpc.faucetget()
    await expectRefused(dev.rpc.sendrawtransaction(old.hex), -26, EVAL_FALSE + 'faucet is only for brand new addresses')
  }, 120_000)
})
