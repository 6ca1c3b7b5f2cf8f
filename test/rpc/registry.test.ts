// The client's typed methods come from the modules (modules/<m>/rpc.ts through modules/registry/rpc.ts): the same
// methods as before, precisely typed, argument names as the descriptors spell them; the offline `*info` and the
// client share one result type per RPC.
import { describe, expect, expectTypeOf, test } from 'vitest'
import docs from '../../vectors/modules/docs-antara-tx.json' with { type: 'json' }
import info from '../../vectors/modules/docs-antara-info.json' with { type: 'json' }
import { createKomodoRpc, NODE_RPC, type KomodoRpc } from '../../src/rpc/client.js'
import type { RpcCallOptions } from '../../src/rpc/transport.js'
import type { HexResult, ModuleAddresses } from '../../src/rpc/results.js'
import { RPC_MODULES } from '../../src/modules/registry/rpc.js'
import { LAYERED_MODULES } from '../../src/modules/registry/core.js'
import type { AmountArg } from '../../src/amount.js'
import { oraclesinfo, type OraclesInfo, type OraclesSamples } from '../../src/modules/oracles/info.js'
import { parseOraclesInfo } from '../../src/modules/oracles/rpc.js'
import { faucetinfo, type FaucetInfo } from '../../src/modules/faucet/info.js'
import { parseFaucetInfo } from '../../src/modules/faucet/rpc.js'
import { diceinfo, type DiceFinishRpcResult, type DiceInfo } from '../../src/modules/dice/info.js'
import { parseDiceInfo } from '../../src/modules/dice/rpc.js'
import { gatewaysinfo, type GatewaysInfo } from '../../src/modules/gateways/info.js'
import { rewardsinfo, type RewardsInfo } from '../../src/modules/rewards/info.js'
import { tokeninfo, type TokenInfo } from '../../src/modules/tokens/info.js'
import { parseTokenInfo } from '../../src/modules/tokens/rpc.js'
import { parseJsonExact } from '../../src/rpc/json.js'

/** The client's methods before they came from the modules (issue 17), in order; `batch` added by issue 18, Tokel's by issue 33. */
const METHODS =
  `call batch host tokenaddress tokenbalance tokencreate tokeninfo tokenlist tokentransfer faucetaddress faucetfund faucetget
  faucetinfo diceaddfunds diceaddress dicebet dicefinish dicefund diceinfo dicelist dicestatus oraclesaddress oraclescreate oraclesdata
  oraclesfund oraclesinfo oracleslist oraclesregister oraclessamples oraclessubscribe gatewaysaddress gatewaysbind gatewaysclaim
  gatewayscompletesigning gatewaysdeposit gatewaysdumpprivkey gatewaysexternaladdress gatewaysinfo gatewayslist gatewayswithdraw
  rewardsaddfunding rewardsaddress rewardscreatefunding rewardsinfo rewardslist rewardslock rewardsunlock sendrawtransaction
  decoderawtransaction getrawmempool getrawtransaction getaddressutxos listunspent gettxoutproof getinfo getblockcount
  tokenv2create tokenv2createtokel tokenv2transfer tokenv2transfermany tokenv2ask tokenv2bid tokenv2fillask
  tokenv2fillbid tokenv2cancelask tokenv2cancelbid tokenv2balance getTransaction listUnspent getMempool`.split(/\s+/)

const docTx = (id: string): string => docs.cases.find((c) => c.id === id)!.hex
/** The daemon's JSON of an offline result (bigint counts as JSON integers). */
const asDaemonJson = (v: unknown) =>
  parseJsonExact(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x)))

describe('RPC registry', () => {
  test('the client has the same methods, in the same order', () => {
    const rpc = createKomodoRpc({ url: 'http://127.0.0.1:1', user: 'u', password: 'p' })
    expect(Object.keys(rpc)).toEqual(METHODS)
  })
  test('one RPC part per registered module, in the registry order; no RPC named twice', () => {
    // Tokel's modules (tokens v2, assets v2) have no client part yet: LAYERED_MODULES leaves them out
    expect(RPC_MODULES.map((m) => m.module)).toEqual([...LAYERED_MODULES])
    const names = [...RPC_MODULES.flatMap((m) => Object.keys(m.rpc)), ...Object.keys(NODE_RPC)]
    expect(new Set(names).size).toBe(names.length)
  })
  test('each RPC declares one argument per name; building RPCs name them as the descriptor', () => {
    for (const { module, rpc } of RPC_MODULES) {
      for (const [name, m] of Object.entries(rpc)) {
        expect([name, m.toParams.length]).toEqual([name, m.params.length])
        const described = module.methods.find((x) => x.name === name)
        if (described !== undefined) expect([name, [...m.params]]).toEqual([name, [...described.params]])
      }
    }
    for (const [name, m] of Object.entries(NODE_RPC)) expect([name, m.toParams.length]).toEqual([name, m.params.length])
  })
  test("the typed client keeps each method's arguments and result type", () => {
    type O = RpcCallOptions | undefined
    expectTypeOf<KomodoRpc['oraclesinfo']>().parameters.toEqualTypeOf<[oracletxid: string, options?: O]>()
    expectTypeOf<KomodoRpc['oraclesinfo']>().returns.toEqualTypeOf<Promise<OraclesInfo>>()
    expectTypeOf<KomodoRpc['oraclessamples']>().returns.toEqualTypeOf<Promise<OraclesSamples>>()
    expectTypeOf<KomodoRpc['tokencreate']>().parameters.toEqualTypeOf<
      [name: string, supply: AmountArg, description?: string, data?: string, options?: O]
    >()
    expectTypeOf<KomodoRpc['tokentransfer']>().parameters.toEqualTypeOf<
      [tokenid: string, destpubkey: string, amount: AmountArg, options?: O]
    >()
    expectTypeOf<KomodoRpc['tokeninfo']>().returns.toEqualTypeOf<Promise<TokenInfo>>()
    expectTypeOf<KomodoRpc['tokenaddress']>().parameters.toEqualTypeOf<[pubkey?: string, options?: O]>()
    expectTypeOf<KomodoRpc['tokenaddress']>().returns.toEqualTypeOf<Promise<ModuleAddresses>>()
    expectTypeOf<KomodoRpc['faucetget']>().parameters.toEqualTypeOf<[options?: O]>()
    expectTypeOf<KomodoRpc['faucetinfo']>().returns.toEqualTypeOf<Promise<FaucetInfo>>()
    expectTypeOf<KomodoRpc['dicefinish']>().returns.toEqualTypeOf<Promise<DiceFinishRpcResult>>()
    expectTypeOf<KomodoRpc['diceinfo']>().returns.toEqualTypeOf<Promise<DiceInfo>>()
    expectTypeOf<KomodoRpc['dicefund']>().parameters.toEqualTypeOf<
      [
        name: string,
        funds: AmountArg,
        minbet: AmountArg,
        maxbet: AmountArg,
        maxodds: number,
        timeoutblocks: number,
        options?: O,
      ]
    >()
    expectTypeOf<KomodoRpc['gatewaysinfo']>().returns.toEqualTypeOf<Promise<GatewaysInfo>>()
    expectTypeOf<KomodoRpc['gatewaysdumpprivkey']>().returns.toEqualTypeOf<
      Promise<{ result: string } & Record<'privkey', string>>
    >()
    expectTypeOf<KomodoRpc['gatewaysbind']>().parameters.toEqualTypeOf<
      [
        tokenid: string,
        oracletxid: string,
        coin: string,
        tokensupply: AmountArg,
        M: number,
        N: number,
        pubkeys: string | readonly string[],
        pubtype: number,
        p2shtype: number,
        wiftype: number,
        taddr?: number,
        options?: O,
      ]
    >()
    expectTypeOf<KomodoRpc['rewardsinfo']>().returns.toEqualTypeOf<Promise<RewardsInfo>>()
    expectTypeOf<KomodoRpc['rewardscreatefunding']>().parameters.toEqualTypeOf<
      [
        name: string,
        amount: AmountArg,
        APR?: AmountArg,
        mindays?: number,
        maxdays?: number,
        mindeposit?: AmountArg,
        options?: O,
      ]
    >()
    expectTypeOf<KomodoRpc['sendrawtransaction']>().returns.toEqualTypeOf<Promise<string>>()
    expectTypeOf<KomodoRpc['rewardslock']>().returns.toEqualTypeOf<Promise<HexResult>>()
    expectTypeOf<KomodoRpc['listunspent']>().parameters.toEqualTypeOf<
      [minconf?: number, maxconf?: number, addresses?: readonly string[], options?: O]
    >()
    // @ts-expect-error: no such RPC
    expectTypeOf<KomodoRpc['oraclesinfoo']>().toBeFunction()
  })
  test('the offline *info and the client share one result type per RPC (two forms)', () => {
    expectTypeOf(oraclesinfo).returns.toEqualTypeOf<OraclesInfo<'offline'>>()
    expectTypeOf(faucetinfo).returns.toEqualTypeOf<FaucetInfo<'offline'>>()
    expectTypeOf(diceinfo).returns.toEqualTypeOf<DiceInfo<'offline'>>()
    expectTypeOf(gatewaysinfo).returns.toEqualTypeOf<GatewaysInfo<'offline'>>()
    expectTypeOf(rewardsinfo).returns.toEqualTypeOf<RewardsInfo<'offline'>>()
    expectTypeOf(tokeninfo).returns.toEqualTypeOf<TokenInfo>()
    expectTypeOf<OraclesInfo['registered'][number]['datafee']>().toEqualTypeOf<bigint>()
    expectTypeOf<OraclesInfo<'offline'>['registered'][number]['datafee']>().toEqualTypeOf<string>()
  })
  test("an offline *info, read back as the daemon would print it, parses to the client's form", () => {
    const c = info.cases.find((x) => x.id === 'oracles-oraclesinfo-01')!
    const offline = oraclesinfo(docTx(c.create!), c.txs!.map(docTx))
    const parsed = parseOraclesInfo(asDaemonJson(offline))
    expect(parsed.registered.map((p) => p.datafee)).toEqual(
      offline.registered.map((p) => BigInt(Math.round(Number(p.datafee) * 1e8))),
    )
    expect(parseFaucetInfo(asDaemonJson(faucetinfo([docTx('faucet-faucetfund-01')])))).toEqual({
      result: 'success',
      name: 'Faucet',
      funding: 10_000_000_000n,
    })
    const dice = diceinfo(docTx('dice-dicefund-01'), [docTx('dice-diceaddfunds-01')])
    expect(parseDiceInfo(asDaemonJson(dice))).toMatchObject({
      maxodds: 777,
      timeoutblocks: 7,
      minbet: 77_700_000n,
      funding: 77_778_700_000_000n,
    })
    const token = tokeninfo(docTx('tokens-tokencreate-01'))
    expect(parseTokenInfo(asDaemonJson(token))).toEqual(token)
  })
})
