// The key-local wallet over one key of an HD account (BIP44 m/44'/141'/account'/change/index): createWallet with the
// derived key, plus the account's discovery and, when asked, change to the account's next unused change address. Its
// own file so that createWallet's bundle carries no BIP39/BIP32 code (test/module-bundles.test.ts).
import { KomodoCcError } from '../errors.js'
import { komodoHdPath, hdKeyFromMnemonic, hdKeyFromSeed, type HdKey } from '../keys/hd.js'
import type { ChainView } from '../cctx/types.js'
import { createWallet, type Wallet, type WalletOptions } from './wallet.js'
import { DEFAULT_GAP_LIMIT, discoverAccount, nextUnusedKey, type AccountDiscovery } from './discover.js'

/** How to make an HD wallet: a seed phrase (or seed), the account, which key signs, where change goes. */
export type HdWalletOptions = Omit<WalletOptions, 'privateKey' | 'signer' | 'batonSigner' | 'change'> &
  ({ mnemonic: string; passphrase?: string; seed?: undefined } | { seed: Uint8Array; mnemonic?: undefined }) & {
    /** The account (hardened level 3 of the path; default 0). */
    account?: number
    /** The chain of the signing key: 0 receive (default), 1 change (to spend coins an HD wallet sent there). */
    change?: 0 | 1
    /** The signing key's index on that chain (default 0: `m/44'/141'/account'/0/0`, the Komodo DeFi Framework's first address). */
    index?: number
    /**
     * Where change goes. `'key'` (default): to the signing key, exactly as komodod's builders do (P2PK to `mypk`).
     * `'next-unused'`: to the account's next unused change address (m/…/1/i, found over the view with the gap limit
     * before each call), so that change does not link a wallet's transactions. Coins sent there are spent by the HD
     * wallet whose key they are (`change: 1, index: i`): one wallet signs with one key.
     */
    changeTo?: 'key' | 'next-unused'
    /** BIP44's gap limit for discovery and the next unused change address (default 20). */
    gapLimit?: number
  }

/** A key-local wallet over one key of an HD account. */
export type HdWallet = Wallet & {
  /** The signing key's BIP32 path. */
  readonly path: string
  /** The account number. */
  readonly account: number
  /** The account's public extended key (`xpub…`, the watch-only key of the whole account). */
  readonly xpub: string
  /** The account's used addresses with their coins and token balances ({@link discoverAccount}). */
  discover(options?: { gapLimit?: number; tokens?: boolean; signal?: AbortSignal }): Promise<AccountDiscovery>
}

/**
 * A key-local wallet ({@link createWallet}) whose key is derived from a BIP39 seed phrase along Komodo's BIP44 path
 * `m/44'/141'/account'/change/index` (default the first receive key), with the account's discovery, and change to its
 * signing key (as the daemon) or, with `changeTo: 'next-unused'`, to the account's next unused change address.
 * @throws KomodoCcError ARG_INVALID | MNEMONIC_INVALID | MNEMONIC_CHECKSUM | HD_PATH_RANGE | PASSPHRASE_INVALID, and createWallet's
 * @example
 * const wallet = createHdWallet({ mnemonic, account: 0, view: createRpcView(rpc), changeTo: 'next-unused' })
 * await wallet.tokencreate('GOLD', '0.001', 'gold')
 */
export function createHdWallet(options: HdWalletOptions): HdWallet {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'createHdWallet expected an options object')
  const {
    mnemonic,
    seed,
    passphrase,
    account = 0,
    change = 0,
    index = 0,
    changeTo = 'key',
    gapLimit,
    ...rest
  } = options as HdWalletOptions & { mnemonic?: string; seed?: Uint8Array; passphrase?: string }
  if (changeTo !== 'key' && changeTo !== 'next-unused')
    throw new KomodoCcError('ARG_INVALID', `changeTo expected 'key' or 'next-unused', got ${String(changeTo)}`, {
      name: 'changeTo',
    })
  const path = komodoHdPath({ account, change, index })
  let root: HdKey
  if (mnemonic !== undefined && seed !== undefined)
    throw new KomodoCcError('ARG_INVALID', 'give mnemonic or seed, not both', { name: 'mnemonic' })
  else if (mnemonic !== undefined) root = hdKeyFromMnemonic(mnemonic, passphrase === undefined ? {} : { passphrase })
  else if (seed !== undefined) root = hdKeyFromSeed(seed)
  else throw new KomodoCcError('ARG_INVALID', 'createHdWallet needs mnemonic or seed', { name: 'mnemonic' })
  const accountKey = root.derive(path.split('/').slice(0, 4).join('/'))
  const chain = rest.chain
  const limit = gapLimit ?? DEFAULT_GAP_LIMIT
  // the wallet asks with its pending view; a source that learns keys (Electrum: a key's P2PK outputs, where the
  // change goes) must learn the change keys itself, or a confirmed change output stays invisible and its key is reused
  const base = rest.view as ChainView & { addPubkeys?: (keys: readonly Uint8Array[]) => void }
  const nextChange = async (view: ChainView) => {
    const asked = typeof base.addPubkeys === 'function' ? { ...view, addPubkeys: base.addPubkeys.bind(base) } : view
    return (await nextUnusedKey(accountKey, 1, asked, { gapLimit: limit, ...(chain === undefined ? {} : { chain }) }))
      .pubkey
  }
  const wallet = createWallet({
    ...rest,
    privateKey: accountKey.derive(`${change}/${index}`).privateKey!,
    ...(changeTo === 'next-unused' ? { change: nextChange } : {}),
  })
  const xpub = accountKey.xpub
  const watch = accountKey.publicOnly()
  return Object.freeze({
    ...wallet,
    path,
    account,
    xpub,
    discover: (o: { gapLimit?: number; tokens?: boolean; signal?: AbortSignal } = {}) =>
      discoverAccount({
        accountKey: watch,
        view: rest.view,
        gapLimit: o.gapLimit ?? limit,
        ...(o.tokens === undefined ? {} : { tokens: o.tokens }),
        ...(o.signal === undefined ? {} : { signal: o.signal }),
        ...(chain === undefined ? {} : { chain }),
      }).then((d) => ({ ...d, account, receive: d.receive.map(fullPath), change: d.change.map(fullPath) })),
  }) as HdWallet

  function fullPath<T extends { path: string }>(a: T): T {
    return { ...a, path: a.path.replace(/^M/, path.split('/').slice(0, 4).join('/')) }
  }
}
