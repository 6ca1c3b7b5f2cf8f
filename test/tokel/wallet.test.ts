// The wallet's ten Tokel methods (tokens v2 and assets v2), key-local, on the devnet's Tokel mode over each chain
// source: komodod-style JSON-RPC (createRpcView) and Electrum (createElectrumView). Two wallets (a creator and a
// buyer) whose keys the devnet never sees; every transaction the devnet accepts is judged by Tokel's own validators
// after the file (test/_util/komodod-judge.ts). Over Electrum the same key's wallet over JSON-RPC builds each call
// first: both sources must lead the resolvers to the very same transaction.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestDevnet, testAccount } from '../_util/devnet.js'
import { p2pkhAddress } from '../../src/address/address.js'
import type { Devnet } from '../../src/devnet/server.js'
import { createRpcView } from '../../src/rpc/view.js'
import { createElectrumView } from '../../src/electrum/view.js'
import type { ChainView } from '../../src/cctx/types.js'
import { createWallet, type Wallet, type WalletResult } from '../../src/wallet/wallet.js'
import { tokenv2balance } from '../../src/modules/tokensv2/resolve.js'
import { COIN } from '../../src/devnet/chain.js'
import { TOKEL_PARAM_UNITS } from '../../src/modules/registry/units.js'

type Source = { name: string; electrum: boolean; open: (dev: Devnet) => ChainView & { close?: () => void } }
const SOURCES: Source[] = [
  { name: 'JSON-RPC', electrum: false, open: (dev) => createRpcView(dev.rpc) },
  { name: 'Electrum', electrum: true, open: (dev) => createElectrumView({ url: dev.electrum!.url }) },
]

describe.each(SOURCES)('Tokel wallet methods over $name (TKLTEST devnet)', (source) => {
  let dev: Devnet
  const opened: { close?: () => void }[] = []
  const creator = testAccount('tokel creator')
  const buyer = testAccount('tokel buyer')
  let a: Wallet
  let b: Wallet
  let aTwin: Wallet | undefined
  let bTwin: Wallet | undefined
  const done = new Set<string>()

  /** A wallet call: over Electrum first built by the JSON-RPC twin (not broadcast), then broadcast, then mined. */
  async function run(w: Wallet, twin: Wallet | undefined, method: string, ...args: unknown[]): Promise<WalletResult> {
    const m = (x: Wallet) => (x as unknown as Record<string, (...a: unknown[]) => Promise<WalletResult>>)[method]!
    const expected = twin === undefined ? undefined : await m(twin)(...args, { broadcast: false })
    const r = await m(w)(...args)
    if (expected !== undefined)
      expect(
        r.build.tx.vin.map((i) => `${i.txid}:${i.vout}`),
        `${method}: the same inputs as over JSON-RPC`,
      ).toEqual(expected.build.tx.vin.map((i) => `${i.txid}:${i.vout}`))
    if (expected !== undefined) expect(r.hex, `${method}: the same transaction as over JSON-RPC`).toBe(expected.hex)
    expect(r.broadcast).toBe(true)
    expect(r.inspection.method).toBe(method)
    expect(dev.chain.txs.has(r.txid)).toBe(true)
    await dev.mine(1)
    done.add(method)
    return r
  }

  beforeAll(async () => {
    dev = await startTestDevnet({ chain: 'TKLTEST', electrum: source.electrum })
    for (const pk of [creator.pubkey, buyer.pubkey, creator.pubkey, buyer.pubkey])
      await dev.rpc.call('sendtoaddress', [p2pkhAddress(pk), 50])
    await dev.mine(1)
    const open = (): ChainView => {
      const v = source.open(dev)
      opened.push(v)
      return v
    }
    a = createWallet({ privateKey: creator.privateKey, view: open(), chain: dev.chainParams })
    b = createWallet({ privateKey: buyer.privateKey, view: open(), chain: dev.chainParams })
    if (source.electrum) {
      aTwin = createWallet({ privateKey: creator.privateKey, view: createRpcView(dev.rpc), chain: dev.chainParams })
      bTwin = createWallet({ privateKey: buyer.privateKey, view: createRpcView(dev.rpc), chain: dev.chainParams })
    }
  }, 60_000)
  afterAll(async () => {
    for (const v of opened) v.close?.()
    await dev?.stop()
  })

  test('create, transfer, transfer many, the DEX (ask, fill with the royalty, cancel; bid, fill, cancel)', async () => {
    const rpc = { view: createRpcView(dev.rpc), chain: dev.chainParams }
    const bal = async (tokenid: string, pk: string) => (await tokenv2balance({ ...rpc, pubkey: pk }, tokenid)).balance
    // supply in coins, as tokenv2create reads it: '0.0000001' is 10 units
    const ft = (await run(a, aTwin, 'tokenv2create', 'FT', '0.0000001', 'ten units')).txid
    const nft = (
      await run(
        a,
        aTwin,
        'tokenv2createtokel',
        'NFT',
        '0.00000001',
        'one',
        JSON.stringify({ url: 'https://tokel.io/', royalty: 250 }),
      )
    ).txid
    expect(await bal(ft, creator.pubkey)).toBe(10n)
    // amounts in whole token units, as Tokel's atoll reads them
    await run(a, aTwin, 'tokenv2transfer', ft, buyer.pubkey, '3')
    expect(await bal(ft, buyer.pubkey)).toBe(3n)
    await run(b, bTwin, 'tokenv2transfermany', [ft], creator.pubkey, '1')
    expect(await bal(ft, buyer.pubkey)).toBe(2n)

    const ask = (await run(a, aTwin, 'tokenv2ask', '1', nft, '4')).txid
    const fill = await run(b, bTwin, 'tokenv2fillask', nft, ask, '1')
    // 4 coins: 3 to the seller, 1 royalty (250/1000) to the creator: the same key here, two outputs
    expect(fill.build.tx.vout.slice(2, 4).map((o) => o.value)).toEqual([3n * COIN, 1n * COIN])
    expect(await bal(nft, buyer.pubkey)).toBe(1n)
    const ask2 = (await run(b, bTwin, 'tokenv2ask', '1', nft, '9')).txid
    await run(b, bTwin, 'tokenv2cancelask', nft, ask2)
    expect(await bal(nft, buyer.pubkey)).toBe(1n)

    const bid = (await run(a, aTwin, 'tokenv2bid', '1', nft, '2')).txid
    await run(b, bTwin, 'tokenv2fillbid', nft, bid, '1')
    expect(await bal(nft, creator.pubkey)).toBe(1n)
    const bid2 = (await run(a, aTwin, 'tokenv2bid', '2', ft, '0.5')).txid
    await run(a, aTwin, 'tokenv2cancelbid', ft, bid2)
    expect([...done].sort()).toEqual(
      [
        'tokenv2create',
        'tokenv2createtokel',
        'tokenv2transfer',
        'tokenv2transfermany',
        'tokenv2ask',
        'tokenv2bid',
        'tokenv2fillask',
        'tokenv2fillbid',
        'tokenv2cancelask',
        'tokenv2cancelbid',
      ].sort(),
    )
  }, 120_000)

  test('reads from the chain source: tokenv2list, tokenv2balance, tokenv2holdings, tokenv2orders (a partly filled ask followed to its fill), mytokenv2orders', async () => {
    const list = (await a.read('tokenv2list')) as string[]
    expect(list).toHaveLength(2)
    // which is which by name: the list is in txid order, which the seed changes (KOMODO_CC_SEED=11 put the NFT first)
    const named = (await a.read('tokenv2holdings')) as { tokenid: string; name: string }[]
    const ft = named.find((x) => x.name === 'FT')!.tokenid
    const nft = named.find((x) => x.name === 'NFT')!.tokenid
    expect([...list].sort()).toEqual([ft, nft].sort())
    expect(await a.read('tokenv2list', { pubkey: buyer.pubkey })).toEqual([])
    expect(await a.read('tokenv2list', { pubkey: creator.pubkey })).toEqual(list)
    // the creator: 10 FT − 3 to the buyer + 1 back (a tokenv2transfermany output: over Electrum its script, which
    // carries the tokenid in its OP_DROP data, is taught to the view by the token input gatherer); the NFT back
    const ftBalance = 8n
    expect(await a.read('tokenv2balance', { tokenid: ft })).toMatchObject({ result: 'success', balance: ftBalance })
    const h = (await a.read('tokenv2holdings')) as {
      tokenid: string
      name: string
      balance: bigint
      tokelData?: unknown
    }[]
    expect(
      h.map((x) => [x.tokenid, x.name, x.balance]).sort((x, y) => String(x[1]).localeCompare(String(y[1]))),
    ).toEqual([
      [ft, 'FT', ftBalance],
      [nft, 'NFT', 1n],
    ])
    expect(h.find((x) => x.tokenid === nft)!.tokelData).toEqual({ url: 'https://tokel.io/', royalty: 250 })
    expect(await a.read('tokenv2orders')).toEqual([]) // every order filled or cancelled
    const ask = (await run(a, aTwin, 'tokenv2ask', '2', ft, '0.1')).txid
    const open = { funcid: 's', txid: ask, askamount: 2n, tokenid: ft, totalrequired: 20000000n, price: 10000000n }
    expect(await b.read('tokenv2orders', { tokenid: ft })).toMatchObject([open])
    const fill = (await run(b, bTwin, 'tokenv2fillask', ft, ask, '1')).txid
    const left = { ...open, funcid: 'S', txid: fill, askamount: 1n, totalrequired: 10000000n }
    expect(await b.read('tokenv2orders')).toMatchObject([left])
    expect(await a.read('mytokenv2orders')).toMatchObject([left]) // two markers (the ask's, the fill's), one order
    expect(await b.read('mytokenv2orders')).toEqual([])
  }, 120_000)

  test('a JS number for any amount parameter is refused, naming the parameter and its unit', async () => {
    const id = '00'.repeat(31) + '01'
    const base: Record<string, Record<string, unknown>> = {
      tokenv2create: { name: 'X', supply: '1' },
      tokenv2createtokel: { name: 'X', supply: '1' },
      tokenv2transfer: { tokenid: id, destination: buyer.pubkey, amount: '1' },
      tokenv2transfermany: { tokenids: [id], destpubkey: buyer.pubkey, amount: '1' },
      tokenv2ask: { numtokens: '1', tokenid: id, price: '1' },
      tokenv2bid: { numtokens: '1', tokenid: id, price: '1' },
      tokenv2fillask: { tokenid: id, asktxid: id, fillunits: '1', unitprice: '1' },
      tokenv2fillbid: { tokenid: id, bidtxid: id, fillamount: '1', unitprice: '1' },
    }
    let n = 0
    for (const [method, units] of Object.entries(TOKEL_PARAM_UNITS))
      for (const [name, unit] of Object.entries(units as Record<string, string>)) {
        const e = await a.call(method as never, { ...base[method], [name]: 250 } as never).catch((x: unknown) => x)
        expect(e, `${method}.${name}`).toMatchObject({ code: 'AMOUNT_INVALID', details: { name, unit } })
        n++
      }
    expect(n).toBe(12)
  })
})
