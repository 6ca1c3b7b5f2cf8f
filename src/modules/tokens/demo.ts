// The tokens module's step of `komodo-cc demo` (layer 8, listed in src/modules/registry/io.ts): create a token and
// transfer part of it over RPC.
import type { ModuleDemo } from '../../devnet/module.js'
import type { WalletMethodName } from '../registry/resolvers.js'
import type { WalletMethod } from '../../wallet/wallet.js'

/**
 * The tokens step of the demo: `tokencreate` of 1000 units, `tokentransfer` of 250 to another key, both balances
 * read back with `tokenbalance`.
 * @example await tokensDemo.run(ctx, {})
 * @internal
 */
export const tokensDemo: ModuleDemo = /* @__PURE__ */ Object.freeze({
  async run({ rpc, line, submit, confirm }) {
    const tok = await rpc.tokencreate('DEMOTOK', '0.00001', 'a demo token of 1000 units')
    const tokenid = await submit('tokencreate', tok.hex, '1000 units backed by 0.00001 coin')
    await confirm()
    const friend = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'
    const tr = await rpc.tokentransfer(tokenid, friend, 250n)
    await submit('tokentransfer', tr.hex, '250 units to 0279be66…')
    await confirm()
    const [mine, theirs] = [await rpc.tokenbalance(tokenid), await rpc.tokenbalance(tokenid, friend)]
    line('tokenbalance', `creator ${mine.balance}, recipient ${theirs.balance}`)
    return { ok: mine.balance === 750n && theirs.balance === 250n }
  },
  async wallet({ wallet, sent, confirm, line }) {
    const call = (m: WalletMethodName, ...a: unknown[]) => (wallet[m] as WalletMethod)(...a)
    const tok = await call('tokencreate', 'WALLETTOK', '0.00001', 'made by a key-local wallet')
    sent('tokencreate', tok, '1000 units, built and signed in this process')
    await confirm()
    const friend = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'
    const tr = await call('tokentransfer', tok.txid, friend, 250n)
    sent('tokentransfer', tr, '250 units; the token inputs found through the node and checked here')
    await confirm()
    const b = (await wallet.read('tokenbalance', { tokenid: tok.txid })) as { balance: bigint }
    line('wallet tokenbalance', `${b.balance} units left (computed here from the node's outputs)`)
    return { ok: b.balance === 750n }
  },
})
