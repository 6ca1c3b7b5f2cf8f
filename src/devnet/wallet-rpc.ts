// The RPCs a komodod user reaches for first, shaped as komodod prints them: getbalance, getnewaddress and
// validateaddress (src/wallet/rpcwallet.cpp, src/rpc/misc.cpp), getblockchaininfo and getmempoolinfo
// (src/rpc/blockchain.cpp). The devnet has one wallet key: getnewaddress answers that key's address every time.
import { bytesToHex } from '../bytes/hex.js'
import { decodeAddress, p2pkhAddress } from '../address/address.js'
import { hash160, sha256 } from '../hash/index.js'
import { p2pkScript, p2pkhScript } from '../script/script.js'
import { coinbaseMatureAt } from '../cctx/resolve.js'
import { coins, type DevnetNode, type Method } from './node.js'
import { DevnetRefusal, RPC_CODES } from './refusal.js'

/** Branch ids of the upgrades komodod lists (src/consensus/upgrades.cpp `NetworkUpgradeInfo`), active from height 1. */
const UPGRADES = /* @__PURE__ */ Object.freeze([
  { id: '5ba81b19', name: 'Overwinter', info: 'See https://z.cash/upgrade/overwinter.html for details.' },
  { id: '76b809bb', name: 'Sapling', info: 'See https://z.cash/upgrade/sapling.html for details.' },
] as const)

/** Main-network majority window and thresholds (src/chainparams.cpp, used by every asset chain). */
const MAJORITY = /* @__PURE__ */ Object.freeze({ window: 4000, enforce: 750, reject: 950 })

/**
 * The wallet's balance as `CWallet::GetBalance` (src/wallet/wallet.cpp) counts it: unspent outputs of trusted
 * transactions — confirmed ones, and mempool ones whose every input was the wallet's (`CWalletTx::IsTrusted`) —
 * less what the mempool spends. An immature coinbase is not counted (`GetAvailableCredit`): the devnet's wallet waits
 * `walletCoinbaseMaturity` blocks, as its `walletUtxos` does.
 */
function walletBalance(n: DevnetNode): bigint {
  let total = 0n
  for (const u of n.chain.walletUtxos(n.wallet.pubkey)) {
    const e = n.chain.txs.get(u.txid)
    if (e === undefined) continue
    if (e.height < 0 && !e.tx.vin.every((i) => isWalletOutput(n, i.txid, i.vout))) continue
    total += u.satoshis
  }
  return total
}

/**
 * `getbalance "*" minconf`: komodod sums what each wallet transaction received at depth ≥ minconf and subtracts what
 * every wallet transaction sent and paid in fees at any depth (src/wallet/rpcwallet.cpp `getbalance`). For a wallet
 * whose every coin is its own key's, that is the confirmed coins at depth ≥ minconf (spent or not in the mempool)
 * less, for each mempool transaction spending them, its wallet inputs minus its outputs back to the wallet.
 */
function starBalance(n: DevnetNode, minconf: number): bigint {
  const address = p2pkhAddress(n.wallet.pubkey)
  let total = 0n
  for (const c of n.chain.addressCoins(address)) {
    if (!isWalletScript(n, c.script)) continue
    // `GetBlocksToMaturity() > 0` is skipped; the devnet's wallet waits walletCoinbaseMaturity, as its walletUtxos
    if (c.coinbase && !coinbaseMatureAt(c.height, n.chain.height, n.chain.walletCoinbaseMaturity)) continue
    if (n.chain.height - c.height + 1 >= minconf) total += c.value
  }
  for (const id of n.chain.mempool) {
    const e = n.chain.txs.get(id)!
    let spent = 0n
    for (const i of e.tx.vin) if (isWalletOutput(n, i.txid, i.vout)) spent += n.chain.output(i.txid, i.vout)!.value
    if (spent === 0n) {
      // received only: a mempool payment to the wallet is not counted below minconf ≥ 1
      if (minconf <= 0) for (const o of e.tx.vout) if (isWalletScript(n, o.script)) total += o.value
      continue
    }
    let back = 0n
    for (const o of e.tx.vout) if (isWalletScript(n, o.script)) back += o.value
    total -= spent - back
  }
  return total
}

function isWalletScript(n: DevnetNode, script: Uint8Array): boolean {
  const s = bytesToHex(script)
  return s === bytesToHex(p2pkScript(n.wallet.pubkey)) || s === bytesToHex(p2pkhScript(hash160(n.wallet.pubkey)))
}

function isWalletOutput(n: DevnetNode, txid: string, vout: number): boolean {
  const o = n.chain.output(txid, vout)
  return o !== undefined && isWalletScript(n, o.script)
}

/** `komodo_segid32(address) & 0x3f` (src/komodo_bitcoind.cpp): the low bits of sha256 of the address text. */
function segid(address: string): number {
  return sha256(new TextEncoder().encode(address))[0]! & 0x3f
}

function majority(n: DevnetNode, version: number, required: number): Record<string, unknown> {
  // every devnet block is version 4 (devnetBlockHeader): all of the window's blocks count
  const found = Math.min(MAJORITY.window, n.chain.height + 1) * (version <= 4 ? 1 : 0)
  return { status: found >= required, found, required, window: MAJORITY.window }
}

/** The devnet's wallet and chain-info RPCs. @internal */
export function walletInfoMethods(): Record<string, Method> {
  return {
    getbalance: {
      min: 0,
      max: 3,
      usage: 'getbalance ( "account" minconf includeWatchonly )\n',
      run: (n, p) => {
        if (p.length === 0) return coins(walletBalance(n))
        // AccountFromValue is get_str(); minconf get_int(); includeWatchonly get_bool()
        if (typeof p[0] !== 'string')
          throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'JSON value is not a string as expected')
        if (p[1] !== undefined && (typeof p[1] !== 'number' || !Number.isInteger(p[1])))
          throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'JSON value is not an integer as expected')
        if (p[2] !== undefined && typeof p[2] !== 'boolean')
          throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'JSON value is not a boolean as expected')
        const minconf = (p[1] as number | undefined) ?? 1
        // "*" and "" both mean the whole wallet here: the devnet's only account is the default one
        if (p[0] === '*' || p[0] === '') return coins(starBalance(n, minconf))
        return 0 // GetAccountBalance of an account that received nothing
      },
    },
    getnewaddress: {
      min: 0,
      max: 1,
      usage: 'getnewaddress ( "account" )\n',
      run: (n, p) => {
        if (p[0] !== undefined && typeof p[0] !== 'string')
          throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'JSON value is not a string as expected')
        // the devnet wallet has one key: komodod would draw a fresh key from its keypool
        return p2pkhAddress(n.wallet.pubkey)
      },
    },
    validateaddress: {
      min: 1,
      max: 1,
      usage: 'validateaddress "komodoaddress"\n',
      run: (n, p) => {
        if (typeof p[0] !== 'string')
          throw new DevnetRefusal(RPC_CODES.MISC_ERROR, 'JSON value is not a string as expected')
        let d: ReturnType<typeof decodeAddress>
        try {
          d = decodeAddress(p[0])
        } catch {
          return { isvalid: false }
        }
        const address = p[0]
        const script = d.kind === 'p2pkh' ? bytesToHex(p2pkhScript(d.hash)) : `a914${bytesToHex(d.hash)}87`
        const mine = address === p2pkhAddress(n.wallet.pubkey)
        const out: Record<string, unknown> = {
          isvalid: true,
          address,
          scriptPubKey: script,
          segid: segid(address),
          ismine: mine,
          iswatchonly: false,
          isscript: d.kind === 'p2sh',
        }
        // DescribeAddressVisitor: the pubkey only when the wallet holds the key; the address book names the account
        if (mine) Object.assign(out, { pubkey: bytesToHex(n.wallet.pubkey), iscompressed: true, account: '' })
        return out
      },
    },
    getblockchaininfo: {
      min: 0,
      max: 0,
      usage: 'getblockchaininfo\n',
      run: (n) => {
        // coins created: every coinbase's outputs less the fees they collected
        let minted = 0n
        for (const b of n.chain.blocks)
          b.txids.forEach((id, i) => {
            const e = n.chain.txs.get(id)
            if (e === undefined) return
            if (i === 0) for (const o of e.tx.vout) minted += o.value
            else minted -= e.fee
          })
        const pool = (id: string | undefined, value: bigint | undefined): Record<string, unknown> => ({
          ...(id === undefined ? {} : { id }),
          monitored: value !== undefined,
          ...(value === undefined ? {} : { chainValue: coins(value), chainValueZat: value }),
        })
        const height = n.chain.height
        const upgrades: Record<string, unknown> = {}
        for (const u of UPGRADES)
          upgrades[u.id] = {
            name: u.name,
            activationheight: 1,
            status: height >= 1 ? 'active' : 'pending',
            info: u.info,
          }
        const branch = (h: number): string => (h >= 1 ? UPGRADES[1].id : '00000000')
        return {
          chain: 'main',
          blocks: height,
          synced: true,
          headers: height,
          bestblockhash: n.chain.tip.hash,
          difficulty: 1,
          verificationprogress: 1,
          chainwork: (height + 1).toString(16).padStart(64, '0'),
          pruned: false,
          commitments: 0,
          chainSupply: pool(undefined, minted),
          valuePools: [pool('transparent', minted), pool('sprout', 0n), pool('sapling', 0n), pool('burned', 0n)],
          softforks: (
            [
              ['bip34', 2],
              ['bip66', 3],
              ['bip65', 4],
            ] as const
          ).map(([id, version]) => ({
            id,
            version,
            enforce: majority(n, version, MAJORITY.enforce),
            reject: majority(n, version, MAJORITY.reject),
          })),
          upgrades,
          consensus: { chaintip: branch(height), nextblock: branch(height + 1) },
        }
      },
    },
    getmempoolinfo: {
      min: 0,
      max: 0,
      usage: 'getmempoolinfo\n',
      run: (n) => {
        let bytes = 0
        for (const id of n.chain.mempool) bytes += n.chain.txs.get(id)!.hex.length / 2
        // usage: komodod's DynamicMemoryUsage; the devnet reports the bytes it holds as hex text (two per byte)
        return { size: n.chain.mempool.length, bytes, usage: bytes * 2 }
      },
    },
  }
}
