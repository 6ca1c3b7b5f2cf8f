// The key-local wallet (issue 18): one async method per state-changing RPC of the six modules, named and
// parametrised as the daemon's; each finds its state through a ChainView (the module's resolver), builds, signs
// in this process, checks the transaction does what was asked, and broadcasts it once.
import { KomodoCcError } from '../errors.js'
import { satsOption } from '../amount.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { decodeWif, p2pkhAddress } from '../address/address.js'
import { KMD, type ChainParams } from '../address/chain.js'
import { batonKey } from '../cc/address.js'
import { keySigner, type Signer } from '../tx/sign.js'
import type { BuildResult } from '../cctx/complete.js'
import type { ChainView } from '../cctx/types.js'
import type { MethodResolver, ResolveContext } from '../cctx/resolve.js'
import { inspectBuild } from '../inspect-build.js'
import { checkFee, checkInspection, DEFAULT_MAX_FEE } from '../rpc/flow.js'
import type { Inspection } from '../inspect/index.js'
import { PendingSet, type PendingTx } from './pending.js'
import { bindPendingStore, type PendingStorage } from './pending-store.js'
import { WALLET_METHODS, type WalletMethodName, type WalletMethodResolver } from '../modules/registry/resolvers.js'
import {
  WALLET_READS,
  type WalletRead,
  type WalletReadName,
  type WalletReadNames,
  type WalletReadParams,
  type WalletReadResult,
} from '../modules/registry/reads.js'
import { StateReader } from '../cctx/resolve.js'
import { TxCache } from '../cctx/tx-cache.js'
import { memoListings } from './listing-memo.js'
import { ASSET_CHAIN_POLICY, TOKEL_POLICY, checkRelayPolicy, type RelayPolicy } from '../tx/policy.js'

/** How to make a wallet. Give `privateKey` (32 bytes, hex or WIF) or `signer`; `view` is the chain source. */
export type WalletOptions = {
  /** The key: 32 bytes, 64 hex digits, or WIF. Kept inside the wallet object only (drop the wallet to drop it). */
  privateKey?: Uint8Array | string
  /** Signs instead of a key (no dice entropy, no oracle baton without `batonSigner`). */
  signer?: Signer
  /** Signs oracle baton inputs when `signer` is given without a key. */
  batonSigner?: Signer
  /** Where chain state comes from and where transactions go: `createRpcView(rpc)`, `devnet.view`, … */
  view: ChainView
  /** Address parameters (default KMD). */
  chain?: ChainParams
  /** The builders' fee (default 10000 sat). */
  fee?: bigint
  /** Blocks until a transaction expires (default 200). */
  expiryDelta?: number
  /** Largest fee a call may pay, in satoshis (default 100000); a build above it is refused before broadcast. */
  maxFee?: bigint
  /** The state-changing methods (default: every module's, from the registry). */
  methods?: readonly MethodResolver[]
  /** The read methods (default: every module's `*info`, `tokenbalance` and `*address`, from the registry). */
  reads?: readonly WalletRead[]
  /**
   * Where each call's change goes, asked before the call with the wallet's view of the chain (its pending
   * transactions included): a 33-byte compressed public key whose P2PK output gets the change. Default: the wallet's
   * own key, as komodod's FinalizeCCTx sends change to `mypk`. `createHdWallet`'s `changeTo: 'next-unused'` sets it.
   */
  change?: (view: ChainView) => Promise<string | Uint8Array>
  /**
   * The relay policy of the node it broadcasts to (`relayPolicy('asset', { datacarriersize: 10001 })` for a node
   * started with `-datacarriersize=10001`). Every transaction is checked against it after it is built and before it
   * is broadcast or returned: a refusal is `TX_NONSTANDARD` naming the rule, the size and the node option that would
   * admit it. Default: the chain source's `relayPolicy` (the devnet's), else komodod's for an asset chain (208-byte
   * OP_RETURN scripts).
   */
  policy?: RelayPolicy
  /**
   * Keeps the pending set (what the wallet sent and the node does not show yet) in storage, e.g. a file:
   * `fileJournal('wallet-pending.json')` (Node). Loaded at the first call; written before each broadcast (the
   * transaction as uncertain), after it and whenever the set shrinks. A restarted wallet on the same storage never
   * spends those transactions' inputs again (src/wallet/pending-store.ts). Default: memory only.
   */
  pendingStore?: PendingStorage
  /**
   * Transactions verified by earlier calls, kept by txid (sound: a txid commits to the bytes, and only bytes hashed to
   * their txid enter), bounded in bytes: later calls read them from here instead of the chain source. Default: a
   * `new TxCache()` of this wallet's own (4 MiB); give one to share it (a publisher's, another wallet's on the same
   * source), or `new TxCache(0)` to keep none.
   */
  txCache?: TxCache
}

/**
 * Options of one wallet call (its last argument, after the daemon's parameters). `R`: the resolver's own options
 * (typed per method by {@link WalletCallOptionsOf}).
 */
export type WalletCallOptions<R = Record<string, unknown>> = {
  /** false: build and sign, do not broadcast (default true). */
  broadcast?: boolean
  /** false: the unsigned transaction with every input's sighash (implies no broadcast). */
  sign?: boolean
  /** Stops between look-ups and before broadcast (`ABORTED`). */
  signal?: AbortSignal
  /** The resolver's own options (e.g. faucetget's proof-of-work progress, oraclesdata's `mempool`). */
  resolve?: R
  /** Overrides the wallet's `maxFee` for this call (a bigint of satoshis). */
  maxFee?: bigint
}

/**
 * The type-level facts of one method's resolver entry: its parameter names, parameters, options and result.
 * @example type P = WalletMethodTypes<'tokentransfer'>['params']
 */
export type WalletMethodTypes<K extends WalletMethodName> = NonNullable<WalletMethodResolver<K>['__types']>

/**
 * The parameters of wallet method `K` as one object keyed by the daemon's names (what `call(K, params)` takes): the
 * resolver's own parameter type. Amounts are `AmountArg` (a string as komodo-cli reads it, or a bigint).
 * @example const p: WalletParams<'tokentransfer'> = { tokenid, destpubkey, amount: '250' }
 */
export type WalletParams<K extends WalletMethodName> = WalletMethodTypes<K>['params']

/**
 * The options of wallet method `K`: {@link WalletCallOptions} with its resolver's own options under `resolve`
 * (none for a method whose resolver takes none).
 * @example const o: WalletCallOptionsOf<'oraclesdata'> = { resolve: { mempool: true } }
 */
export type WalletCallOptionsOf<K extends WalletMethodName> = WalletCallOptions<
  unknown extends WalletMethodTypes<K>['options'] ? never : WalletMethodTypes<K>['options']
>

/**
 * Whether key `H` may be left out of `P` (`true` or `false`).
 * @example type O = IsOptionalParam<{ a?: string }, 'a'> // true
 */
export type IsOptionalParam<P, H extends PropertyKey> = H extends keyof P
  ? {} extends Pick<P, H>
    ? true
    : false
  : true

/**
 * The positional arguments of a method with parameter names `N` and parameter object `P`, then the call's options
 * `O`: the required ones in order, then any prefix of the optional ones, then optionally `O` (a plain object after
 * the last parameter given is the options, as at run time).
 * @example type A = WalletPositionalArgs<readonly ['a', 'b'], { a: string; b?: bigint }, { broadcast?: boolean }>
 */
export type WalletPositionalArgs<N extends readonly string[], P, O, Acc extends unknown[] = []> = N extends readonly [
  infer H extends string,
  ...infer T extends readonly string[],
]
  ? IsOptionalParam<P, H> extends true
    ? [...Acc, options?: O] | WalletPositionalArgs<T, P, O, [...Acc, H extends keyof P ? P[H] : never]>
    : WalletPositionalArgs<T, P, O, [...Acc, H extends keyof P ? P[H] : never]>
  : [...Acc, options?: O]

/**
 * Positional read arguments: required parameters in order, then any prefix of the optional ones.
 * @example type A = WalletReadArgs<readonly ['tokenid', 'pubkey'], { tokenid: string; pubkey?: string }>
 */
export type WalletReadArgs<N extends readonly string[], P, Acc extends unknown[] = []> = N extends readonly [
  infer H extends string,
  ...infer T extends readonly string[],
]
  ? IsOptionalParam<P, H> extends true
    ? Acc | WalletReadArgs<T, P, [...Acc, H extends keyof P ? P[H] : never]>
    : WalletReadArgs<T, P, [...Acc, H extends keyof P ? P[H] : never]>
  : Acc

/**
 * Read method `K`, typed: the daemon's parameters in its order, resolving to the daemon's answer for that RPC.
 * @example const info: WalletReadMethodOf<'oraclesinfo'> = wallet.oraclesinfo
 */
export type WalletReadMethodOf<K extends WalletReadName> = (
  ...args: WalletReadArgs<WalletReadNames<K>, WalletReadParams<K>>
) => Promise<WalletReadResult<K>>

/**
 * The positional arguments of wallet method `K`: the daemon's parameters in its order with the resolver's types, then
 * optionally the call's options. A wrong type, a missing required parameter or an extra one does not compile.
 * @example const a: WalletArgs<'tokentransfer'> = [tokenid, destpubkey, '250', { broadcast: false }]
 */
export type WalletArgs<K extends WalletMethodName> = WalletPositionalArgs<
  WalletMethodTypes<K>['names'],
  WalletParams<K>,
  WalletCallOptionsOf<K>
>

/** What a wallet call returns. */
export type WalletResult = {
  txid: string
  hex: string
  fee: bigint
  /** Whether the transaction was sent (false for `broadcast: false` or `sign: false`). */
  broadcast: boolean
  /** What the transaction does, read back from its bytes. */
  inspection: Inspection
  /** The builder's result: inputs with their sighashes, the parsed transaction. */
  build: BuildResult
}

/**
 * A wallet method: the daemon's parameters in its order, then optionally {@link WalletCallOptions}. Typed per method
 * by {@link WalletMethodOf}; this is the untyped form (a wallet made with its own `methods`).
 */
export type WalletMethod = (...args: unknown[]) => Promise<WalletResult>

/**
 * `Wallet.call` without its types, for a method named at run time (a CLI, a table-driven test): any name, any
 * parameter object; the wallet checks both (`ARG_INVALID`, the resolver's own checks).
 * @example await (wallet.call as WalletCallAny)(name, params)
 */
export type WalletCallAny = (
  method: string,
  params: Record<string, unknown>,
  options?: WalletCallOptions,
) => Promise<WalletResult>

/**
 * `Wallet.read` without its types, for a read named at run time: any name, any parameter object.
 * @example await (wallet.read as WalletReadAny)(name, params)
 */
export type WalletReadAny = (method: string, params?: Record<string, unknown>) => Promise<unknown>

/**
 * Wallet method `K`, typed from its resolver entry: its positional parameters ({@link WalletArgs}), its result.
 * @example const send: WalletMethodOf<'tokentransfer'> = wallet.tokentransfer
 */
export type WalletMethodOf<K extends WalletMethodName> = (...args: WalletArgs<K>) => Promise<WalletResult>

/**
 * The key-local wallet. `call(method, params)` runs any state-changing method by name with an object of the daemon's
 * parameter names; each method is also a function of the daemon's positional parameters (`wallet.tokentransfer(
 * tokenid, destpubkey, amount)`).
 */
export type Wallet = {
  /** The wallet's public key (hex), its `-pubkey`. */
  readonly pubkey: string
  /** Its normal address (P2PKH of the key). */
  readonly address: string
  /** The methods it runs, by daemon name, with their parameter names. */
  readonly methods: Readonly<Record<string, readonly string[]>>
  /** Runs a method with named parameters (the daemon's names; their types from the method's resolver). */
  call<K extends WalletMethodName>(
    method: K,
    params: WalletParams<K>,
    options?: WalletCallOptionsOf<K>,
  ): Promise<WalletResult>
  /**
   * Runs a read method (`tokenbalance`, `oraclesinfo`, …) with named parameters: computed here from the chain
   * source (and what the wallet sent), answered in the daemon's shape. Each read method is also a function of the
   * daemon's positional parameters (`wallet.tokenbalance(tokenid)`).
   */
  read<K extends WalletReadName>(method: K, params?: WalletReadParams<K>): Promise<WalletReadResult<K>>
  /** Transactions sent that the node does not show yet (consecutive calls spend around them). */
  pending(): PendingTx[]
  /** Sends a pending transaction again (the same bytes: idempotent); resolves to its txid. */
  rebroadcast(txid: string): Promise<string>
} & { readonly [M in WalletMethodName]: WalletMethodOf<M> } & { readonly [R in WalletReadName]: WalletReadMethodOf<R> }

/** A read method: the daemon's parameters in its order; resolves to the daemon's answer. */
export type WalletReadMethod = (...args: unknown[]) => Promise<unknown>

/**
 * The checks every wallet call makes on what it built, before anything is sent: read back from its bytes, it is the
 * method asked for, its change goes only to `changeAddress`, its fee is within `maxFee`, and the node's relay policy
 * admits it (src/tx/policy.ts: IsStandardTx). Returns the reading. The publisher's own builds pass the same checks.
 * @throws KomodoCcError SUBMIT_MISMATCH | TX_NONSTANDARD
 * @internal
 * @example const inspection = checkBuilt(build, { method: 'oraclesdata', chain, changeAddress, maxFee, policy, inspect })
 */
export function checkBuilt(
  build: BuildResult,
  o: {
    method: string
    chain: ChainParams
    changeAddress: string | string[]
    maxFee: bigint
    policy: RelayPolicy
    /** The inspector that reads the build back (the wallet's: every module's, or a module wallet's own). */
    inspect: WalletTables['inspect']
  },
): Inspection {
  const inspection = o.inspect(build, { chain: o.chain })
  // the submit checks: the method asked for, change only to the wallet, the fee within bound
  checkInspection(inspection, { method: o.method, changeAddress: o.changeAddress })
  checkFee(build.fee, o.maxFee)
  // what the node would refuse is refused here, before anything is sent
  checkRelayPolicy(build.tx, o.policy, { what: `${o.method}'s transaction` })
  return inspection
}

/** Broadcast failures that leave a transaction's fate unknown (it may have reached the node). */
const UNCERTAIN: ReadonlySet<string> = new Set(['RPC_TIMEOUT', 'RPC_HTTP', 'ABORTED'])

/**
 * Whether a broadcast failure leaves the transaction's fate unknown, over every source: a JSON-RPC timeout or a
 * broken HTTP exchange, an abort while sending, a transport that dropped after the request left
 * (`details.uncertain`: Electrum's `ELECTRUM_TRANSPORT` once the broadcast was written), or a reply naming another
 * txid (`CHAIN_MISMATCH` from a view's broadcast, `RPC_RESULT` from the wallet's own check): the node may have
 * relayed it, so the wallet keeps it pending and spends around it. A refusal by the node (`RPC_ERROR`,
 * `ELECTRUM_ERROR`) is certain: nothing pending.
 */
function broadcastUncertain(e: unknown): boolean {
  if (!(e instanceof KomodoCcError)) return true // a view that threw something else: assume it may have gone out
  return UNCERTAIN.has(e.code) || e.details.uncertain === true || e.code === 'CHAIN_MISMATCH' || e.code === 'RPC_RESULT'
}
const RESERVED: ReadonlySet<string> = new Set([
  'pubkey',
  'address',
  'methods',
  'call',
  'read',
  'pending',
  'rebroadcast',
])

function keyOf(k: Uint8Array | string, chain: ChainParams): Uint8Array {
  if (k instanceof Uint8Array) return k.slice()
  if (typeof k === 'string' && /^[0-9a-fA-F]{64}$/.test(k)) return hexToBytes(k, 'privateKey')
  if (typeof k === 'string') return decodeWif(k, chain).privateKey
  throw new KomodoCcError('PRIVKEY_INVALID', 'privateKey expected 32 bytes, 64 hex digits or a WIF')
}

/**
 * A key-local wallet over a chain source: every state-changing RPC of the six modules, the key never leaving the
 * process, nothing signed from state the source could not prove (each resolver checks txids and outputs), nothing
 * broadcast twice. Calls on one wallet run one at a time; outputs it spent or created stay known (`pending()`)
 * until the node shows them, so consecutive calls chain through the mempool.
 * @throws KomodoCcError ARG_INVALID | PRIVKEY_INVALID on bad options
 * @example
 * const wallet = createWallet({ privateKey: wif, view: createRpcView(rpc) })
 * const { txid } = await wallet.tokentransfer(tokenid, destpubkey, 100n) as WalletResult
 */
export function createWallet(options: WalletOptions): Wallet {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'createWallet expected an options object')
  return walletOver(options, {
    methods: options.methods ?? WALLET_METHODS,
    reads: options.reads ?? WALLET_READS,
    inspect: inspectBuild,
  }) as Wallet
}

/** What a wallet runs: its methods, its reads, and the inspector that reads back each build. @internal */
export type WalletTables = Readonly<{
  methods: readonly MethodResolver[]
  reads: readonly WalletRead[]
  inspect: (build: BuildResult, options: { chain: ChainParams }) => Inspection
}>

/**
 * The wallet over the tables given: `createWallet` passes every module's (the registry's), `createModuleWallet` the
 * modules it is made for, so that a bundle of it carries no other module.
 * @internal
 * @example walletOver(options, { methods: tokensResolvers, reads: [], inspect: inspectBuild })
 */
export function walletOver(options: WalletOptions, tables: WalletTables): Record<string, unknown> {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'createWallet expected an options object')
  const { view } = options
  if (typeof view !== 'object' || view === null || typeof view.getTransaction !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'createWallet: options.view expected a ChainView', { name: 'view' })
  if (options.change !== undefined && typeof options.change !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'createWallet: options.change expected a function', { name: 'change' })
  const chain = options.chain ?? KMD
  // satoshi options are bigints: a JS number (coins? satoshis?) is refused with both spellings
  if (options.fee !== undefined) satsOption(options.fee, 'fee')
  if (options.maxFee !== undefined) satsOption(options.maxFee, 'maxFee')
  const privateKey = options.privateKey === undefined ? undefined : keyOf(options.privateKey, chain)
  const signer = options.signer ?? (privateKey === undefined ? undefined : keySigner(privateKey))
  if (signer === undefined && ('mnemonic' in options || 'seed' in options))
    throw new KomodoCcError(
      'ARG_INVALID',
      'createWallet takes a key or signer; for a seed phrase use createHdWallet({ mnemonic, account, view })',
      { name: 'mnemonic' },
    )
  if (signer === undefined)
    throw new KomodoCcError('ARG_INVALID', 'createWallet needs privateKey or signer', { name: 'privateKey' })
  const batonSigner = options.batonSigner ?? (privateKey === undefined ? undefined : keySigner(batonKey(privateKey)))
  const pubkey = bytesToHex(signer.publicKey)
  // a Tokel chain's node relays CC v2 outputs and larger OP_RETURNs (Tokel's IsStandard: TOKEL_POLICY)
  const policy =
    options.policy ??
    view.relayPolicy ??
    (chain.name === 'TOKEL' || chain.name === 'TKLTEST' ? TOKEL_POLICY : ASSET_CHAIN_POLICY)
  if (typeof policy !== 'object' || policy === null || typeof policy.datacarriersize !== 'number')
    throw new KomodoCcError('ARG_INVALID', 'createWallet: options.policy expected a relay policy (relayPolicy())', {
      name: 'policy',
    })
  // a source that must learn which scripts an address stands for (Electrum: a key's P2PK outputs) learns the wallet's
  ;(view as { addPubkeys?: (keys: readonly string[]) => void }).addPubkeys?.([pubkey])
  const address = p2pkhAddress(signer.publicKey, chain)
  const { methods, reads } = tables
  const readByName = new Map(reads.map((r) => [r.method, r]))
  const byName = new Map(methods.map((m) => [m.method, m]))
  if (options.txCache !== undefined && !(options.txCache instanceof TxCache))
    throw new KomodoCcError('ARG_INVALID', 'createWallet: options.txCache expected a TxCache', { name: 'txCache' })
  const txCache = options.txCache ?? new TxCache()
  const pending = new PendingSet()
  /**
   * The listings read under the source's current tip state (`getTipState`: the tip's hash and the mempool's txids),
   * answered again while it is unchanged; dropped by anything this wallet sends and by any failed call.
   */
  let listings: { tip: string; view: ChainView } | undefined
  const source = async (): Promise<ChainView> => {
    if (typeof view.getTipState !== 'function') return view
    const tip = await view.getTipState()
    if (typeof tip !== 'string') return view
    if (listings?.tip !== tip) listings = { tip, view: memoListings(view) }
    return listings.view
  }
  const store = options.pendingStore === undefined ? undefined : bindPendingStore(options.pendingStore, pending)
  /** Reconciles with the node, saving the set when it shrank. */
  const reconcile = async (): Promise<void> => {
    await store?.load()
    const before = pending.list().length
    await pending.reconcile(view)
    if (store !== undefined && pending.list().length !== before) await store.save()
  }
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const run = queue.then(f, f)
    queue = run.catch(() => undefined)
    return run
  }

  const run = async (
    m: MethodResolver,
    params: Record<string, unknown>,
    o: WalletCallOptions,
  ): Promise<WalletResult> => {
    const sign = o.sign !== false
    await reconcile()
    const listed = await source()
    const changePubkey = options.change === undefined ? undefined : await options.change(pending.view(listed))
    const ctx: ResolveContext = {
      view: pending.view(listed),
      pubkey: signer.publicKey,
      ...(changePubkey === undefined ? {} : { changePubkey }),
      chain,
      ...(sign ? { signer } : {}),
      ...(sign && batonSigner !== undefined ? { batonSigner } : {}),
      ...(sign && privateKey !== undefined ? { privateKey } : {}),
      ...(options.fee !== undefined ? { fee: options.fee } : {}),
      ...(options.expiryDelta !== undefined ? { expiryDelta: options.expiryDelta } : {}),
      ...(o.signal !== undefined ? { signal: o.signal } : {}),
      txCache,
    }
    let build: BuildResult
    try {
      build = await m.resolve(params, ctx, o.resolve)
    } catch (e) {
      listings = undefined // a look-up that failed (or a lie caught) is asked again next time
      throw e
    }
    const changeAddress = changePubkey === undefined ? address : [address, p2pkhAddress(changePubkey, chain)]
    const inspection = checkBuilt(build, {
      method: m.method,
      chain,
      changeAddress,
      maxFee: o.maxFee ?? options.maxFee ?? DEFAULT_MAX_FEE,
      policy,
      inspect: tables.inspect,
    })
    const out = { txid: build.txid, hex: build.hex, fee: build.fee, inspection, build }
    if (!sign || o.broadcast === false) return { ...out, broadcast: false }
    if (o.signal?.aborted === true) throw new KomodoCcError('ABORTED', `${m.method} was aborted before broadcast`)
    listings = undefined // what this wallet sends changes what the listings answer
    if (store !== undefined) {
      // on storage before it can reach the node: a crash during the broadcast leaves it pending, not forgotten
      pending.add(build, true)
      await store.save()
    }
    try {
      const sent = await view.broadcast(build.hex)
      if (sent.toLowerCase() !== build.txid)
        throw new KomodoCcError('RPC_RESULT', `the node answered txid ${sent} for transaction ${build.txid}`, {
          txid: build.txid,
        })
    } catch (e) {
      if (broadcastUncertain(e)) pending.add(build, true)
      else if (store !== undefined) pending.delete(build.txid)
      await store?.save()
      throw e
    }
    pending.add(build, false)
    txCache.keepVerified(build.txid, build.hex) // its own bytes, its txid computed from them
    await store?.save()
    return { ...out, broadcast: true }
  }

  const call = (method: string, params: Record<string, unknown>, o: WalletCallOptions = {}): Promise<WalletResult> => {
    const m = byName.get(method)
    if (m === undefined)
      return Promise.reject(
        new KomodoCcError('ARG_INVALID', `the wallet has no method ${String(method)}`, { name: 'method' }),
      )
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      return Promise.reject(
        new KomodoCcError('ARG_INVALID', `${method} expected its parameters as an object`, { name: 'params' }),
      )
    if (typeof o !== 'object' || o === null)
      return Promise.reject(new KomodoCcError('ARG_INVALID', `${method} options expected an object`))
    try {
      if (o.maxFee !== undefined) satsOption(o.maxFee, 'maxFee')
    } catch (e) {
      return Promise.reject(e)
    }
    return serial(() => run(m, params, o))
  }

  const read = (method: string, params: Record<string, unknown> = {}): Promise<unknown> => {
    const r = readByName.get(method)
    if (r === undefined)
      return Promise.reject(
        new KomodoCcError('ARG_INVALID', `the wallet has no read method ${String(method)}`, { name: 'method' }),
      )
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      return Promise.reject(
        new KomodoCcError('ARG_INVALID', `${method} expected its parameters as an object`, { name: 'params' }),
      )
    return serial(async () => {
      await reconcile()
      const got = await source()
      try {
        return await r.read(new StateReader(pending.view(got), undefined, txCache), params, { pubkey, chain })
      } catch (e) {
        listings = undefined
        throw e
      }
    })
  }

  const wallet: Record<string, unknown> = {
    pubkey,
    address,
    methods: Object.freeze(Object.fromEntries(methods.map((m) => [m.method, m.params]))),
    call,
    read,
    pending: () => pending.list(),
    rebroadcast: (txid: string) =>
      serial(async () => {
        const p = pending.list().find((x) => x.txid === String(txid).toLowerCase())
        if (p === undefined)
          throw new KomodoCcError('ARG_INVALID', `no pending transaction ${String(txid)}`, { name: 'txid' })
        listings = undefined
        const sent = await view.broadcast(p.hex)
        pending.add(p.result, false)
        await store?.save()
        return sent
      }),
  }
  for (const m of methods) {
    if (RESERVED.has(m.method)) throw new KomodoCcError('ARG_INVALID', `method name ${m.method} is reserved`)
    wallet[m.method] = (...args: unknown[]): Promise<WalletResult> => {
      // no daemon parameter is a plain object: a trailing one is the call's options
      let o: WalletCallOptions = {}
      const last = args[args.length - 1]
      if (typeof last === 'object' && last !== null && Object.getPrototypeOf(last) === Object.prototype)
        o = args.pop() as WalletCallOptions
      if (args.length > m.params.length)
        return Promise.reject(
          new KomodoCcError(
            'ARG_INVALID',
            `${m.method} takes ${m.params.length} parameters (${m.params.join(', ')}), got ${args.length}`,
          ),
        )
      const params: Record<string, unknown> = {}
      m.params.forEach((name, i) => {
        if (args[i] !== undefined) params[name] = args[i]
      })
      return call(m.method, params, o)
    }
  }
  for (const r of reads) {
    if (RESERVED.has(r.method) || r.method in wallet)
      throw new KomodoCcError('ARG_INVALID', `method name ${r.method} is taken`)
    wallet[r.method] = (...args: unknown[]): Promise<unknown> => {
      if (args.length > r.params.length)
        return Promise.reject(
          new KomodoCcError('ARG_INVALID', `${r.method} takes ${r.params.length} parameters, got ${args.length}`),
        )
      const params: Record<string, unknown> = {}
      r.params.forEach((name, i) => {
        if (args[i] !== undefined) params[name] = args[i]
      })
      return read(r.method, params)
    }
  }
  return Object.freeze(wallet)
}
