// Issue 18's "done when": all 24 state-changing methods of the six modules run key-locally through the komodod-style
// JSON-RPC chain source (createRpcView over the devnet's HTTP JSON-RPC), with keys the devnet never sees. Each call
// goes through createWallet: the resolver finds the state over HTTP, the build is signed in this process, inspected
// (method, change, fee) and broadcast once; the devnet's consensus validators accept every one. Round trips per
// method are recorded for docs/wallet.md.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { txidToInternalBytes } from '../../src/bytes/uint256.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { keySigner } from '../../src/tx/sign.js'
import { startDevnet, type Devnet } from '../../src/devnet/server.js'
import { createRpcView } from '../../src/rpc/view.js'
import { countingView } from '../../src/cctx/counting-view.js'
import { createWallet, type Wallet, type WalletResult } from '../../src/wallet/wallet.js'
import { WALLET_METHODS } from '../../src/modules/registry/resolvers.js'
import { StateReader } from '../../src/cctx/resolve.js'
import { tokenBalance } from '../../src/modules/tokens/inputs.js'

const KEY = hexToBytes('3f'.repeat(32)) // the wallet's key: only this process knows it
const NEWCOMER = hexToBytes('4e'.repeat(32)) // a brand-new address for faucetget
const FRIEND = bytesToHex(keySigner(hexToBytes('00'.repeat(31) + '07')).publicKey)
const me = bytesToHex(keySigner(KEY).publicKey)

let dev: Devnet
let counting: ReturnType<typeof countingView>
let wallet: Wallet
const trips: Record<string, number> = {}
const done = new Set<string>()
const ids: Record<string, string> = {}

type W = (...a: unknown[]) => Promise<WalletResult>
async function w(method: string, ...args: unknown[]): Promise<WalletResult> {
  const before = totalCalls()
  const r = await (wallet as unknown as Record<string, W>)[method]!(...args)
  trips[method] = totalCalls() - before
  expect(r.broadcast).toBe(true)
  expect(r.inspection.method).toBe(method)
  expect(dev.chain.txs.has(r.txid)).toBe(true) // the devnet validated and took it
  done.add(method)
  return r
}
const totalCalls = (): number => counting.total()
const mine = (n = 1) => dev.mine(n)

/** An oracle record `I h h` for devnet block `height`: height, block hash, merkle root (internal byte order). */
function headerRecord(height: number): string {
  const b = dev.chain.blocks[height]!
  const h = new Uint8Array(4)
  new DataView(h.buffer).setUint32(0, height, true)
  return bytesToHex(Uint8Array.from([...h, ...txidToInternalBytes(b.hash), ...txidToInternalBytes(b.merkleRoot)]))
}

beforeAll(async () => {
  dev = await startDevnet()
  // fund the wallet's address from the devnet's own wallet: 12 coins of 100
  for (let i = 0; i < 12; i++) await dev.rpc.call('sendtoaddress', [p2pkhAddress(me), '100'])
  await mine(1)
  counting = countingView(createRpcView(dev.rpc))
  wallet = createWallet({ privateKey: KEY, view: counting.view })
}, 60_000)
afterAll(async () => {
  // eslint-disable-next-line no-console
  console.log('wallet over JSON-RPC, view calls per method:', JSON.stringify(trips))
  await dev.stop()
})

describe('all 24 methods, key-locally, through createRpcView over HTTP JSON-RPC', () => {
  test('tokens: tokencreate, tokentransfer', async () => {
    const tok = await w('tokencreate', 'WTOK', '0.00001', 'a wallet token')
    ids.token = tok.txid
    await mine()
    await w('tokentransfer', tok.txid, FRIEND, 250n)
    await mine()
    expect(await tokenBalance(new StateReader(dev.view), tok.txid, FRIEND)).toBe(250n)
    expect(await tokenBalance(new StateReader(dev.view), tok.txid, me)).toBe(750n)
  })

  test('faucet: faucetfund, then faucetget to a brand-new key (proof of work in this process)', async () => {
    await w('faucetfund', '5')
    await mine()
    const newcomer = createWallet({ privateKey: NEWCOMER, view: createRpcView(dev.rpc) })
    const r = (await (newcomer.faucetget as W)()) as WalletResult
    expect(r.inspection.method).toBe('faucetget')
    expect(dev.chain.mempool).toContain(r.txid)
    done.add('faucetget')
    await mine()
  }, 120_000)

  let oracletxid = ''
  test('oracles: create, fund, register, subscribe, data', async () => {
    oracletxid = (await w('oraclescreate', 'KMD', 'devnet block headers', 'Ihh')).txid
    await mine()
    await w('oraclesfund', oracletxid)
    await mine()
    await w('oraclesregister', oracletxid, 10000n)
    await mine()
    await w('oraclessubscribe', oracletxid, me, '1')
    await mine()
    await w('oraclesdata', oracletxid, headerRecord(dev.chain.height))
    await mine()
  })

  test('gateways: bind, deposit, claim, withdraw, partialsign, completesigning, markdone', async () => {
    const token = (await w('tokencreate', 'GWTOK', '0.1', 'gateway token')).txid
    await mine()
    const bind = await w('gatewaysbind', token, oracletxid, 'KMD', 10_000_000n, 1, 1, [me], 60, 85, 188)
    ids.bind = bind.txid
    await mine(2)
    // the "foreign" deposit: coins to the deposit address (N = 1: the wallet's own), made by the devnet's wallet
    const cointxid = (await dev.rpc.call('sendtoaddress', [p2pkhAddress(me), '0.03'])) as string
    const cointx = await dev.rpc.getrawtransaction(cointxid)
    await mine()
    const height = dev.chain.height
    await w('oraclesdata', oracletxid, headerRecord(height)) // the wallet publishes the header it deposits against
    await mine()
    const proof = await dev.rpc.gettxoutproof([cointxid])
    const dep = await w('gatewaysdeposit', bind.txid, height, 'KMD', cointxid, 0, cointx, proof, me, '0.03')
    await mine(2)
    await w('gatewaysclaim', bind.txid, 'KMD', dep.txid, me, '0.03')
    await mine()
    const wd = await w('gatewayswithdraw', bind.txid, 'KMD', me, '0.01')
    await mine(2)
    const p = await w('gatewayspartialsign', wd.txid, 'KMD', 'aa')
    await mine(2)
    const s = await w('gatewayscompletesigning', p.txid, 'KMD', 'aabb')
    await mine(2)
    await w('gatewaysmarkdone', s.txid, 'KMD')
    await mine()
  })

  test('dice: fund, addfunds, bet, finish (the house a second key-local wallet)', { timeout: 120_000 }, async () => {
    // the house holds one coin, so diceaddfunds spends the plan's change: its 'E' is the entropy dicebet needs
    const HOUSE = hexToBytes('5d'.repeat(32))
    await dev.rpc.call('sendtoaddress', [p2pkhAddress(bytesToHex(keySigner(HOUSE).publicKey)), '200'])
    await mine()
    const house = createWallet({ privateKey: HOUSE, view: counting.view })
    const h = async (method: string, ...args: unknown[]) => {
      const before = totalCalls()
      const r = await (house as unknown as Record<string, W>)[method]!(...args)
      trips[method] = totalCalls() - before
      expect(r.inspection.method).toBe(method)
      done.add(method)
      return r
    }
    const fund = await h('dicefund', 'WDICE', '100', '0.1', '10', 10, 5)
    ids.dice = fund.txid
    await mine()
    // komodod's dicebet wants at least 100 entropy outputs ('E') in the plan: 100 diceaddfunds, each on the last one's
    // change (one coin: the house's chain of changes keeps every 'E' an entropy candidate)
    for (let i = 0; i < 100; i++) {
      await h('diceaddfunds', 'WDICE', fund.txid, '0.5')
      await mine()
    }
    const bet = await w('dicebet', 'WDICE', fund.txid, '1', 2)
    await mine()
    await h('dicefinish', 'WDICE', fund.txid, bet.txid)
    await mine()
  })

  test('rewards: createfunding, addfunding, lock, unlock after the minimum time', async () => {
    const fund = await w('rewardscreatefunding', 'WREW', '100', '5', 1, 10, '1')
    ids.rewards = fund.txid
    await mine()
    await w('rewardsaddfunding', 'WREW', fund.txid, '5')
    await mine()
    const lock = await w('rewardslock', 'WREW', fund.txid, '10')
    await mine()
    dev.advanceTime(2 * 86400)
    await mine()
    await w('rewardsunlock', 'WREW', fund.txid, lock.txid)
    await mine()
  })

  test("the wallet's reads, computed from the JSON-RPC source, answer as the devnet's own RPCs", async () => {
    const ask = (m: string, ...p: unknown[]) =>
      (wallet as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[m]!(...p)
    const plain = (v: unknown) => JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x)))
    const same = async (m: string, mine: unknown[], theirs: unknown[] = mine) =>
      expect(plain(await ask(m, ...mine))).toEqual(plain(await dev.rpc.call(m, theirs as never)))
    await same('tokenbalance', [ids.token, FRIEND])
    await same('faucetinfo', [])
    await same('oraclesinfo', [oracletxid])
    await same('diceinfo', [ids.dice])
    await same('rewardsinfo', [ids.rewards])
    await same('gatewaysinfo', [ids.bind])
    const baton = ((await ask('oraclesinfo', oracletxid)) as { registered: { baton: string }[] }).registered[0]!
    await same('oraclessamples', [oracletxid, baton.baton, 10], [oracletxid, baton.baton, '10'])
    expect(await ask('tokenaddress', FRIEND)).toMatchObject({ result: 'success' })
  })

  test('every method of the registry ran', () => {
    expect([...done].sort()).toEqual(WALLET_METHODS.map((m) => m.method).sort())
    expect(done.size).toBe(24)
  })
})
