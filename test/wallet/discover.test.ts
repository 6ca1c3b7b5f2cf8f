// Address discovery of an HD account on the devnet (issue 35): fixed keys (the devnet's and a BIP39 test phrase),
// payments and token transfers to chosen indices of the receive and change chains, then discoverAccount walks them
// with BIP44's gap limit. Every amount below is what the test sent; every address is the BIP44 vector-tested one.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createWallet, type Wallet } from '../../src/wallet/wallet.js'
import { discoverAccount, nextUnusedKey } from '../../src/wallet/discover.js'
import { hdKeyFromMnemonic, keyFromMnemonic } from '../../src/keys/index.js'
import { countingView } from '../../src/cctx/counting-view.js'
import { createElectrumView } from '../../src/electrum/view.js'
import { payToPubkey } from '../_util/wallet-flow.js'

// trezor/python-mnemonic's second English vector; never a real wallet
const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow'
const DEVNET_KEY = '5a'.repeat(32)
const at = (change: 0 | 1, index: number) => keyFromMnemonic(PHRASE, { account: 0, change, index })

let dev: Devnet
let funder: Wallet
let tokenid = ''
beforeAll(async () => {
  dev = await startTestDevnet({ privateKey: DEVNET_KEY, electrum: true })
  // change 1: one P2PK output of 0.5 KMD, as komodod's builders pay change (the address index files it under the
  // key's P2PKH address; Electrum finds it only when the view knows the key)
  await dev.rpc.sendrawtransaction(payToPubkey(dev, at(1, 1).pubkey, 1, 50_000_000n))
  await dev.mine(1)
  funder = createWallet({ privateKey: DEVNET_KEY, view: dev.view })
  // coins: receive 0 (1 KMD), receive 2 (2 KMD), receive 26 (past a gap of 20 unused after index 5)
  for (const [change, index, coins] of [
    [0, 0, '1'],
    [0, 2, '2'],
    [0, 26, '3'],
  ] as const)
    await dev.rpc.call('sendtoaddress', [at(change, index).address, coins])
  await dev.mine(1)
  // tokens: receive 2 gets 40 units, receive 4 gets 7 units and no coins (found by its token address alone)
  const tok = await funder.tokencreate('HDTOK', '0.00001', 'discovery test token')
  tokenid = tok.txid
  await dev.mine(1)
  await funder.tokentransfer(tokenid, at(0, 2).pubkey, 40n)
  await dev.mine(1)
  await funder.tokentransfer(tokenid, at(0, 4).pubkey, 7n)
  await dev.mine(1)
  // receive 5: paid in the mempool only (unconfirmed counts as used, and its coins as spendable)
  await dev.rpc.call('sendtoaddress', [at(0, 5).address, '0.25'])
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

describe('discoverAccount over the devnet', () => {
  test('walks receive and change with a gap of 20: used addresses, coins, tokens, next indices', async () => {
    const found = await discoverAccount({ mnemonic: PHRASE, account: 0, view: dev.view })
    expect(found.account).toBe(0)
    expect(found.xpub).toBe(hdKeyFromMnemonic(PHRASE).derive("m/44'/141'/0'").xpub)
    expect(found.receive.map((a) => [a.index, a.path, a.address, a.coins, a.tokens])).toEqual([
      [0, "m/44'/141'/0'/0/0", at(0, 0).address, 100_000_000n, {}],
      [2, "m/44'/141'/0'/0/2", at(0, 2).address, 200_000_000n, { [tokenid]: 40n }],
      [4, "m/44'/141'/0'/0/4", at(0, 4).address, 0n, { [tokenid]: 7n }],
      [5, "m/44'/141'/0'/0/5", at(0, 5).address, 25_000_000n, {}],
    ])
    expect(found.change.map((a) => [a.index, a.pubkey, a.coins])).toEqual([[1, at(1, 1).pubkey, 50_000_000n]])
    // indices 6..25 are 20 unused in a row after the last used one (5): the walk stops before 26, as BIP44 wallets do
    expect(found.nextIndex).toEqual({ receive: 6, change: 2 })
    expect(found.coins).toBe(375_000_000n)
    expect(found.tokens).toEqual({ [tokenid]: 47n })
  }, 60_000)
  test('a wider gap finds the address past it; the account xpub alone finds the same (watch-only)', async () => {
    const wide = await discoverAccount({ mnemonic: PHRASE, view: dev.view, gapLimit: 30, tokens: false })
    expect(wide.receive.map((a) => a.index)).toEqual([0, 2, 4, 5, 26])
    expect(wide.nextIndex.receive).toBe(27)
    expect(wide.receive.every((a) => Object.keys(a.tokens).length === 0)).toBe(true)
    const xpub = hdKeyFromMnemonic(PHRASE).derive("m/44'/141'/0'").xpub
    const watch = await discoverAccount({ accountKey: xpub, view: dev.view })
    expect(watch.account).toBeNull()
    expect(watch.receive.map((a) => [a.index, a.address, a.coins])).toEqual(
      (await discoverAccount({ mnemonic: PHRASE, view: dev.view })).receive.map((a) => [a.index, a.address, a.coins]),
    )
    expect(watch.receive[0]!.path).toBe('M/0/0')
  }, 60_000)
  test('over Electrum: the same addresses, coins and tokens (the P2PK change output too)', async () => {
    const electrum = createElectrumView({ url: dev.electrum!.url })
    try {
      const over = await discoverAccount({ mnemonic: PHRASE, view: electrum })
      const direct = await discoverAccount({ mnemonic: PHRASE, view: dev.view })
      expect(over).toEqual(direct)
      expect(over.change.map((a) => [a.index, a.coins, a.utxos])).toEqual([[1, 50_000_000n, 1]])
    } finally {
      electrum.close()
    }
  }, 60_000)
  test('an unused account is empty; its walk asks about exactly one gap per chain', async () => {
    const counting = countingView(dev.view)
    const empty = await discoverAccount({ mnemonic: PHRASE, account: 7, view: counting.view, gapLimit: 5 })
    expect([empty.receive, empty.change, empty.nextIndex, empty.coins]).toEqual([[], [], { receive: 0, change: 0 }, 0n])
    // 2 chains × 5 keys × 2 addresses (normal, token) × 2 look-ups (history, mempool)
    expect(counting.total()).toBe(40)
  })
  test('nextUnusedKey gives the first index past the last used one', async () => {
    const account = hdKeyFromMnemonic(PHRASE).derive("m/44'/141'/0'")
    const next = await nextUnusedKey(account, 1, dev.view)
    expect(next.index).toBe(2)
    expect(Buffer.from(next.pubkey).toString('hex')).toBe(at(1, 2).pubkey)
  })
  test('typed refusals: bad options, gap limit, an aborted walk', async () => {
    const code = (c: string) => expect.objectContaining({ code: c })
    await expect(discoverAccount(null as never)).rejects.toThrow(code('ARG_INVALID'))
    await expect(discoverAccount({ mnemonic: PHRASE, view: {} as never })).rejects.toThrow(code('ARG_INVALID'))
    await expect(discoverAccount({ mnemonic: PHRASE, view: dev.view, gapLimit: 0 })).rejects.toThrow(code('INT_RANGE'))
    await expect(discoverAccount({ view: dev.view } as never)).rejects.toThrow(code('ARG_INVALID'))
    await expect(discoverAccount({ mnemonic: 'legal winner', view: dev.view })).rejects.toThrow(
      code('MNEMONIC_INVALID'),
    )
    await expect(discoverAccount({ accountKey: 'xpubnope', view: dev.view })).rejects.toThrow(code('HD_KEY_INVALID'))
    const ac = new AbortController()
    ac.abort()
    await expect(discoverAccount({ mnemonic: PHRASE, view: dev.view, signal: ac.signal })).rejects.toThrow(
      code('ABORTED'),
    )
  })
})
