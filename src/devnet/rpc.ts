import { bytesToHex } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { decodeAddress, encodeWif, p2pkhAddress } from '../address/address.js'
import { daemonParseCoins } from '../amount.js'
import { p2pkhScript, p2pkScript } from '../script/script.js'
import { decodeRawTransaction } from '../tx/decode.js'
import { serializeTransaction } from '../tx/codec.js'
import { signTransaction } from '../tx/sign.js'
import { SAPLING_VERSION_GROUP_ID, DEFAULT_TX_EXPIRY_DELTA, type Transaction } from '../tx/types.js'
import { selectNormalInputs } from '../cctx/select.js'
import type { BuildContext } from '../cctx/context.js'
import type { BuildResult } from '../cctx/complete.js'
import { scriptAddress } from './chain.js'
import type { ChainParams } from '../address/chain.js'
import { coins, expect, numText, str, usageError, type DevnetNode, type Method } from './node.js'
import { DevnetRefusal, RPC_CODES } from './refusal.js'
import { acceptTransaction, type ModuleValidator } from './validate.js'
import { IO_MODULES, TOKEL_DEVNET } from '../modules/registry/io.js'
import { moduleAddressMethod } from './address.js'
import { TXOUTPROOF_METHOD } from './txoutproof.js'
import { addressIndexMethods, checkAddress } from './address-index.js'
import { walletInfoMethods } from './wallet-rpc.js'
import { snapshotMethods } from './snapshot.js'

/**
 * The consensus validators the devnet runs for CC inputs, by eval code. Modules without one are refused when spent.
 * `tokel`: the devnet's Tokel mode: Tokel's tokens v2 (F5) and assets v2 (F6), and of the six modules only those the
 * chain enables (`-ac_ccenable`: faucet and oracles on TKLTEST, oracles on TOKEL).
 * @example const node = { …, validators: defaultValidators() }
 */
export function defaultValidators(options: { tokel?: 'TOKEL' | 'TKLTEST' } = {}): Map<number, ModuleValidator> {
  const tokel = options.tokel
  return new Map<number, ModuleValidator>([
    ...IO_MODULES.flatMap(({ devnet }) =>
      devnet.evalCodes
        .filter((e) => tokel === undefined || TOKEL_DEVNET.ccenable[tokel].includes(e))
        .map((e) => [e, devnet.validate] as const),
    ),
    ...(tokel !== undefined ? TOKEL_DEVNET.validators : []),
  ])
}

/** Every module's RPCs (src/modules/registry/io.ts), each module's `<module>address` first. */
function moduleMethods(): Record<string, Method> {
  const out: Record<string, Method> = {}
  for (const { module, devnet } of IO_MODULES)
    Object.assign(out, { [devnet.addressRpc]: moduleAddressMethod(module, devnet.addressRpc) }, devnet.methods)
  return out
}

const MAX_GENERATE = 10_000

const METHODS: Record<string, Method> = {
  // ---- node
  getinfo: {
    min: 0,
    max: 0,
    usage: 'getinfo\n',
    run: (n) => {
      const bal = n.chain.walletUtxos(n.wallet.pubkey).reduce((s, u) => s + u.satoshis, 0n)
      return {
        version: 3000300,
        protocolversion: 170010,
        KMDversion: '0.8.0',
        synced: true,
        notarized: 0,
        blocks: n.chain.height,
        longestchain: n.chain.height,
        tiptime: n.chain.tip.time,
        difficulty: 1,
        balance: coins(bal),
        connections: 0,
        proxy: '',
        testnet: false,
        paytxfee: 0,
        relayfee: 0.000001,
        errors: '',
        name: n.chainName,
        pubkey: bytesToHex(n.wallet.pubkey),
        rpcport: n.rpcPort,
        devnet: true,
      }
    },
  },
  getblockcount: { min: 0, max: 0, usage: 'getblockcount\n', run: (n) => n.chain.height },
  getbestblockhash: { min: 0, max: 0, usage: 'getbestblockhash\n', run: (n) => n.chain.tip.hash },
  getblockhash: {
    min: 1,
    max: 1,
    usage: 'getblockhash index\n',
    run: (n, p) => {
      expect(p[0], 'number')
      const h = p[0] as number
      if (!Number.isInteger(h) || h < 0 || h > n.chain.height)
        throw new DevnetRefusal(RPC_CODES.INVALID_PARAMETER, 'Block height out of range')
      return n.chain.blocks[h]!.hash
    },
  },
  getblock: {
    min: 1,
    max: 2,
    usage: 'getblock "hash|height" ( verbosity )\n',
    run: (n, p) => {
      // komodod reads a string shorter than a hash as a height (digits only); the devnet also takes a number
      let height: number | undefined = typeof p[0] === 'number' ? p[0] : undefined
      if (typeof p[0] === 'string' && p[0].length < 64) {
        if (!/^\d+$/.test(p[0])) throw new DevnetRefusal(RPC_CODES.INVALID_PARAMETER, 'Invalid block height parameter')
        height = Number(p[0])
        // std::stoi: beyond an int is not a height
        if (height > 0x7fffffff) throw new DevnetRefusal(RPC_CODES.INVALID_PARAMETER, 'Invalid block height parameter')
        if (height > n.chain.height) throw new DevnetRefusal(RPC_CODES.INVALID_PARAMETER, 'Block height out of range')
      }
      const b = height !== undefined ? n.chain.blocks[height] : n.chain.blocks.find((x) => x.hash === p[0])
      if (b === undefined) throw new DevnetRefusal(RPC_CODES.INVALID_ADDRESS_OR_KEY, 'Block not found')
      return {
        hash: b.hash,
        confirmations: n.chain.height - b.height + 1,
        height: b.height,
        version: 4,
        merkleroot: b.merkleRoot,
        tx: b.txids,
        time: b.time,
        previousblockhash: b.height > 0 ? b.prevHash : undefined,
      }
    },
  },
  generate: {
    min: 1,
    max: 1,
    usage: 'generate numblocks\n',
    run: (n, p) => {
      expect(p[0], 'number')
      const k = p[0] as number
      if (!Number.isInteger(k) || k < 0 || k > MAX_GENERATE)
        throw new DevnetRefusal(RPC_CODES.INVALID_PARAMETER, `numblocks must be an integer 0..${MAX_GENERATE}`)
      const hashes = n.chain.mine(k, n.wallet.pubkey)
      n.onBlocks?.()
      return hashes
    },
  },
  setmocktime: {
    min: 1,
    max: 1,
    usage: 'setmocktime timestamp\n',
    run: (n, p) => {
      expect(p[0], 'number')
      const t = p[0] as number
      if (!Number.isInteger(t) || t < 0)
        throw new DevnetRefusal(RPC_CODES.INVALID_PARAMETER, 'timestamp must be a non-negative integer')
      n.chain.timeOffset = t === 0 ? 0 : t - Math.floor(Date.now() / 1000)
      return null
    },
  },
  stop: {
    min: 0,
    max: 0,
    usage: 'stop\n',
    run: (n) => {
      setTimeout(() => n.onStop?.(), 10)
      return 'Komodo server stopping'
    },
  },
  help: {
    min: 0,
    max: 1,
    usage: 'help ( "command" )\n',
    run: (_n, p) => {
      if (p[0] !== undefined) {
        const m = METHODS[str(p[0])]
        return m === undefined ? `help: unknown command: ${String(p[0])}` : m.usage
      }
      return Object.keys(METHODS).sort().join('\n')
    },
  },
  // ---- transactions
  sendrawtransaction: {
    min: 1,
    max: 2,
    usage: 'sendrawtransaction "hexstring" ( allowhighfees )\n',
    run: (n, p) => {
      expect(p[0], 'string')
      if (p[1] !== undefined) expect(p[1], 'bool')
      const hex = p[0] as string
      if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new DevnetRefusal(RPC_CODES.DESERIALIZATION_ERROR, 'TX decode failed')
      return acceptTransaction(n.chain, hex, {
        validators: n.validators,
        ...(n.policy ? { policy: n.policy } : {}),
        allowHighFees: p[1] === true,
      }).txid
    },
  },
  decoderawtransaction: {
    min: 1,
    max: 1,
    usage: 'decoderawtransaction "hexstring"\n',
    run: (_n, p) => {
      expect(p[0], 'string')
      try {
        return decodeRawTransaction(p[0] as string)
      } catch {
        throw new DevnetRefusal(RPC_CODES.DESERIALIZATION_ERROR, 'TX decode failed')
      }
    },
  },
  getrawmempool: {
    min: 0,
    max: 1,
    usage: 'getrawmempool ( verbose )\n',
    run: (n, p) => {
      if (p[0] !== undefined) expect(p[0], 'bool')
      if (p[0] !== true) return [...n.chain.mempool]
      return Object.fromEntries(
        n.chain.mempool.map((id) => {
          const e = n.chain.txs.get(id)!
          return [id, { size: e.hex.length / 2, fee: coins(e.fee), time: e.time, height: n.chain.height, depends: [] }]
        }),
      )
    },
  },
  gettxoutproof: TXOUTPROOF_METHOD,
  getrawtransaction: {
    min: 1,
    max: 2,
    usage: 'getrawtransaction "txid" ( verbose )\n',
    run: (n, p) => {
      expect(p[0], 'string')
      const id = String(p[0]).toLowerCase()
      const e = /^[0-9a-f]{64}$/.test(id) ? n.chain.txs.get(id) : undefined
      if (e === undefined)
        throw new DevnetRefusal(RPC_CODES.INVALID_ADDRESS_OR_KEY, 'No information available about transaction')
      const verbose = p[1] === undefined ? false : typeof p[1] === 'number' ? p[1] !== 0 : p[1] === true
      if (!verbose) return e.hex
      const d = decodeRawTransaction(e.hex) as Record<string, unknown>
      const out: Record<string, unknown> = { hex: e.hex, ...d }
      if (e.height >= 0)
        Object.assign(out, {
          blockhash: e.blockHash,
          height: e.height,
          confirmations: n.chain.height - e.height + 1,
          time: e.time,
          blocktime: e.time,
        })
      else out.confirmations = 0
      return out
    },
  },
  ...addressIndexMethods(),
  listunspent: {
    min: 0,
    max: 3,
    usage: 'listunspent ( minconf maxconf ["address",...] )\n',
    run: (n, p) => {
      if (p[0] !== undefined) expect(p[0], 'number')
      if (p[1] !== undefined) expect(p[1], 'number')
      if (p[2] !== undefined) expect(p[2], 'array')
      const minconf = (p[0] as number | undefined) ?? 1
      const maxconf = (p[1] as number | undefined) ?? 9999999
      const filter =
        p[2] === undefined
          ? undefined
          : new Set((p[2] as unknown[]).map((a) => checkAddress(a, 'Invalid address', n.chain.params)))
      const mine = p2pkhAddress(n.wallet.pubkey)
      if (filter !== undefined && !filter.has(mine)) return []
      return n.chain
        .walletUtxos(n.wallet.pubkey)
        .map((u) => {
          const conf = n.chain.confirmations(u.txid) ?? 0
          return {
            txid: u.txid,
            vout: u.vout,
            generated: n.chain.txs.get(u.txid)!.tx.vin[0]!.vout === 0xffffffff,
            address: mine,
            scriptPubKey: bytesToHex(u.script),
            amount: coins(u.satoshis),
            satoshis: u.satoshis,
            confirmations: conf,
            spendable: true,
          }
        })
        .filter((u) => u.confirmations >= minconf && u.confirmations <= maxconf)
    },
  },
  dumpprivkey: {
    min: 1,
    max: 1,
    usage: 'dumpprivkey "t-addr"\n',
    run: (n, p) => {
      const a = checkAddress(p[0])
      if (a !== p2pkhAddress(n.wallet.pubkey))
        throw new DevnetRefusal(RPC_CODES.MISC_ERROR, `Private key for address ${a} is not known`)
      return encodeWif(n.wallet.privateKey)
    },
  },
  sendtoaddress: {
    min: 2,
    max: 2,
    usage: 'sendtoaddress "address" amount\n',
    run: (n, p) => {
      const to = checkAddress(p[0])
      const sats = daemonParseCoins(numText(p[1]))
      if (sats <= 0n) throw new DevnetRefusal(RPC_CODES.TYPE_ERROR, 'Invalid amount for send')
      return walletSend(n, [{ value: sats, script: p2pkhScript(decodeAddress(to).hash) }])
    },
  },
  // ---- wallet and chain info (src/devnet/wallet-rpc.ts); devnet-only snapshot, revert, advancetime
  ...walletInfoMethods(),
  ...snapshotMethods(),
  // ---- modules
  ...moduleMethods(),
}

/**
 * The wallet pays `outputs` (change back to the wallet's P2PK, a flat 10,000-satoshi fee), signs and submits to the
 * mempool; returns the txid (`sendtoaddress`, and the funding of the test accounts at start).
 * @throws DevnetRefusal RPC_WALLET_INSUFFICIENT_FUNDS
 * @example walletSend(node, [{ value: 100_000_000n, script: p2pkhScript(hash) }])
 */
export function walletSend(n: DevnetNode, outputs: readonly { value: bigint; script: Uint8Array }[]): string {
  const fee = 10000n
  const sats = outputs.reduce((s, o) => s + o.value, 0n)
  const chosen = selectNormalInputs(n.chain.walletUtxos(n.wallet.pubkey), sats + fee, 500)
  if (chosen === null) throw new DevnetRefusal(RPC_CODES.WALLET_INSUFFICIENT_FUNDS, 'Insufficient funds')
  const total = chosen.reduce((s, u) => s + u.satoshis, 0n)
  const vout = outputs.map((o) => ({ value: o.value, script: o.script }))
  if (total - sats - fee > 0n) vout.push({ value: total - sats - fee, script: p2pkScript(n.wallet.pubkey) })
  const tx: Transaction = {
    overwintered: true,
    version: 4,
    versionGroupId: SAPLING_VERSION_GROUP_ID,
    vin: chosen.map((u) => ({ txid: u.txid, vout: u.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })),
    vout,
    lockTime: 0,
    expiryHeight: n.chain.height + 1 + DEFAULT_TX_EXPIRY_DELTA,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
  const signed = signTransaction(
    tx,
    chosen.map((u) => ({ value: u.satoshis, script: u.script })),
    [n.wallet.privateKey],
  )
  return acceptTransaction(n.chain, bytesToHex(serializeTransaction(signed)), {
    validators: n.validators,
    ...(n.policy ? { policy: n.policy } : {}),
  }).txid
}

/** Names of every RPC method the devnet serves. @example devnetMethods().includes('getblockcount') // true */
export function devnetMethods(): string[] {
  return Object.keys(METHODS)
}

/**
 * Runs one JSON-RPC call against the node (the result may be a promise: a module's RPC may work asynchronously):
 * unknown method → -32601 `Method not found`; wrong parameter count → -1
 * with the method's usage text (komodod's `runtime_error(help)`); handler refusals keep their code.
 * @throws DevnetRefusal
 * @example callDevnet(node, 'getblockcount', []) // 0
 */
export function callDevnet(node: DevnetNode, method: string, params: unknown[]): unknown {
  const m = Object.prototype.hasOwnProperty.call(METHODS, method)
    ? METHODS[method]
    : node.chain.params.cctype !== undefined && Object.prototype.hasOwnProperty.call(TOKEL_DEVNET.methods, method)
      ? TOKEL_DEVNET.methods[method]
      : undefined
  if (m === undefined) throw new DevnetRefusal(RPC_CODES.METHOD_NOT_FOUND, 'Method not found')
  if (params.length < m.min || params.length > m.max) throw usageError(m)
  return m.run(node, params)
}

/** Where a script pays (for tools and tests): the address-index key of an output script. @example devnetAddressOf(script) */
export function devnetAddressOf(script: Uint8Array, chain?: ChainParams): string | null {
  return scriptAddress(script, chain)
}
