// The demo's Tokel step (layer 8): an NFT's life on a devnet in Tokel mode (TKLTEST): created with Tokel data and a
// royalty by the devnet's wallet (its daemon-style RPC), transferred to a key-local wallet, asked for on the DEX,
// bought by a second key-local wallet with the royalty paid to the creator, asked for again and the ask cancelled.
import { p2pkhAddress } from '../address/address.js'
import { keySigner } from '../tx/sign.js'
import { sha256 } from '../hash/index.js'
import { utf8ToBytes } from '../bytes/utils.js'
import { bytesToHex } from '../bytes/hex.js'
import { formatCoins } from '../amount.js'
import { createRpcView } from '../rpc/view.js'
import { createWallet, type Wallet, type WalletResult } from '../wallet/wallet.js'
import { inspectTransaction, inspectionText } from '../inspect/index.js'
import type { DemoIo, DemoResult } from './module.js'
import { startDevnet } from './server.js'

/** The demo's two key-local keys: fixed, public, devnet-only (sha256 of a label). */
const demoKey = (label: string): Uint8Array => sha256(utf8ToBytes(`komodo-cc tokel demo ${label}`))

/**
 * Runs the NFT's life on a fresh TKLTEST devnet (in this process), one line per step: create (Tokel data, royalty
 * 10%), transfer, ask, fill (the royalty paid to the creator), ask again, cancel. Returns whether every step behaved.
 * @example const r = await runTokelNftDemo(io, { verbose: false }) // r.ok === true
 */
export async function runTokelNftDemo(io: DemoIo, options: { verbose?: boolean } = {}): Promise<DemoResult> {
  const dev = await startDevnet({ chain: 'TKLTEST' })
  try {
    const line = (step: string, text: string): void => io.stdout(`${step.padEnd(24)} ${text}\n`)
    const show = (hex: string): void => {
      if (options.verbose === true) io.stdout(`    ${inspectionText(inspectTransaction(hex, { chain: 'TKLTEST' }))}\n`)
    }
    io.stdout(`\nTokel NFT — embedded devnet in Tokel mode (TKLTEST) at ${dev.url}\n`)
    const aliceKey = demoKey('alice')
    const bobKey = demoKey('bob')
    const alice = bytesToHex(keySigner(aliceKey).publicKey)
    const bob = bytesToHex(keySigner(bobKey).publicKey)
    for (const pk of [alice, bob]) await dev.rpc.call('sendtoaddress', [p2pkhAddress(pk), 20])
    await dev.mine(1)
    const wallet = (key: Uint8Array): Wallet =>
      createWallet({ privateKey: key, view: createRpcView(dev.rpc), chain: dev.chainParams })
    const a = wallet(aliceKey)
    const b = wallet(bobKey)
    const done = async (step: string, r: WalletResult | { txid: string; hex: string }, note: string) => {
      show(r.hex)
      line(step, `${r.txid.slice(0, 16)}… ${note}`)
      await dev.mine(1)
      return r.txid
    }
    // the creator: the devnet's own wallet, through its daemon-style RPC
    const made = (await dev.rpc.call('tokenv2createtokel', [
      'DemoNFT',
      '0.00000001',
      'one of one',
      JSON.stringify({ url: 'https://tokel.io/demo', royalty: 100 }),
    ])) as { hex: string }
    const nft = await dev.rpc.sendrawtransaction(made.hex)
    await done('tokenv2createtokel', { txid: nft, hex: made.hex }, 'NFT with Tokel data: url, royalty 100/1000')
    const sent = (await dev.rpc.call('tokenv2transfer', [nft, alice, '1'])) as { hex: string }
    await done(
      'tokenv2transfer',
      { txid: await dev.rpc.sendrawtransaction(sent.hex), hex: sent.hex },
      'the NFT to alice (a key-local wallet)',
    )
    const ask = await done('tokenv2ask', await a.tokenv2ask('1', nft, '2'), 'alice asks 2 coins for it')
    const fill = await b.tokenv2fillask(nft, ask, '1')
    const paid = fill.build.tx.vout[2]!.value
    const royalty = fill.build.tx.vout[3]!.value
    const royaltyOk = royalty === 20_000_000n && paid === 180_000_000n
    await done(
      'tokenv2fillask',
      fill,
      `bob buys it: ${formatCoins(paid)} to alice, royalty ${formatCoins(royalty)} to the creator`,
    )
    const ask2 = await done('tokenv2ask', await b.tokenv2ask('1', nft, '3'), 'bob asks 3 coins')
    await done('tokenv2cancelask', await b.tokenv2cancelask(nft, ask2), 'bob cancels his ask: the NFT back to him')
    const holds = (await b.read('tokenv2holdings')) as { tokenid: string; balance: bigint }[]
    const ok = royaltyOk && holds.some((h) => h.tokenid === nft && h.balance === 1n)
    line('tokenv2holdings', `bob holds ${holds.map((h) => `${h.balance} of ${h.tokenid.slice(0, 16)}…`).join(', ')}`)
    return { ok, note: 'the Tokel NFT step on a TKLTEST devnet' }
  } finally {
    await dev.stop()
  }
}
