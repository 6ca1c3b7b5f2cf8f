// A wallet made for one module's methods (issue 32, pay for what you use): createModuleWallet([tokensWallet]) runs
// tokencreate and tokentransfer on the devnet, reads the balance, and reads back each build as the full inspector
// does; it has no other module's methods or reads. test/package/bundle-size.test.ts checks what its bundle carries.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createModuleWallet } from '../../src/wallet/module-wallet.js'
import { tokensWallet, oraclesWallet, gatewaysWallet } from '../../src/modules/registry/wallets.js'
import { WALLET_METHODS } from '../../src/modules/registry/resolvers.js'
import { WALLET_READS } from '../../src/modules/registry/reads.js'
import * as walletParts from '../../src/modules/registry/wallets.js'
import { inspectBuild } from '../../src/inspect-build.js'
import { testAccount } from '../_util/devnet.js'

const KEY = '5b'.repeat(32)
let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet({ privateKey: KEY })
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

describe('createModuleWallet', () => {
  test('a tokens wallet creates and sends a token; its inspection is the full inspector’s', async () => {
    const w = createModuleWallet([tokensWallet], { privateKey: KEY, view: dev.view })
    expect(Object.keys(w.methods).sort()).toEqual(['tokencreate', 'tokentransfer'])
    const created = await w.tokencreate('MODW', '0.00001', 'module wallet')
    expect(created.inspection).toEqual(inspectBuild(created.build))
    expect(created.inspection.method).toBe('tokencreate')
    await dev.mine(1)
    const dest = testAccount('alice').pubkey
    const sent = await w.tokentransfer(created.txid, dest, 250n)
    expect(sent.inspection).toEqual(inspectBuild(sent.build))
    expect(sent.inspection.method).toBe('tokentransfer')
    await dev.mine(1)
    const balance = (await w.tokenbalance(created.txid)) as { balance: bigint }
    expect(balance.balance).toBe(1000n - 250n)
    expect(((await w.tokenbalance(created.txid, dest)) as { balance: bigint }).balance).toBe(250n)
  }, 60_000)

  test('it has no other module’s methods or reads', async () => {
    const w = createModuleWallet([tokensWallet], { privateKey: KEY, view: dev.view })
    for (const other of ['dicebet', 'oraclesdata', 'faucetget', 'gatewaysbind', 'rewardslock', 'diceinfo'])
      expect(w, other).not.toHaveProperty(other)
    await expect((w.call as (m: string, p: object) => Promise<unknown>)('dicebet', {})).rejects.toMatchObject({
      code: 'ARG_INVALID',
    })
    await expect((w.read as (m: string) => Promise<unknown>)('oraclesinfo')).rejects.toMatchObject({
      code: 'ARG_INVALID',
    })
  })

  test('the parts together are the whole wallet: every method and read once, each in one part', () => {
    const parts = Object.values(walletParts).filter((v) => typeof v === 'object' && v !== null && 'methods' in v)
    expect(parts).toHaveLength(7) // the six modules and Tokel's part
    const methods = parts.flatMap((p) => p.methods.map((m) => m.method))
    const reads = parts.flatMap((p) => p.reads.map((r) => r.method))
    expect(methods.sort()).toEqual(WALLET_METHODS.map((m) => m.method).sort())
    expect(reads.sort()).toEqual(WALLET_READS.map((r) => r.method).sort())
    // a gateways wallet reads tokens' and oracles' transactions too (a gateway moves tokens, bound to an oracle)
    expect(gatewaysWallet.modules.map((m) => m.name)).toEqual(['tokens', 'oracles', 'gateways'])
    expect(oraclesWallet.modules.map((m) => m.name)).toEqual(['oracles'])
  })

  test('bad parts are refused', () => {
    for (const bad of [[], undefined, [{}], 'tokens'])
      expect(() => createModuleWallet(bad as never, { privateKey: KEY, view: dev.view })).toThrow(
        expect.objectContaining({ code: 'ARG_INVALID' }),
      )
  })
})
