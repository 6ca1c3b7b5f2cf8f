// What a module folder gives the devnet (layer 8; names no module): `src/modules/<m>/devnet.ts` exports one
// `ModuleDevnet`, `src/modules/<m>/demo.ts` (when the module has a step in `komodo-cc demo`) one `ModuleDemo`, and
// `src/modules/registry/io.ts` lists them for the devnet's RPC table, its validator map and the demo.
import type { Method } from './node.js'
import type { ModuleValidator } from './validate.js'
import type { KomodoRpc } from '../rpc/client.js'
import type { ChainView, Utxo } from '../cctx/types.js'
import type { Wallet, WalletResult } from '../wallet/wallet.js'

/**
 * A module's devnet part: its consensus validator with the eval codes it answers for, and its daemon-style RPCs.
 * The `<module>address` RPC is not among `methods`: the devnet serves it for every module from the module's
 * descriptor (`moduleAddressMethod`), under the name `addressRpc`.
 * @example const d: ModuleDevnet = { addressRpc: '<module>address', evalCodes: [descriptor.evalCode], validate, methods: { '<module>info': info } }
 */
export type ModuleDevnet = Readonly<{
  /** The name of the module's `<module>address` RPC, as the daemon spells it (its prefix is not always the module's name). */
  addressRpc: string
  /** Eval codes whose CC inputs `validate` checks (komodod: the module's `EVAL_*` code). */
  evalCodes: readonly number[]
  /** The module's consensus rules (`<Module>Validate`): throws a DevnetRefusal to refuse. */
  validate: ModuleValidator
  /** The module's RPCs served by the devnet wallet, by daemon name. */
  methods: Readonly<Record<string, Method>>
}>

/** Where the demo prints (structurally the CLI's `CliIo`). */
export type DemoIo = {
  /** Writes `text` as given (it carries its own newlines): the steps and the summary table. */
  stdout: (text: string) => void
  /** Writes `text` as given: notes while waiting for confirmations, and failures. */
  stderr: (text: string) => void
  isTty?: boolean
}

/**
 * What the demo hands a module's flow: the daemon (or devnet) and its wallet, and the demo's printing, sending and
 * confirming, so that every flow prints its steps in one table and the demo waits for all of them alike.
 * @example const txid = await ctx.submit(step, hex, note); await ctx.confirm()
 */
export type DemoContext = Readonly<{
  io: DemoIo
  rpc: KomodoRpc
  /** The wallet's pubkey (the daemon's `-pubkey`), hex. */
  pubkey: string
  /** The wallet's private key, when known (for the offline builds; a flow skips them without it). */
  privateKey?: Uint8Array
  /** Whether each transaction is printed decoded by the inspector. */
  verbose: boolean
  /** Prints one line: the step name padded to a column, then the text. */
  line: (step: string, text: string) => void
  /** Sends a transaction, prints its line and adds it to the summary table; `format` is the oracle format to print a sample with. */
  submit: (step: string, hex: string, note: string, format?: string) => Promise<string>
  /** Sends a transaction without a line or a row (it is still confirmed with the others). */
  send: (hex: string) => Promise<string>
  /** Waits until every transaction sent so far is confirmed (the devnet mines; a daemon is polled). */
  confirm: () => Promise<void>
  /** Prints a submission the daemon refused, as expected, and counts it in the summary; returns the daemon's message. */
  refused: (step: string, error: unknown) => string
  /** The wallet's confirmed coins. */
  walletUtxos: () => Promise<Utxo[]>
  /** Moves the chain's clock forward (devnet only). */
  advanceTime?: (seconds: number) => void
}>

/** What a module's flow reports: whether every step behaved, and a note for the summary's last line. */
export type DemoResult = Readonly<{ ok: boolean; note?: string }>

/**
 * A module's step of `komodo-cc demo` (and of `runDemoFlows`): its flow, its own options (which join the demo's
 * options, `DevnetDemoOptions`), what `--quick` sets and skips, and what it skips without a movable clock.
 * @example const d: ModuleDemo<{ slow?: boolean }> = { run: async (ctx, o) => ({ ok: true }), quick: { options: { slow: false }, skips: 'the slow step' } }
 */
export type ModuleDemo<O extends object = object> = Readonly<{
  run(ctx: DemoContext, options: O): Promise<DemoResult>
  /** The module's flow through the key-local wallet (keys in the demo's process, state found through the node). */
  wallet?: (ctx: WalletDemoContext, options: O) => Promise<DemoResult>
  /** The options `--quick` passes, and what they skip (for the help text). */
  quick?: Readonly<{ options: O; skips: string }>
  /** What the flow skips when the daemon's clock cannot be moved (for the help text). */
  withoutClock?: string
}>

/**
 * What the demo hands a module's wallet flow: the demo's context plus a key-local wallet over the node (a key only
 * the demo's process holds, funded by the node's wallet), the chain source it reads, and `sent` to print a wallet
 * call's transaction in the demo's table (the wallet broadcast it already).
 * @example const r = await (ctx.wallet.tokencreate as WalletMethod)('TOK', '0.00001'); ctx.sent('tokencreate', r, 'note')
 */
export type WalletDemoContext = DemoContext &
  Readonly<{
    wallet: Wallet
    view: ChainView
    sent: (step: string, result: WalletResult, note: string, format?: string) => string
  }>
