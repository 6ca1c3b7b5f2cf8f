// The devnet's Tokel mode (a devnet with chain 'TKLTEST' or 'TOKEL'): Tokel's C-addresses in its address index,
// the tokens v2 / assets v2 RPCs served daemon-style over JSON-RPC (the devnet wallet) and key-local resolvers of
// another key over the same chain, the F5/F6 validators refusing what Tokel's daemon refuses. Every transaction the
// devnet accepts here is judged by Tokel's own validators after the file (test/_util/komodod-judge.ts, Tokel chains).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestDevnet, testAccount } from '../_util/devnet.js'
import type { Devnet } from '../../src/devnet/server.js'
import { hexToBytes, bytesToHex } from '../../src/bytes/hex.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import { p2pkScript } from '../../src/script/script.js'
import { inspectTransaction } from '../../src/inspect/inspect.js'
import { tokenv2indexkey } from '../../src/modules/tokensv2/resolve.js'
import {
  resolveTokenV2CancelAsk,
  resolveTokenV2FillAsk,
  resolveTokenV2FillBid,
} from '../../src/modules/assetsv2/resolve.js'
import { ASSETSV2_GLOBAL_PUBKEY, tokensV2Condition } from '../../src/modules/tokensv2/globals.js'
import { FORK_CC_MODULES } from '../../src/cc/eval.js'
import { resolveTokenV2Transfer } from '../../src/modules/tokensv2/resolve.js'
import { signTransaction } from '../../src/tx/sign.js'
import type { ResolveContext } from '../../src/cctx/resolve.js'

type Hex = { result: string; hex?: string; error?: string }
const ASSETSV2 = FORK_CC_MODULES.find((m) => m.name === 'AssetsV2')!

describe.each(['TKLTEST', 'TOKEL'] as const)('devnet %s mode', (chainName) => {
  let dev: Devnet
  const alice = testAccount('alice')
  const call = async (method: string, ...params: unknown[]): Promise<any> =>
    dev.rpc.call(method, params as never) as Promise<any>
  /** A module RPC's hex, sent and mined; returns the txid. */
  const send = async (r: Hex): Promise<string> => {
    expect(r).toMatchObject({ result: 'success' })
    const txid = (await call('sendrawtransaction', r.hex)) as string
    await dev.mine(1)
    return txid
  }
  let aliceCtx: ResolveContext

  beforeAll(async () => {
    dev = await startTestDevnet({ chain: chainName })
    aliceCtx = { view: dev.view, pubkey: alice.pubkey, privateKey: alice.privateKey, chain: dev.chainParams }
    await call('sendtoaddress', p2pkhAddress(alice.pubkey), 100)
    await dev.mine(1)
  })
  afterAll(async () => {
    await dev?.stop()
  })

  test('an NFT with a royalty: create, ask, alice fills (the royalty paid), asks again and cancels; bid, fill bid, cancel bid', async () => {
    const mine = (await call('getinfo')).pubkey as string
    const nft = await send(
      await call(
        'tokenv2createtokel',
        'NFT',
        '0.00000001',
        'one',
        JSON.stringify({ url: 'https://tokel.io/', royalty: 100 }),
      ),
    )
    const info = await call('tokenv2infotokel', nft)
    expect(info).toMatchObject({ result: 'success', owner: mine, name: 'NFT', supply: 1, dataAsJson: { royalty: 100 } })
    // the address index files the supply output under the wallet's pubkey token address, a C-address
    const [byKey] = tokenv2indexkey(mine, dev.chainParams)
    expect(byKey.startsWith('C')).toBe(true)
    const utxos = await call('getaddressutxos', { addresses: [byKey] })
    expect(utxos.map((u: { txid: string }) => u.txid)).toEqual([nft])
    expect(await call('tokenv2balance', nft)).toMatchObject({ result: 'success', balance: 1 })

    const ask = await send(await call('tokenv2ask', '1', nft, '2'))
    // alice fills with her own key (key-local, over the devnet's chain)
    const fill = await resolveTokenV2FillAsk({ tokenid: nft, asktxid: ask, fillunits: 1n }, aliceCtx)
    await send({ result: 'success', hex: fill.hex })
    const reading = inspectTransaction(fill.hex, { chain: chainName }).reading as Record<string, unknown>
    expect(reading).toMatchObject({ paid: 180000000n, royalty: 20000000n })
    // the seller (and creator) got 1.8 + 0.2 on two P2PK outputs
    expect(fill.tx.vout[2]!.value + fill.tx.vout[3]!.value).toBe(200000000n)
    expect(bytesToHex(fill.tx.vout[3]!.script)).toBe(bytesToHex(p2pkScript(hexToBytes(mine))))
    expect((await call('tokenv2balance', nft, alice.pubkey)).balance).toBe(1)

    // alice gives it back, the wallet asks again and cancels
    await send({
      result: 'success',
      hex: (await resolveTokenV2Transfer({ tokenid: nft, destination: mine, amount: 1n }, aliceCtx)).hex,
    })
    expect((await call('tokenv2balance', nft)).balance).toBe(1)
    const ask2 = await send(await call('tokenv2ask', '1', nft, '5'))
    expect((await call('tokenv2balance', nft)).balance).toBe(0)
    await send(await call('tokenv2cancelask', nft, ask2))
    expect((await call('tokenv2balance', nft)).balance).toBe(1)

    // a bid by the wallet, filled by … the wallet's token goes to alice first, she fills the bid
    await send(await call('tokenv2transfer', nft, alice.pubkey, '1'))
    const bid = await send(await call('tokenv2bid', '1', nft, '3'))
    const fb = await resolveTokenV2FillBid({ tokenid: nft, bidtxid: bid, fillamount: 1n }, aliceCtx)
    await send({ result: 'success', hex: fb.hex })
    expect((await call('tokenv2balance', nft)).balance).toBe(1)
    const bid2 = await send(await call('tokenv2bid', '2', nft, '0.5'))
    // the daemon-style reads: the open bid, printed as Tokel prints it (coins as JSON numbers)
    expect(await call('tokenv2orders', nft)).toMatchObject([
      { funcid: 'b', txid: bid2, bidamount: 1, tokenid: nft, totalrequired: 2, price: 0.5 },
    ])
    expect(await call('mytokenv2orders')).toMatchObject([{ funcid: 'b', txid: bid2 }])
    expect(await call('tokenv2list')).toEqual([nft])
    await send(await call('tokenv2cancelbid', nft, bid2))
    expect(await call('tokenv2orders')).toEqual([])
  })

  test('the validators refuse a fill that pays the royalty to the seller and a transfer that makes a unit', async () => {
    const mine = (await call('getinfo')).pubkey as string
    const nft = await send(await call('tokenv2createtokel', 'N2', '0.00000002', '', JSON.stringify({ royalty: 500 })))
    const ask = await send(await call('tokenv2ask', '1', nft, '1'))
    const fill = await resolveTokenV2FillAsk({ tokenid: nft, asktxid: ask, fillunits: 1n }, aliceCtx)
    // vout 3 is the royalty to the creator: send it to alice instead, re-signed
    const tx = parseTransaction(fill.hex)
    tx.vout[3] = { ...tx.vout[3]!, script: p2pkScript(hexToBytes(alice.pubkey)) }
    const prevs = await Promise.all(
      tx.vin.map(async (i) => parseTransaction(await dev.view.getTransaction(i.txid)).vout[i.vout]!),
    )
    const resign = (t: typeof tx): string =>
      bytesToHex(
        serializeTransaction(
          signTransaction(
            { ...t, vin: t.vin.map((i) => ({ ...i, scriptSig: new Uint8Array(0) })) },
            prevs.map((o, n) =>
              n === tx.vin.length - 1
                ? {
                    value: o.value,
                    script: o.script,
                    condition: tokensV2Condition(0xf6, 0, 1, [ASSETSV2_GLOBAL_PUBKEY]),
                  }
                : { value: o.value, script: o.script },
            ),
            [alice.privateKey, hexToBytes(ASSETSV2.privkey)],
          ),
        ),
      )
    // the signatures hold (the unchanged fill, re-signed, is accepted by a dry run's rules: the devnet's testmempoolaccept-free check)
    await expect(call('sendrawtransaction', resign(tx))).rejects.toMatchObject({
      message: expect.stringContaining('vout3 invalid royalty destination for fillask'),
    })
    // a cancel of the wallet's ask by alice before expiry: the marker signed with the global key, not the creator's
    const cancel = await resolveTokenV2CancelAsk({ tokenid: nft, asktxid: ask }, aliceCtx)
    await expect(call('sendrawtransaction', cancel.hex)).rejects.toMatchObject({
      message: expect.stringContaining('not the originator pubkey signed for cancelask for not yet expired orders'),
    })
    expect(mine).toMatch(/^0[23]/)
  })
})
