import { KomodoCcError } from '../errors.js'
import { coinsValue } from '../amount.js'
import type { BuildContext } from '../cctx/context.js'
import type { BuildResult } from '../cctx/complete.js'
import type { ChainSnapshot, DevChain } from './chain.js'
import { DevnetRefusal, RPC_CODES } from './refusal.js'
import type { ModuleValidator } from './validate.js'
import type { RelayPolicy } from '../tx/policy.js'

/** The devnet node behind the HTTP server: chain, wallet key, validators, and hooks. */
export type DevnetNode = {
  chain: DevChain
  chainName: string
  /** The wallet's key (`-pubkey` and its private key): the devnet signs the module RPCs' transactions with it. */
  wallet: { pubkey: Uint8Array; privateKey: Uint8Array }
  validators: Map<number, ModuleValidator>
  /** The relay policy its mempool applies (default: komodod's for an asset chain, 208-byte OP_RETURN scripts). */
  policy?: RelayPolicy
  rpcPort: number
  /** Called after blocks are mined (persistence). */
  onBlocks?: () => void
  /** Called by the `stop` RPC. */
  onStop?: () => void
  /** Saved chain states of the devnet-only `snapshot` RPC, by id (src/devnet/snapshot.ts); created on first use. */
  snapshots?: { next: number; saved: Map<string, ChainSnapshot> }
}

/** An RPC handler. @internal */
export type Handler = (node: DevnetNode, params: unknown[]) => unknown
/** An RPC method: parameter bounds, komodod's usage text, handler. @internal */
export type Method = { min: number; max: number; usage: string; run: Handler }

/** Wrong parameter count: -1 with the usage text. @internal */
export const usageError = (m: Method): DevnetRefusal => new DevnetRefusal(RPC_CODES.MISC_ERROR, m.usage)

/** @internal */
export function typeName(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  if (typeof v === 'object') return 'object'
  if (typeof v === 'string') return 'string'
  if (typeof v === 'number') return 'number'
  if (typeof v === 'boolean') return 'bool'
  return typeof v
}

/** @internal Core RPCs check types with RPCTypeCheck: `-3 Expected type string, got number`. */
export function expect(v: unknown, type: 'string' | 'number' | 'bool' | 'object' | 'array'): void {
  if (typeName(v) !== type)
    throw new DevnetRefusal(
      RPC_CODES.TYPE_ERROR,
      `Expected type ${type === 'bool' ? 'bool' : type}, got ${typeName(v)}`,
    )
}

/** @internal Module RPCs call `get_str()`: a non-string is `JSON value is not a string as expected` (-1). */
export function str(v: unknown): string {
  if (typeof v !== 'string') throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'JSON value is not a string as expected')
  return v
}

/** @internal A module RPC's amount/number argument: komodod reads text (numbers are accepted and read the same way). */
export function numText(v: unknown): string {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v)
  return str(v)
}

/** @internal `Parseuint256` of a module RPC: malformed text becomes the zero txid (the daemon's behaviour). */
export function txidArg(v: unknown): string {
  const s = str(v)
  return /^[0-9a-fA-F]{64}$/.test(s) ? s.toLowerCase() : '0'.repeat(64)
}

/** @internal satoshis → JSON coins */
export function coins(sats: bigint): number {
  return coinsValue(sats)
}

/** @internal the wallet's build context */
export function walletContext(node: DevnetNode): BuildContext {
  return {
    pubkey: node.wallet.pubkey,
    utxos: node.chain.walletUtxos(node.wallet.pubkey),
    height: node.chain.height,
    privateKey: node.wallet.privateKey,
  }
}

/** @internal Runs a builder and shapes its outcome as the module RPCs do: `{result:"success", hex}` or `{result:"error", error}`. */
export function hexResult(build: () => BuildResult): Record<string, unknown> {
  try {
    const r = build()
    return { result: 'success', hex: r.hex }
  } catch (e) {
    if (e instanceof KomodoCcError) {
      const d = e.details.daemonError
      return { result: 'error', error: typeof d === 'string' ? d : e.message.slice(e.code.length + 2) }
    }
    throw e
  }
}

/**
 * @internal {@link hexResult} for a resolver: awaits the build and shapes its outcome as the module RPCs do.
 */
export async function hexResultAsync(build: () => Promise<BuildResult>): Promise<Record<string, unknown>> {
  try {
    const r = await build()
    return { result: 'success', hex: r.hex }
  } catch (e) {
    if (e instanceof KomodoCcError) {
      const d = e.details.daemonError
      return { result: 'error', error: typeof d === 'string' ? d : e.message.slice(e.code.length + 2) }
    }
    throw e
  }
}

/** @internal raw hex of a known transaction */
export function txHex(node: DevnetNode, txid: string): string | undefined {
  return node.chain.txs.get(txid)?.hex
}
