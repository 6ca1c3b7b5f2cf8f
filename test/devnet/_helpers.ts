import { expect } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { batonKey, batonPubkey, ccAddress } from '../../src/cc/address.js'
import { cc1of1 } from '../../src/cc/condition.js'
import type { CcCondition } from '../../src/cc/types.js'
import { ccScript } from '../../src/script/cc.js'
import { serializeTransaction } from '../../src/tx/codec.js'
import { signTransaction, type Prevout } from '../../src/tx/sign.js'
import type { Transaction } from '../../src/tx/types.js'
import { buildOraclesData, type OraclesDataState } from '../../src/modules/oracles/build.js'
import { RpcError } from '../../src/rpc/transport.js'
import type { Devnet } from '../../src/devnet/server.js'
import { oraclesDataState } from '../../src/modules/oracles/resolve-state.js'
import { StateReader } from '../../src/cctx/resolve.js'

export type OracleSetup = { oracletxid: string; batonAddr: string; format: string }

/** create → fund → register (datafee) → subscribe (amount coins) over RPC, mining after each step. */
export async function setupOracle(
  dev: Devnet,
  format = 'sL',
  datafee = 10000n,
  subscribe = '0.01',
): Promise<OracleSetup> {
  const rpc = dev.rpc
  const oracletxid = await rpc.sendrawtransaction((await rpc.oraclescreate('TEST', 'test oracle', format)).hex)
  await dev.mine(1)
  await rpc.sendrawtransaction((await rpc.oraclesfund(oracletxid)).hex)
  await dev.mine(1)
  await rpc.sendrawtransaction((await rpc.oraclesregister(oracletxid, datafee)).hex)
  await dev.mine(1)
  await rpc.sendrawtransaction((await rpc.oraclessubscribe(oracletxid, dev.pubkey, subscribe)).hex)
  await dev.mine(1)
  return { oracletxid, batonAddr: ccAddress(0xec, batonPubkey(hexToBytes(dev.privateKey))), format }
}

/** The wallet's build context. */
export function walletCtx(dev: Devnet) {
  return {
    pubkey: dev.pubkey,
    utxos: dev.chain.walletUtxos(),
    height: dev.chain.height,
    privateKey: hexToBytes(dev.privateKey),
  }
}

/** The state oraclesdata would use, read from the devnet chain through the module's look-ups (the resolver's). */
export function dataState(dev: Devnet, o: OracleSetup): Promise<OraclesDataState> {
  return oraclesDataState(new StateReader(dev.view), o.oracletxid, dev.pubkey, batonPubkey(hexToBytes(dev.privateKey)))
}

/** A valid signed oraclesdata transaction for `record` (hex). */
export async function buildData(dev: Devnet, o: OracleSetup, record: string) {
  return buildOraclesData({ oracletxid: o.oracletxid, hexstr: record }, walletCtx(dev), await dataState(dev, o))
}

/** Re-signs a (mutated) transaction with the wallet key and the baton key, rebuilding CC conditions from the spent scripts. */
export function resign(dev: Devnet, tx: Transaction, extra: CcCondition[] = [], extraKeys: Uint8Array[] = []): string {
  const priv = hexToBytes(dev.privateKey)
  const bpk = batonPubkey(priv)
  const candidates = [cc1of1(0xec, dev.pubkey), cc1of1(0xec, bpk), cc1of1(0xf2, dev.pubkey), ...extra]
  const prevouts: Prevout[] = tx.vin.map((i) => {
    const o = dev.chain.output(i.txid, i.vout)!
    const cond = candidates.find((c) => bytesToHex(ccScript(c)) === bytesToHex(o.script))
    return cond === undefined
      ? { value: o.value, script: o.script }
      : { value: o.value, script: o.script, condition: cond }
  })
  return bytesToHex(serializeTransaction(signTransaction(tx, prevouts, [priv, batonKey(priv), ...extraKeys])))
}

/** Asserts an RPC refusal with the daemon's code and a message containing `text`. */
export async function expectRefused(p: Promise<unknown>, rpcCode: number, text: string): Promise<void> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(RpcError)
  expect((e as RpcError).code).toBe('RPC_ERROR')
  expect((e as RpcError).rpcCode).toBe(rpcCode)
  expect((e as RpcError).daemonMessage).toContain(text)
}

/** Asserts a module RPC error object `{result:"error", error}` with the given text. */
export async function expectModuleError(p: Promise<unknown>, text: string): Promise<void> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(RpcError)
  expect((e as RpcError).daemonMessage).toBe(text)
}
