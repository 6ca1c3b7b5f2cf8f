// Address discovery for an HD account (BIP44's account discovery): walk the receive and change chains of
// m/44'/141'/account' until `gapLimit` addresses in a row are unused, over any chain source, and report the used
// addresses with their coins and token balances. Only public keys are needed: an account xpub is enough.
import { KomodoCcError } from '../errors.js'
import { bytesToHex } from '../bytes/hex.js'
import { p2pkhAddress } from '../address/address.js'
import { KMD, type ChainParams } from '../address/chain.js'
import { ccAddress } from '../cc/address.js'
import { EVAL } from '../cc/eval.js'
import { HdKey, hdKeyFromExtended, hdKeyFromMnemonic, hdKeyFromSeed, komodoHdPath } from '../keys/hd.js'
import { normalCoins, StateReader } from '../cctx/resolve.js'
import type { ChainView } from '../cctx/types.js'
import { tokenHoldings } from '../modules/tokens/inputs.js'

/** BIP44's gap limit: a wallet stops looking after this many unused addresses in a row. @example DEFAULT_GAP_LIMIT // 20 */
export const DEFAULT_GAP_LIMIT = 20

/** Which account to walk: its key (an `HdKey` at m/44'/141'/account', or its xpub), or a seed phrase or seed and the account number. */
export type HdAccountSource =
  | { accountKey: HdKey | string }
  | { mnemonic: string; passphrase?: string; account?: number }
  | { seed: Uint8Array; account?: number }

/** Options of {@link discoverAccount}. */
export type DiscoverOptions = HdAccountSource & {
  /** The chain source. */
  view: ChainView
  /** Unused addresses in a row that end a chain's walk (default 20). */
  gapLimit?: number
  /** Address parameters (default KMD). */
  chain?: ChainParams
  /** false: skip the token balances (one look-up fewer per used address). Default true. */
  tokens?: boolean
  /** Stops between look-ups (`ABORTED`). */
  signal?: AbortSignal
}

/** One used address of an account. */
export type DiscoveredAddress = {
  /** Its BIP32 path, `m/44'/141'/account'/change/index` (or `M/…/change/index` below a given account key). */
  path: string
  change: 0 | 1
  index: number
  /** The compressed public key (hex). */
  pubkey: string
  /** The P2PKH address (it also holds the key's P2PK outputs, as komodod's address index files them). */
  address: string
  /** Spendable coins in satoshis: confirmed outputs not spent in the mempool, plus the mempool's outputs to it. */
  coins: bigint
  /** How many unspent outputs make `coins`. */
  utxos: number
  /** Fungible token balances on the key's token address, by tokenid (units). */
  tokens: Record<string, bigint>
}

/** What an account holds. */
export type AccountDiscovery = {
  /** The account number, when known (not for a bare account key). */
  account: number | null
  /** The account's public extended key. */
  xpub: string
  /** Used receive (external, change 0) addresses, by index. */
  receive: DiscoveredAddress[]
  /** Used change (internal, change 1) addresses, by index. */
  change: DiscoveredAddress[]
  /** The first unused index after the last used one, per chain: where the next address goes. */
  nextIndex: { receive: number; change: number }
  /** Coins of every used address, in satoshis. */
  coins: bigint
  /** Token balances of every used address, summed by tokenid. */
  tokens: Record<string, bigint>
}

/** The account key and number a {@link HdAccountSource} names. */
function accountOf(source: HdAccountSource): { key: HdKey; account: number | null } {
  if ('accountKey' in source && source.accountKey !== undefined) {
    const key = typeof source.accountKey === 'string' ? hdKeyFromExtended(source.accountKey) : source.accountKey
    if (!(key instanceof HdKey)) throw new KomodoCcError('ARG_INVALID', 'accountKey expected an HdKey or an xpub')
    return { key, account: null }
  }
  const account = (source as { account?: number }).account ?? 0
  const path = komodoHdPath({ account }).split('/').slice(0, 4).join('/')
  if ('mnemonic' in source && source.mnemonic !== undefined) {
    const root = hdKeyFromMnemonic(
      source.mnemonic,
      source.passphrase === undefined ? {} : { passphrase: source.passphrase },
    )
    return { key: root.derive(path), account }
  }
  if ('seed' in source && source.seed !== undefined) return { key: hdKeyFromSeed(source.seed).derive(path), account }
  throw new KomodoCcError('ARG_INVALID', 'give accountKey, mnemonic or seed', { name: 'accountKey' })
}

/** Whether a key was ever used: its address or its token address has a confirmed transaction or a mempool one. */
async function isUsed(view: ChainView, pubkey: Uint8Array, chain: ChainParams): Promise<boolean> {
  for (const address of [p2pkhAddress(pubkey, chain), ccAddress(EVAL.TOKENS, pubkey, chain)]) {
    const [history, mempool] = await Promise.all([view.getAddressHistory(address), view.getAddressMempool(address)])
    if (history.length > 0 || mempool.outputs.length > 0 || mempool.spends.length > 0) return true
  }
  return false
}

/**
 * BIP44's walk of one chain: keys from index 0, `gapLimit` at a time (one window of look-ups in flight), until
 * `gapLimit` keys in a row after the last used one are unused. Returns the used keys and the first index past the last used one.
 */
async function scanChain(
  branch: HdKey,
  view: ChainView,
  gapLimit: number,
  chain: ChainParams,
  check: () => void,
): Promise<{ used: { index: number; pubkey: Uint8Array }[]; next: number }> {
  const used: { index: number; pubkey: Uint8Array }[] = []
  let next = 0
  for (let start = 0; start < next + gapLimit; start += gapLimit) {
    check()
    const window = Array.from({ length: gapLimit }, (_, i) => ({
      index: start + i,
      pubkey: branch.child(start + i).publicKey,
    }))
    // a source that must learn which scripts an address stands for (Electrum: a key's P2PK outputs, where komodod's
    // builders send change) learns each key before it is asked about
    ;(view as { addPubkeys?: (keys: readonly Uint8Array[]) => void }).addPubkeys?.(window.map((k) => k.pubkey))
    const flags = await Promise.all(window.map((k) => isUsed(view, k.pubkey, chain)))
    // in index order: a used key restarts the gap; gapLimit unused in a row end the walk (what the window looked at
    // past that point is not counted, so the result does not depend on the window)
    for (let i = 0; i < window.length; i++) {
      if (window[i]!.index >= next + gapLimit) return { used, next }
      if (!flags[i]) continue
      used.push(window[i]!)
      next = window[i]!.index + 1
    }
  }
  return { used, next }
}

/**
 * Finds an HD account's used addresses over any chain source, as BIP44 wallets do: on the receive chain (0) and the
 * change chain (1) of m/44'/141'/account', derive keys from index 0 and stop after `gapLimit` (20) unused keys in a
 * row. A key is used when its address or its token address (CC1(0xf2, pubkey)) has a transaction, confirmed or in the
 * mempool. For each used address: spendable coins and fungible token balances, computed from state the reader checks
 * (txids hash right, outputs pay the address). Needs only public keys: an account xpub is enough (a watch-only wallet).
 * @throws KomodoCcError ARG_INVALID | INT_RANGE (gapLimit) | HD_KEY_INVALID | MNEMONIC_INVALID | MNEMONIC_CHECKSUM |
 *   CHAIN_MISMATCH | ABORTED, and the view's errors
 * @example
 * const found = await discoverAccount({ mnemonic, account: 0, view: createRpcView(rpc) })
 * found.receive.map((a) => [a.address, a.coins]) // [['R…', 100000000n]]
 */
export async function discoverAccount(options: DiscoverOptions): Promise<AccountDiscovery> {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'discoverAccount expected an options object')
  const { view, signal } = options
  if (typeof view !== 'object' || view === null || typeof view.getAddressHistory !== 'function')
    throw new KomodoCcError('ARG_INVALID', 'discoverAccount: options.view expected a ChainView', { name: 'view' })
  const gapLimit = options.gapLimit ?? DEFAULT_GAP_LIMIT
  if (!Number.isInteger(gapLimit) || gapLimit < 1 || gapLimit > 1000)
    throw new KomodoCcError('INT_RANGE', `gapLimit expected an integer 1..1000, got ${String(gapLimit)}`, {
      name: 'gapLimit',
    })
  const chain = options.chain ?? KMD
  const { key, account } = accountOf(options)
  const prefix = account === null ? 'M' : komodoHdPath({ account }).split('/').slice(0, 4).join('/')
  const reader = new StateReader(view)
  const check = () => {
    if (signal?.aborted === true) throw new KomodoCcError('ABORTED', 'account discovery was aborted')
  }

  const walk = async (change: 0 | 1): Promise<{ used: DiscoveredAddress[]; next: number }> => {
    const scan = await scanChain(key.child(change), view, gapLimit, chain, check)
    const used: DiscoveredAddress[] = []
    for (const { index, pubkey } of scan.used) {
      check()
      const coins = await normalCoins(reader, pubkey, { chain })
      const tokens = options.tokens === false ? {} : await tokenHoldings(reader, pubkey, { chain })
      used.push({
        path: `${prefix}/${change}/${index}`,
        change,
        index,
        pubkey: bytesToHex(pubkey),
        address: p2pkhAddress(pubkey, chain),
        coins: coins.reduce((s, u) => s + u.satoshis, 0n),
        utxos: coins.length,
        tokens,
      })
    }
    return { used, next: scan.next }
  }

  const receive = await walk(0)
  const change = await walk(1)
  const all = [...receive.used, ...change.used]
  const tokens: Record<string, bigint> = {}
  for (const a of all) for (const [id, units] of Object.entries(a.tokens)) tokens[id] = (tokens[id] ?? 0n) + units
  return {
    account,
    xpub: key.xpub,
    receive: receive.used,
    change: change.used,
    nextIndex: { receive: receive.next, change: change.next },
    coins: all.reduce((s, a) => s + a.coins, 0n),
    tokens: Object.fromEntries(Object.entries(tokens).sort(([a], [b]) => (a < b ? -1 : 1))),
  }
}

/**
 * The account's next unused key on one chain: the first index past the last used one (BIP44's "next address"), as
 * {@link discoverAccount} finds it. Used by the HD wallet to send change to a fresh change address.
 * @throws KomodoCcError as {@link discoverAccount}
 * @example const { index, pubkey } = await nextUnusedKey(accountKey, 1, view)
 */
export async function nextUnusedKey(
  accountKey: HdKey,
  change: 0 | 1,
  view: ChainView,
  options: { gapLimit?: number; chain?: ChainParams } = {},
): Promise<{ index: number; pubkey: Uint8Array }> {
  const gapLimit = options.gapLimit ?? DEFAULT_GAP_LIMIT
  const chain = options.chain ?? KMD
  const branch = accountKey.child(change)
  const { next } = await scanChain(branch, view, gapLimit, chain, () => undefined)
  return { index: next, pubkey: branch.child(next).publicKey }
}
