// Issue 28 "What to build" 7: token methods chain through the mempool on request. komodod's AddTokenCCInputs reads only
// confirmed outputs (so by default tokentransfer right after tokencreate, or a second transfer without a block, fails
// with "no token inputs", as the daemon's RPC would), but its token validation reads a spent output's transaction with
// GetTxUnconfirmed → myGetTransaction, which looks in the mempool first (src/cc/CCtokens.cpp TokensValidate and
// TokensExactAmounts, src/cc/eval.cpp, src/main.cpp myGetTransaction): `{ resolve: { mempool: true } }` gathers the
// mempool's token outputs too, and the node accepts the chain.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createWallet, type Wallet } from '../../src/wallet/wallet.js'
import { StateReader } from '../../src/cctx/resolve.js'
import { tokenBalance } from '../../src/modules/tokens/inputs.js'
import { FLOW_FRIEND, FLOW_KEY, FLOW_ME, fundFlow } from '../_util/wallet-flow.js'

let dev: Devnet
let wallet: Wallet

describe('token transfers chain through the mempool with { resolve: { mempool: true } }', () => {
  beforeAll(async () => {
    dev = await startTestDevnet()
    await fundFlow(dev)
    wallet = createWallet({ privateKey: FLOW_KEY, view: dev.view })
  }, 60_000)
  afterAll(async () => {
    await dev?.stop()
  })

  test('by default a transfer right after tokencreate finds no token inputs, as komodod (confirmed only)', async () => {
    const create = await wallet.tokencreate('CHAIN', '0.00001', 'mempool chain')
    expect(dev.chain.mempool).toContain(create.txid)
    const e = await wallet.tokentransfer(create.txid, FLOW_FRIEND, '100').catch((x: unknown) => x)
    expect(e).toMatchObject({ details: { daemonError: expect.stringContaining('token inputs') } })
    await dev.mine(1)
  })

  test('on request: a transfer right after tokencreate, then a second transfer, all in one block', async () => {
    const create = await wallet.tokencreate('CHAIN2', '0.00001', 'mempool chain')
    const first = await wallet.tokentransfer(create.txid, FLOW_FRIEND, '100', { resolve: { mempool: true } })
    const second = await wallet.tokentransfer(create.txid, FLOW_FRIEND, '50', { resolve: { mempool: true } })
    // the devnet's validator (consensus, as the node's TokensValidate) accepted each into its mempool
    for (const t of [create.txid, first.txid, second.txid]) expect(dev.chain.mempool).toContain(t)
    expect(second.build.tx.vin.some((i) => i.txid === first.txid)).toBe(true)
    await dev.mine(1)
    for (const t of [create.txid, first.txid, second.txid]) expect(dev.chain.txs.has(t)).toBe(true)
    const reader = () => new StateReader(dev.view)
    expect(await tokenBalance(reader(), create.txid, FLOW_FRIEND)).toBe(150n)
    expect(await tokenBalance(reader(), create.txid, FLOW_ME)).toBe(850n)
  })

  test('gatewaysbind right after its tokencreate: refused by default (no confirmed tokens), chained on request', async () => {
    const oracle = await wallet.oraclescreate('KMD', 'chain', 'Ihh')
    await dev.mine(1)
    const token = await wallet.tokencreate('GWCHAIN', '1', 'gateway token')
    const bind = (o: object) =>
      wallet.gatewaysbind(token.txid, oracle.txid, 'KMD', '100000000', 1, 1, [FLOW_ME], 60, 85, 188, o)
    const e = await bind({}).catch((x: unknown) => x)
    expect(e).toMatchObject({ code: expect.stringMatching(/BUILD_|INSUFFICIENT/) })
    const b = await bind({ resolve: { mempool: true } })
    expect(dev.chain.mempool).toContain(b.txid)
    await dev.mine(1)
    expect(dev.chain.txs.has(b.txid)).toBe(true)
  })

  test('the option is a boolean', async () => {
    const e = await wallet
      .tokentransfer('ab'.repeat(32), FLOW_FRIEND, '1', { resolve: { mempool: 'yes' as never } })
      .catch((x: unknown) => x)
    expect(e).toMatchObject({ code: 'ARG_INVALID' })
  })
})
