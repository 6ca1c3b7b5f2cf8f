// Coinbase maturity (issue 28, finding 2): komodod's CheckTxInputs (src/main.cpp) refuses a coinbase spend while
// nSpendHeight - nHeight < Params().CoinbaseMaturity() ("bad-txns-premature-spend-of-coinbase"), and
// CWallet::AvailableCoins (src/wallet/wallet.cpp), which local-mode AddNormalinputs walks, skips such a coin. The
// maturity is 100 on KMD and set by komodo_args (src/komodo_utils.cpp) on an asset chain (-ac_cbmaturity, else 1).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { KMD, chainParams } from '../../src/address/chain.js'
import { p2pkScript } from '../../src/script/script.js'
import { serializeTransaction } from '../../src/tx/codec.js'
import { keySigner, signTransaction } from '../../src/tx/sign.js'
import { SAPLING_VERSION_GROUP_ID, type Transaction } from '../../src/tx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { StateReader, normalCoins } from '../../src/cctx/resolve.js'
import { resolveFaucetFund } from '../../src/modules/faucet/resolve.js'
import { expectRefused } from './_helpers.js'

const MINER = hexToBytes('5a'.repeat(32))
const MINER_PK = keySigner(MINER).publicKey
const CB100 = { ...KMD, coinbaseMaturity: 100 }
const CB1 = { ...KMD, coinbaseMaturity: 1 }

/** The miner's signed spend of `txid:0` (a coinbase paying MINER_PK), 10000 sat of fee. */
function spendHex(dev: Devnet, txid: string): string {
  const o = dev.chain.output(txid, 0)!
  const tx: Transaction = {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    vin: [{ txid, vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
    vout: [{ value: o.value - 10000n, script: p2pkScript(MINER_PK) }],
    lockTime: 0,
    expiryHeight: dev.chain.height + 201,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
  return bytesToHex(serializeTransaction(signTransaction(tx, [{ value: o.value, script: o.script }], [MINER])))
}

const coinsOf = (dev: Devnet, options: Parameters<typeof normalCoins>[2]) =>
  normalCoins(new StateReader(dev.view), MINER_PK, options).then((l) => l.map((u) => `${u.txid}:${u.vout}`))

describe('coinbase maturity 100 (KMD, -ac_cbmaturity=100)', () => {
  let dev: Devnet
  let reward: string
  beforeAll(async () => {
    dev = await startTestDevnet({ coinbaseMaturity: 100, privateKey: '11'.repeat(32) })
    dev.chain.mine(1, MINER_PK) // the coinbase at height 1 pays the miner
    reward = dev.chain.blocks[1]!.txids[0]!
  })
  afterAll(() => dev.stop())

  test('a coinbase 1 block deep: the devnet refuses its spend, local mode skips it, remote mode lists it', async () => {
    expect(await coinsOf(dev, { chain: CB100 })).toEqual([])
    expect(await coinsOf(dev, {})).toEqual([]) // no maturity given: KMD's 100
    expect(await coinsOf(dev, { chain: CB100, confirmedOnly: true })).toEqual([`${reward}:0`]) // AddNormalinputsRemote
    await expectRefused(
      dev.rpc.sendrawtransaction(spendHex(dev, reward)),
      -26,
      '16: bad-txns-premature-spend-of-coinbase',
    )
    // a local-mode resolver finds no funds rather than signing what komodod refuses
    await expect(
      resolveFaucetFund({ amount: '1' }, { view: dev.view, pubkey: MINER_PK, privateKey: MINER, chain: CB100 }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
  })

  test('at 99 blocks on still refused; at 100 (nSpendHeight - nHeight = 100) spendable, and listed', async () => {
    await dev.mine(98) // tip 99: the next block is 100, 99 after the coinbase's
    expect(await coinsOf(dev, { chain: CB100 })).toEqual([])
    await expectRefused(dev.rpc.sendrawtransaction(spendHex(dev, reward)), -26, 'bad-txns-premature-spend-of-coinbase')
    await dev.mine(1) // tip 100
    expect(await coinsOf(dev, { chain: CB100 })).toEqual([`${reward}:0`])
    expect(await dev.rpc.sendrawtransaction(spendHex(dev, reward))).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('coinbase maturity 1 (an asset chain with one era: the devnet default)', () => {
  let dev: Devnet
  beforeAll(async () => {
    dev = await startTestDevnet({ privateKey: '12'.repeat(32) })
  })
  afterAll(() => dev.stop())

  test('a coinbase is spendable in the next block; the caller says the chain is such a chain', async () => {
    dev.chain.mine(1, MINER_PK)
    const reward = dev.chain.blocks[1]!.txids[0]!
    expect(dev.chain.coinbaseMaturity).toBe(1)
    expect(await coinsOf(dev, { chain: CB1 })).toEqual([`${reward}:0`])
    expect(await coinsOf(dev, {})).toEqual([]) // KMD's 100 unless the chain says otherwise
    expect(await dev.rpc.sendrawtransaction(spendHex(dev, reward))).toMatch(/^[0-9a-f]{64}$/)
  })
})

test('chain parameters check coinbaseMaturity (komodo_args: "ac_cbmaturity must be >0")', () => {
  expect(chainParams({ ...KMD, coinbaseMaturity: 7 }).coinbaseMaturity).toBe(7)
  for (const bad of [0, -1, 1.5, '5', 2 ** 32])
    expect(() => chainParams({ ...KMD, coinbaseMaturity: bad })).toThrow(
      expect.objectContaining({ code: 'CHAIN_PARAMS' }),
    )
})

test('the devnet refuses a bad coinbaseMaturity option', async () => {
  await expect(startTestDevnet({ coinbaseMaturity: 0 })).rejects.toMatchObject({ code: 'DEVNET' })
})

test('komodo-cc devnet --coinbase-maturity N: the devnet refuses a premature coinbase spend at N', async () => {
  const { devnetCommand } = await import('../../src/cli/devnet.js')
  const { createKomodoRpc } = await import('../../src/rpc/client.js')
  const { encodeWif } = await import('../../src/address/address.js')
  const { parseTransaction } = await import('../../src/tx/codec.js')
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const dir = mkdtempSync(join(tmpdir(), 'devnet-cbm-'))
  const out: string[] = []
  const io = {
    stdout: (t: string) => void out.push(t),
    stderr: () => {},
    env: { DEV_WIF: encodeWif(MINER) },
    readStdin: async () => '',
    isTty: false,
  }
  await expect(devnetCommand.run(['--coinbase-maturity', '0'], io)).rejects.toMatchObject({ code: 'CLI_USAGE' })
  const args = ['--conf-dir', dir, '--chain', 'CBMTEST', '--coinbase-maturity', '5', '--wif-env', 'DEV_WIF']
  const run = devnetCommand.run(args, io)
  while (out.length === 0) await new Promise((r) => setTimeout(r, 20))
  const rpc = createKomodoRpc({ chain: 'CBMTEST', dataDir: dir })
  const [hash] = (await rpc.call('generate', [1])) as string[]
  const reward = ((await rpc.call('getblock', [hash!])) as { tx: string[] }).tx[0]!
  const prev = parseTransaction((await rpc.call('getrawtransaction', [reward])) as string).vout[0]!
  const tx: Transaction = {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    vin: [{ txid: reward, vout: 0, scriptSig: new Uint8Array(0), sequence: 0xffffffff }],
    vout: [{ value: prev.value - 10000n, script: p2pkScript(MINER_PK) }],
    lockTime: 0,
    expiryHeight: 201,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
  const hex = bytesToHex(
    serializeTransaction(signTransaction(tx, [{ value: prev.value, script: prev.script }], [MINER])),
  )
  await expectRefused(rpc.sendrawtransaction(hex), -26, 'bad-txns-premature-spend-of-coinbase') // 1 of 5 blocks
  await rpc.call('generate', [4]) // tip 5: the next block is 6, 5 after the coinbase's
  expect(await rpc.sendrawtransaction(hex)).toMatch(/^[0-9a-f]{64}$/)
  process.emit('SIGTERM')
  expect(await run).toBe(0)
})
