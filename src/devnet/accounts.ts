// The devnet's funded test accounts, as a local EVM chain has them: keys from one public BIP39 phrase at Komodo's
// BIP44 path (m/44'/141'/0'/0/i), funded at start by one transaction from the devnet's wallet and mined into block 1.
// The phrase is public: these keys are for the devnet and tests only, never for real coins.
import { decodeAddress } from '../address/address.js'
import { p2pkhScript } from '../script/script.js'
import { hdKeyFromMnemonic, komodoHdPath } from '../keys/hd.js'
import { describeKey } from '../keys/key.js'
import type { DevnetNode } from './node.js'
import { walletSend } from './rpc.js'

/**
 * The seed phrase of the devnet's test accounts: the BIP39 phrase local EVM chains use for theirs (valid checksum,
 * widely known). Anyone can spend what its keys hold on a real chain.
 */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'

/** Most test accounts a devnet funds (one funding transaction with this many outputs, about 3.5 KB). */
export const DEVNET_MAX_ACCOUNTS = 100

/** One funded test account of the devnet (`startDevnet({ accounts })`, `komodo-cc devnet --accounts N`). */
export type DevnetAccount = {
  /** Its index `i` in `m/44'/141'/0'/0/i`. */
  index: number
  /** Its BIP32 path. */
  path: string
  /** The private key, 64 hex digits. A test key from a public phrase. */
  privateKey: string
  /** The private key as WIF (`komodo-cc wallet --wif-env`, `importprivkey`). */
  wif: string
  /** The compressed public key (hex). */
  pubkey: string
  /** Its P2PKH address, which the funding paid. */
  address: string
  /** What the address holds at start, in satoshis (confirmed, in block 1 of a fresh devnet). */
  balance: bigint
}

/**
 * The first `count` test-account keys of `mnemonic` (default {@link DEVNET_MNEMONIC}), without balances.
 * @example devnetAccountKeys(1)[0].path // "m/44'/141'/0'/0/0"
 */
export function devnetAccountKeys(count: number, mnemonic = DEVNET_MNEMONIC): Omit<DevnetAccount, 'balance'>[] {
  if (count === 0) return []
  const root = hdKeyFromMnemonic(mnemonic) // one PBKDF2 run for all of them
  return Array.from({ length: count }, (_, index) => {
    const path = komodoHdPath({ index })
    const d = describeKey(root.derive(path).privateKey!, { modules: [] })
    return { index, path, privateKey: d.privateKey, wif: d.wif, pubkey: d.pubkey, address: d.address }
  })
}

/**
 * Pays `balance` satoshis to each account's address in one transaction of the devnet's wallet; returns its txid
 * (the caller mines it).
 * @example fundDevnetAccounts(node, devnetAccountKeys(10), 1000_00000000n)
 */
export function fundDevnetAccounts(
  node: DevnetNode,
  accounts: readonly Omit<DevnetAccount, 'balance'>[],
  balance: bigint,
): string {
  return walletSend(
    node,
    accounts.map((a) => ({ value: balance, script: p2pkhScript(decodeAddress(a.address).hash) })),
  )
}

/** What each account's address holds now on `node`'s chain, confirmed and in the mempool (a restarted devnet). */
export function devnetAccountBalances(
  node: DevnetNode,
  accounts: readonly Omit<DevnetAccount, 'balance'>[],
): DevnetAccount[] {
  return accounts.map((a) => {
    const confirmed = node.chain.addressCoins(a.address).filter((c) => !node.chain.spentInMempool(c.txid, c.vout))
    const coins = [...confirmed, ...node.chain.mempoolAddressCoins(a.address)]
    return { ...a, balance: coins.reduce((s, c) => s + c.value, 0n) }
  })
}
