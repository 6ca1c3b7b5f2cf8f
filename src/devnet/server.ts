import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { keySigner, type Secp256k1Backend } from '../tx/sign.js'
import { ASSET_CHAIN_POLICY, TOKEL_POLICY, type RelayPolicy } from '../tx/policy.js'
import { createKomodoRpc, type KomodoRpc } from '../rpc/client.js'
import { DevChain, type ChainSnapshot } from './chain.js'
import { DevnetRefusal, RPC_CODES } from './refusal.js'
import { acceptTransaction } from './validate.js'
import { callDevnet, defaultValidators } from './rpc.js'
import type { DevnetNode } from './node.js'
import { devnetChainView } from './view.js'
import type { ChainView } from '../cctx/types.js'
import { basicAuthChecker } from './auth.js'
import { scanRequestIds } from './jsonscan.js'
import { writeFileAtomic } from './persist.js'
import { devnetJson } from './json.js'
import { KMD, TKLTEST, TOKEL, type ChainParams } from '../address/chain.js'
export { devnetJson } from './json.js'
import { redactParams, type DevnetLogger } from './log.js'
import { devnetRevert, devnetSnapshot } from './snapshot.js'
import { createExplorer, serveExplorer, type Explorer } from './explorer/serve.js'
import { startElectrumServer, type ElectrumEndpoint, type ElectrumServerOptions } from './electrum.js'
import { amountArg, formatCoins } from '../amount.js'
import {
  DEVNET_MAX_ACCOUNTS,
  DEVNET_MNEMONIC,
  devnetAccountBalances,
  devnetAccountKeys,
  fundDevnetAccounts,
  type DevnetAccount,
} from './accounts.js'

/** Options of {@link startDevnet}. */
export type DevnetOptions = {
  /** TCP port on 127.0.0.1 (default 0: a free port). */
  port?: number
  /**
   * Chain name: names the conf file `<NAME>.conf` (default `DEVNET`). `TOKEL` or `TKLTEST` start the Tokel mode:
   * Tokel's chain parameters (CC addresses printed `C…`, version 0x1C), Tokel's relay policy (`TOKEL_POLICY`: no
   * OP_RETURN size check below the consensus bound, CC v2 outputs standard), the tokens v2 (F5) and assets v2 (F6)
   * validators and their RPCs (`tokenv2create` … `tokenv2cancelbid`, `tokenv2balance`, `tokenv2info`), besides the
   * six modules'. TOKEL has the S1 upgrade active (its devnet clock is past 2022-06-24), TKLTEST never (docs/tokel.md).
   */
  chain?: string
  /**
   * The relay policy its mempool applies, as a komodod node's (`relayPolicy('asset', { datacarriersize })` for a
   * node started with `-datacarriersize=N`). Default: komodod's for an asset chain — OP_RETURN scripts up to 208
   * bytes, no dust, one OP_RETURN, standard output types; refusals are komodod's `64: scriptpubkey`, `64: dust`,
   * `64: multi-op-return`.
   */
  policy?: RelayPolicy
  /** Mine a block every this many seconds (default: only on `generate` / `mine`). */
  blockTime?: number
  /**
   * JSON data file (mode 0600: it holds the wallet key): loaded at start when it exists, written at start, after
   * every mined block (before `generate` answers), within a second (1000 ms) of any other change (so a `kill -9`
   * loses at most that last second of mempool) and at stop. Each write is a 0600 temporary file renamed over it.
   */
  dataFile?: string
  /**
   * With `dataFile`: also write it, fsync-ing the file and its directory, after every request that changed the chain
   * (an accepted transaction, a block) and before answering it, so a crash loses nothing that was answered. Costs one
   * whole-file write per accepted transaction (`bench/devnet.bench.ts`). Default false.
   */
  sync?: boolean
  /**
   * Directory for the conf file (komodod's data-dir layout). Default: a fresh temporary directory, removed (with the
   * conf file in it) by {@link Devnet.stop} and, if the process exits without a stop, on its `exit` event.
   */
  dataDir?: string
  /**
   * With `dataDir`: also delete the conf file at stop, if it still holds what this devnet wrote (its credentials are
   * those of a stopped server). Default false: the conf file stays. (Without `dataDir` the whole directory goes.)
   */
  removeConf?: boolean
  /** The wallet's private key (32 bytes or hex). Default: the data file's key, else a fresh random key. */
  privateKey?: Uint8Array | string
  /** Largest request body accepted, in bytes (default 8 MiB; a 2 MB transaction is 4 MB of hex). */
  maxBodyBytes?: number
  /**
   * Seconds a client has to send a whole request, headers and body (default 30, komodod's `-rpcservertimeout`;
   * headers within min(10, this)); also how long an idle kept-alive connection stays open.
   */
  requestTimeout?: number
  /** Most connections open at once; further ones are closed at once (default 512). */
  maxConnections?: number
  /**
   * The secp256k1 implementation its mempool checks signatures with (P2PK, P2PKH and every CC fulfillment's):
   * default the library's pure-JS noble, about 1–2 ms a signature; `tinySecp256k1Backend(await import('tiny-secp256k1'))`
   * gives it komodod's own libsecp256k1 (WebAssembly), several times faster. Same rules either way (strict DER is
   * ours, low-S required; the backend only answers whether r‖s verifies).
   */
  secp256k1?: Secp256k1Backend
  /**
   * Also serve the chain over Electrum (TCP and WebSocket on one port, src/devnet/electrum.ts): `true` (a free port),
   * a port number, or the server's options. Default: off.
   */
  electrum?: boolean | number | ElectrumServerOptions
  /**
   * Blocks a coinbase output waits before it may be spent (komodod's `-ac_cbmaturity`): default 1, what komodod
   * sets on an asset chain with one era and no `-ac_cbmaturity` (src/komodo_utils.cpp `komodo_args`); 100 plays KMD.
   * A premature spend is refused with komodod's `bad-txns-premature-spend-of-coinbase`. The devnet's own wallet
   * (its daemon-style RPCs) waits max(100, this), as a library wallet with default chain parameters does, so that
   * both pick the same coins; pass `dev.chainParams` to a wallet to spend at this maturity. The genesis premine is
   * exempt.
   */
  coinbaseMaturity?: number
  /**
   * Request log: called once per JSON-RPC call (each call of a batch) with its method, parameters (secrets redacted:
   * src/devnet/log.ts `redactParams`), time taken and error. Never sees credentials. Default: no log.
   */
  log?: DevnetLogger
  /**
   * Serve the explorer on GET at the HTTP root (docs/explorer.md): blocks, mempool, each transaction's inspection,
   * token balances and oracle charts, read-only and without credentials; JSON-RPC stays on POST /. Default false
   * (GET answers 405, as komodod's server does); `komodo-cc devnet` turns it on.
   */
  explorer?: boolean
  /**
   * Funded test accounts, as a local EVM chain starts with: keys `m/44'/141'/0'/0/0…N−1` of the public phrase
   * {@link Devnet.mnemonic}, each paid `accountBalance` by one transaction of the devnet's wallet mined into block 1
   * (block `coinbaseMaturity`, after empty ones, when that is above 1: the funding spends the premine, a coinbase).
   * Only a fresh chain is funded (a data file's chain keeps what it has). 0..100; default 0 (`komodo-cc devnet`
   * defaults to 10).
   */
  accounts?: number
  /** What each test account gets: coins as text (`'1000'`, komodo-cli's reading) or satoshis as a bigint. Default `'1000'`. */
  accountBalance?: string | bigint
}

/** A running devnet. */
export type Devnet = {
  /** `http://127.0.0.1:<port>` (no credentials). */
  url: string
  user: string
  password: string
  /** The conf file written for `createKomodoRpc({ chain, dataDir })` / `{ confPath }`. */
  confPath: string
  dataDir: string
  chainName: string
  /** A client already pointed at the devnet. */
  rpc: KomodoRpc
  /** The wallet's pubkey (hex): the devnet's `-pubkey`. */
  pubkey: string
  /** The wallet's private key (hex), for offline builders in tests and demos. A devnet key: never use it elsewhere. */
  privateKey: string
  /** The in-memory chain (read it; mutate it only through RPCs). */
  chain: DevChain
  /** The relay policy its mempool applies (`startDevnet({ policy })`, `--datacarriersize N`). */
  policy: RelayPolicy
  /**
   * The devnet's chain parameters for wallets and resolvers: KMD's address versions (TOKEL's or TKLTEST's in the Tokel
   * mode) and the devnet's
   * `coinbaseMaturity` (`createWallet({ view: dev.view, chain: dev.chainParams })`). Without them a wallet assumes
   * KMD's 100 and leaves younger coinbases alone.
   */
  chainParams: ChainParams
  /** The chain as a `ChainView`, in process (what the daemon-style RPCs' resolvers read; `broadcast` validates). */
  view: ChainView
  /** The Electrum endpoint (`{ host, port, url, wsUrl }`) when started with `electrum`. */
  electrum?: ElectrumEndpoint
  /** Mines `n` blocks now; resolves to their hashes. */
  mine(n?: number): Promise<string[]>
  /** Moves the devnet clock forward (block times and the rewards module see it). */
  advanceTime(seconds: number): void
  /**
   * Sets the devnet clock to `unixSeconds` (it then runs on from there with the wall clock); the `setmocktime` RPC
   * does the same. Earlier than the tip's time is allowed, but blocks still get increasing times.
   */
  setTime(unixSeconds: number): void
  /** Saves the chain state (blocks, mempool, clock offset); resolves to an id for {@link Devnet.revert}. */
  snapshot(): Promise<string>
  /**
   * Returns the chain to a snapshot: its blocks, its mempool (re-validated) and its clock offset. That snapshot and
   * later ones are used up. Resolves to false for an unknown id. The same as the devnet-only `revert` RPC.
   */
  revert(id: string): Promise<boolean>
  /**
   * Stops the timers and the server, writes the data file; removes the temporary `dataDir` when the devnet created it
   * (and the conf file with `removeConf`).
   */
  stop(): Promise<void>
  /** Settles once the devnet has stopped, by {@link Devnet.stop} or by the `stop` RPC. */
  closed: Promise<void>
  /**
   * The funded test accounts (`startDevnet({ accounts })`), keys of the public phrase `mnemonic`: for the devnet and
   * tests only. Balances as at start.
   */
  accounts: DevnetAccount[]
  /** The BIP39 phrase the test accounts' keys come from (public: `test test … junk`). */
  mnemonic: string
}

/** Longest time, in milliseconds, a change waits before the data file is written (without `sync`). */
export const DEVNET_FLUSH_MS = 1000

const CONF_MARK = '# written by komodo-cc devnet'

/**
 * Starts the embedded devnet: an in-memory Komodo-like chain (premined wallet, mempool, address index, module
 * consensus rules) behind a JSON-RPC 1.0 server on 127.0.0.1 with generated basic-auth credentials, written to a conf
 * file in komodod's layout.
 * @throws KomodoCcError DEVNET (bad options, unreadable data file, port in use)
 * @example
 * const dev = await startDevnet()
 * const { hex } = await dev.rpc.oraclescreate('BTCUSD', 'price', 'L')
 * await dev.rpc.sendrawtransaction(hex); await dev.mine(1)
 * await dev.stop()
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  if (typeof options !== 'object' || options === null) throw new KomodoCcError('DEVNET', 'options must be an object')
  const chainName = options.chain ?? 'DEVNET'
  if (typeof chainName !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(chainName))
    throw new KomodoCcError('DEVNET', 'chain must be a plain name (letters, digits, - _)')
  const port = options.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new KomodoCcError('DEVNET', 'port must be an integer 0..65535')
  const blockTime = options.blockTime
  if (blockTime !== undefined && (typeof blockTime !== 'number' || !(blockTime > 0)))
    throw new KomodoCcError('DEVNET', 'blockTime must be a positive number of seconds')
  const maxBody = options.maxBodyBytes ?? 8 * 1024 * 1024
  if (!Number.isInteger(maxBody) || maxBody < 1024)
    throw new KomodoCcError('DEVNET', 'maxBodyBytes must be an integer ≥ 1024')
  const sync = options.sync ?? false
  if (typeof sync !== 'boolean') throw new KomodoCcError('DEVNET', 'sync must be a boolean')
  const requestTimeout = options.requestTimeout ?? 30
  if (typeof requestTimeout !== 'number' || !(requestTimeout >= 0.1 && requestTimeout <= 3600))
    throw new KomodoCcError('DEVNET', 'requestTimeout must be a number of seconds within 0.1..3600')
  const maxConnections = options.maxConnections ?? 512
  if (!Number.isInteger(maxConnections) || maxConnections < 1)
    throw new KomodoCcError('DEVNET', 'maxConnections must be a positive integer')
  // Tokel mode: Tokel's version bytes (CC addresses 0x1C), relay policy and modules
  const tokel = chainName === 'TOKEL' ? TOKEL : chainName === 'TKLTEST' ? TKLTEST : undefined
  const params: ChainParams = tokel ?? KMD
  const policy = options.policy ?? (tokel !== undefined ? TOKEL_POLICY : ASSET_CHAIN_POLICY)
  const secp256k1 = options.secp256k1
  if (
    secp256k1 !== undefined &&
    (typeof secp256k1 !== 'object' || secp256k1 === null || typeof secp256k1.verify !== 'function')
  )
    throw new KomodoCcError('DEVNET', 'secp256k1 must be a Secp256k1Backend (tinySecp256k1Backend(...))')
  if (typeof policy !== 'object' || policy === null || typeof policy.datacarriersize !== 'number')
    throw new KomodoCcError('DEVNET', 'policy must be a relay policy (relayPolicy())')
  const coinbaseMaturity = options.coinbaseMaturity ?? 1
  if (!Number.isInteger(coinbaseMaturity) || coinbaseMaturity < 1 || coinbaseMaturity > 0xffffffff)
    throw new KomodoCcError('DEVNET', 'coinbaseMaturity must be a whole number of blocks ≥ 1')
  const removeConf = options.removeConf ?? false
  if (typeof removeConf !== 'boolean') throw new KomodoCcError('DEVNET', 'removeConf must be a boolean')
  if (options.explorer !== undefined && typeof options.explorer !== 'boolean')
    throw new KomodoCcError('DEVNET', 'explorer must be a boolean')
  if (options.log !== undefined && typeof options.log !== 'function')
    throw new KomodoCcError('DEVNET', 'log must be a function (entry) => void')
  const accountCount = options.accounts ?? 0
  if (!Number.isInteger(accountCount) || accountCount < 0 || accountCount > DEVNET_MAX_ACCOUNTS)
    throw new KomodoCcError('DEVNET', `accounts must be a whole number 0..${DEVNET_MAX_ACCOUNTS}`)
  const accountBalance = amountArg(options.accountBalance ?? '1000', 'accountBalance', 'coins')
  if (accountBalance <= 0n) throw new KomodoCcError('DEVNET', 'accountBalance must be more than zero')

  // wallet and chain
  let snapshot: ChainSnapshot | undefined
  if (options.dataFile !== undefined && existsSync(options.dataFile)) {
    try {
      snapshot = JSON.parse(readFileSync(options.dataFile, 'utf8')) as ChainSnapshot
      if (snapshot.format !== 'komodo-cc-devnet/1') throw new Error('format')
    } catch {
      throw new KomodoCcError('DEVNET', `${options.dataFile} is not a komodo-cc devnet data file`, {
        path: options.dataFile,
      })
    }
  }
  let privateKey: Uint8Array
  let generatedKey = false
  if (options.privateKey !== undefined)
    privateKey =
      typeof options.privateKey === 'string' ? hexToBytes(options.privateKey, 'privateKey') : options.privateKey
  else if (snapshot?.walletKey !== undefined) {
    privateKey = hexToBytes(snapshot.walletKey, 'walletKey')
    generatedKey = true
  } else {
    privateKey = freshKey()
    generatedKey = true
  }
  const pubkey = keySigner(privateKey).publicKey
  let chain: DevChain
  let pendingMempool: string[] = []
  if (snapshot !== undefined) {
    try {
      const r = DevChain.restore(snapshot, pubkey, coinbaseMaturity, params)
      chain = r.chain
      pendingMempool = r.mempool
    } catch (e) {
      throw new KomodoCcError(
        'DEVNET',
        `${options.dataFile} does not replay (${e instanceof Error ? e.message : 'error'})`,
        { path: options.dataFile },
      )
    }
  } else chain = new DevChain({ walletPubkey: pubkey, coinbaseMaturity, params })
  chain.policy = policy
  chain.secp256k1 = secp256k1

  const user = `devnet-${randomBytes(4).toString('hex')}`
  const password = randomBytes(24).toString('base64url')
  // what the data file holds: the chain's revision and clock offset at the last write
  const saved = { revision: -1, timeOffset: 0 }
  const dirty = (): boolean => chain.revision !== saved.revision || chain.timeOffset !== saved.timeOffset
  const save = (): void => {
    if (options.dataFile === undefined) return
    const snap: ChainSnapshot = {
      ...chain.snapshot(),
      chain: chainName,
      ...(generatedKey ? { walletKey: bytesToHex(privateKey) } : {}),
    }
    const at = { revision: chain.revision, timeOffset: chain.timeOffset }
    writeFileAtomic(options.dataFile, JSON.stringify(snap), { sync })
    Object.assign(saved, at)
  }
  const saveIfDirty = (): void => {
    if (dirty()) save()
  }
  const node: DevnetNode = {
    chain,
    chainName,
    wallet: { pubkey, privateKey },
    validators: defaultValidators(tokel === undefined ? {} : { tokel: tokel.name as 'TOKEL' | 'TKLTEST' }),
    policy,
    rpcPort: port,
    onBlocks: save,
  }
  for (const hex of pendingMempool) {
    try {
      // it was accepted once
      acceptTransaction(chain, hex, {
        validators: node.validators,
        ...(node.policy ? { policy: node.policy } : {}),
        allowHighFees: true,
      })
    } catch {
      // a mempool transaction that no longer fits is dropped, as a restarted komodod drops it
    }
  }
  // the test accounts: funded on a fresh chain (block 1), read back from a restored one
  const accountKeys = devnetAccountKeys(accountCount)
  if (accountKeys.length > 0 && snapshot === undefined) {
    // the funding spends the genesis premine, a coinbase: komodod spends one only at nSpendHeight − nHeight ≥
    // CoinbaseMaturity() (src/main.cpp Consensus::CheckTxInputs), so with a maturity above 1 the funding waits in
    // empty blocks until the premine may be spent (the devnet's own wallet exempts the premine; komodod does not)
    if (coinbaseMaturity > 1) chain.mine(coinbaseMaturity - 1, pubkey)
    try {
      fundDevnetAccounts(node, accountKeys, accountBalance)
    } catch (e) {
      throw new KomodoCcError(
        'DEVNET',
        `cannot fund ${accountCount} accounts with ${formatCoins(accountBalance)} coins each from the premine`,
        { accounts: accountCount },
        { cause: e },
      )
    }
    chain.mine(1, pubkey)
  }
  const accounts = devnetAccountBalances(node, accountKeys)

  const requestMs = Math.round(requestTimeout * 1000)
  const http: HttpLimits = {
    auth: basicAuthChecker(user, password),
    maxBody,
    decoder: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }),
    afterCall: sync ? saveIfDirty : () => {},
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.explorer === true ? { explorer: createExplorer(chainName) } : {}),
  }
  const server = createServer(
    {
      requestTimeout: requestMs,
      headersTimeout: Math.min(10_000, requestMs),
      // how often Node looks for requests past their timeout (its default, 30 s, would let a slow client stay twice as long)
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(requestMs / 4))),
    },
    (req, res) => {
      handle(node, req, res, http)
    },
  )
  // an idle kept-alive connection is closed after requestTimeout, as komodod's one -rpcservertimeout covers requests
  // and idle connections (httpserver.cpp InitHTTPServer: evhttp_set_timeout); handle() keeps Node from advertising it
  server.keepAliveTimeout = requestMs
  server.maxConnections = maxConnections
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) =>
      reject(
        new KomodoCcError(
          'DEVNET',
          `cannot listen on 127.0.0.1:${port} (${(e as { code?: string }).code ?? 'error'})`,
          { port },
        ),
      ),
    )
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const addr = server.address()
  const realPort = typeof addr === 'object' && addr !== null ? addr.port : port
  node.rpcPort = realPort
  const url = `http://127.0.0.1:${realPort}`

  // conf file in komodod's layout; a directory the devnet creates is its own, removed at stop (or at process exit)
  const ownDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'komodo-cc-devnet-'))
  const removeOwnDir = (): void => {
    if (ownDir) rmSync(dataDir, { recursive: true, force: true })
  }
  process.once('exit', removeOwnDir)
  const fail = (e: unknown): never => {
    server.close()
    process.off('exit', removeOwnDir)
    removeOwnDir()
    throw e
  }
  mkdirSync(dataDir, { recursive: true })
  const confPath = join(dataDir, chainName === 'KMD' ? 'komodo.conf' : `${chainName}.conf`)
  if (existsSync(confPath) && !readFileSync(confPath, 'utf8').startsWith(CONF_MARK))
    fail(
      new KomodoCcError(
        'DEVNET',
        `${confPath} exists and was not written by the devnet; choose another dataDir or chain`,
        { path: confPath },
      ),
    )
  const confText = `${CONF_MARK}\nrpcuser=${user}\nrpcpassword=${password}\nrpcport=${realPort}\nrpcbind=127.0.0.1\nrpcallowip=127.0.0.1\nserver=1\n`
  try {
    writeFileAtomic(confPath, confText)
    save() // the wallet key is on disk before the first request
  } catch (e) {
    fail(e)
  }
  /** Deletes the conf file if it is still the one written above (another devnet may have replaced it since). */
  const removeOwnConf = (): void => {
    try {
      if (readFileSync(confPath, 'utf8') === confText) unlinkSync(confPath)
    } catch {
      // already gone or unreadable: nothing of ours to remove
    }
  }

  const el = options.electrum
  const electrum =
    el === undefined || el === false
      ? undefined
      : await startElectrumServer(node, el === true ? {} : typeof el === 'number' ? { port: el } : el).catch(fail)

  const timers: ReturnType<typeof setInterval>[] = []
  // a failed write is retried at the next tick: the chain stays dirty
  const flush = (): void => {
    try {
      saveIfDirty()
    } catch {
      /* retried */
    }
  }
  if (options.dataFile !== undefined) timers.push(setInterval(flush, DEVNET_FLUSH_MS))
  if (blockTime !== undefined)
    timers.push(
      setInterval(() => {
        chain.mine(1, pubkey)
        flush()
      }, blockTime * 1000),
    )
  for (const t of timers) t.unref()
  let markClosed = (): void => {}
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve
  })
  let stopped: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      for (const t of timers) clearInterval(t)
      const shut = new Promise<void>((resolve) => {
        server.close(() => resolve())
      })
      server.closeAllConnections()
      await electrum?.close()
      try {
        save()
      } finally {
        await shut
        process.off('exit', removeOwnDir)
        try {
          if (ownDir) removeOwnDir()
          else if (removeConf) removeOwnConf()
        } finally {
          markClosed()
        }
      }
    })()
    return stopped
  }
  node.onStop = () => {
    stop().catch(() => {})
  }
  const rpc = createKomodoRpc({ url, user, password })
  return {
    url,
    user,
    password,
    confPath,
    dataDir,
    chainName,
    rpc,
    chain,
    policy,
    chainParams: Object.freeze({ ...params, name: chainName, coinbaseMaturity }),
    view: devnetChainView(node),
    ...(electrum === undefined
      ? {}
      : { electrum: { host: electrum.host, port: electrum.port, url: electrum.url, wsUrl: electrum.wsUrl } }),
    pubkey: bytesToHex(pubkey),
    privateKey: bytesToHex(privateKey),
    mine: async (n = 1) => {
      const h = chain.mine(n, pubkey)
      save()
      electrum?.refresh()
      return h
    },
    advanceTime: (seconds: number) => {
      if (!Number.isInteger(seconds) || seconds < 0)
        throw new KomodoCcError('DEVNET', 'seconds must be a non-negative integer')
      chain.timeOffset += seconds
    },
    setTime: (unixSeconds: number) => {
      if (!Number.isInteger(unixSeconds) || unixSeconds < 0)
        throw new KomodoCcError('DEVNET', 'unixSeconds must be a non-negative integer')
      chain.timeOffset = unixSeconds - Math.floor(Date.now() / 1000)
    },
    snapshot: async () => devnetSnapshot(node),
    revert: async (id: string) => {
      if (typeof id !== 'string') throw new KomodoCcError('DEVNET', 'id must be a string (from snapshot())')
      const done = devnetRevert(node, id)
      electrum?.refresh()
      return done
    },
    stop,
    closed,
    accounts,
    mnemonic: DEVNET_MNEMONIC,
  }
}

function freshKey(): Uint8Array {
  for (;;) {
    const k = new Uint8Array(randomBytes(32))
    try {
      keySigner(k)
      return k
    } catch {
      // out of range: draw again
    }
  }
}

/** What {@link handle} needs from the server: the credential check, the body bound, the UTF-8 decoder, the sync hook. */
type HttpLimits = {
  auth: (header: string | undefined) => boolean
  maxBody: number
  decoder: TextDecoder
  /** Runs after a request's calls, before its answer is sent (the `sync` write). */
  afterCall: () => void
  /** The request log ({@link DevnetOptions.log}). */
  log?: DevnetLogger
  /** The explorer answering GET requests ({@link DevnetOptions.explorer}). */
  explorer?: Explorer
}

type RpcErrorObject = { code: number; message: string }
type Outcome = { result: unknown; error: RpcErrorObject | null }

function statusFor(code: number): number {
  if (code === RPC_CODES.INVALID_REQUEST) return 400
  if (code === RPC_CODES.METHOD_NOT_FOUND) return 404
  return 500
}

/** One reply object; `rawId` is the id's JSON text exactly as the client sent it (absent: null). */
function replyText(o: Outcome, rawId: string | undefined): string {
  return `{"result":${devnetJson(o.result ?? null)},"error":${o.error === null ? 'null' : devnetJson(o.error)},"id":${rawId ?? 'null'}}`
}

async function runOne(node: DevnetNode, req: unknown, log?: DevnetLogger): Promise<Outcome> {
  if (log === undefined) return runCall(node, req)
  const t0 = performance.now()
  const o = await runCall(node, req)
  const r = req as { method?: unknown; params?: unknown } | null
  const method = typeof r === 'object' && r !== null && typeof r.method === 'string' ? r.method : '(invalid)'
  const params = typeof r === 'object' && r !== null && Array.isArray(r.params) ? r.params : []
  try {
    log({
      time: new Date().toISOString(),
      method,
      params: redactParams(method, params),
      ms: performance.now() - t0,
      error: o.error,
    })
  } catch {
    // a failing logger never changes the answer
  }
  return o
}

async function runCall(node: DevnetNode, req: unknown): Promise<Outcome> {
  try {
    if (typeof req !== 'object' || req === null || Array.isArray(req))
      throw new DevnetRefusal(RPC_CODES.INVALID_REQUEST, 'Invalid Request object')
    const { method, params } = req as { method?: unknown; params?: unknown }
    if (method === undefined) throw new DevnetRefusal(RPC_CODES.INVALID_REQUEST, 'Missing method')
    if (typeof method !== 'string') throw new DevnetRefusal(RPC_CODES.INVALID_REQUEST, 'Method must be a string')
    let list: unknown[]
    if (params === undefined || params === null) list = []
    else if (Array.isArray(params)) list = params
    else throw new DevnetRefusal(RPC_CODES.INVALID_REQUEST, 'Params must be an array')
    return { result: (await callDevnet(node, method, list)) ?? null, error: null }
  } catch (e) {
    if (e instanceof DevnetRefusal) return { result: null, error: { code: e.rpcCode, message: e.rpcMessage } }
    if (e instanceof KomodoCcError) return { result: null, error: { code: RPC_CODES.MISC_ERROR, message: e.message } }
    return { result: null, error: { code: RPC_CODES.MISC_ERROR, message: 'internal error' } }
  }
}

const PARSE_ERROR: Outcome = { result: null, error: { code: RPC_CODES.PARSE_ERROR, message: 'Parse error' } }

/**
 * Answers a whole request body: HTTP status and reply text. Text that is not UTF-8, not JSON, or nested deeper than
 * MAX_JSON_DEPTH is a -32700 Parse error (komodod's UniValue refuses all three); ids are echoed as sent.
 */
async function answer(node: DevnetNode, body: Uint8Array, limits: HttpLimits): Promise<[number, string]> {
  let parsed: unknown
  let ids
  try {
    const text = limits.decoder.decode(body)
    ids = scanRequestIds(text)
    if (typeof ids === 'string') return [500, replyText(PARSE_ERROR, undefined)]
    parsed = JSON.parse(text)
  } catch {
    return [500, replyText(PARSE_ERROR, undefined)]
  }
  let status: number
  let text: string
  if (ids.kind === 'batch' && Array.isArray(parsed)) {
    const replies: string[] = []
    for (const [i, r] of parsed.entries()) replies.push(replyText(await runOne(node, r, limits.log), ids.ids[i]))
    status = 200
    text = `[${replies.join(',')}]`
  } else {
    const o = await runOne(node, parsed, limits.log)
    status = o.error === null ? 200 : statusFor(o.error.code)
    text = replyText(o, ids.kind === 'single' ? ids.id : undefined)
  }
  try {
    limits.afterCall()
  } catch (e) {
    const why = e instanceof KomodoCcError ? String(e.details.reason ?? e.code) : 'error'
    return [
      500,
      replyText(
        { result: null, error: { code: RPC_CODES.MISC_ERROR, message: `devnet data file not written (${why})` } },
        undefined,
      ),
    ]
  }
  return [status, text]
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  })
  res.end(body)
}

function handle(node: DevnetNode, req: IncomingMessage, res: ServerResponse, limits: HttpLimits): void {
  // No `Keep-Alive: timeout=N` (Node adds one unless the response names its connection; komodod's libevent sends
  // none): a client told N keeps the connection for N less a margin counted on its own clock, and undici counts in
  // 500 ms ticks that fall behind under load, so it reused connections the server had just closed (ECONNRESET,
  // UND_ERR_SOCKET). Untold, clients keep theirs for a few seconds (undici 4 s), far inside requestTimeout.
  if (res.shouldKeepAlive) res.setHeader('connection', 'keep-alive')
  req.on('error', () => {
    res.destroy()
  })
  if (req.method === 'GET' && limits.explorer !== undefined) {
    serveExplorer(node, limits.explorer, req, res)
    return
  }
  if (req.method !== 'POST') {
    send(res, 405, 'JSONRPC server handles only POST requests', { 'content-type': 'text/plain' })
    req.resume()
    return
  }
  if (!limits.auth(req.headers.authorization)) {
    send(res, 401, '', { 'www-authenticate': 'Basic realm="jsonrpc"', 'content-type': 'text/html' })
    req.resume()
    return
  }
  const declared = Number(req.headers['content-length'] ?? '0')
  if (declared > limits.maxBody) {
    send(res, 413, 'Request Entity Too Large', { 'content-type': 'text/plain', connection: 'close' })
    req.destroy()
    return
  }
  const chunks: Buffer[] = []
  let size = 0
  let tooBig = false
  req.on('data', (c: Buffer) => {
    if (tooBig) return
    size += c.length
    if (size > limits.maxBody) {
      tooBig = true
      chunks.length = 0
      send(res, 413, 'Request Entity Too Large', { 'content-type': 'text/plain', connection: 'close' })
      req.destroy()
      return
    }
    chunks.push(c)
  })
  req.on('end', () => {
    if (tooBig) return
    answer(node, Buffer.concat(chunks), limits).then(
      ([status, text]) => {
        send(res, status, text + '\n')
      },
      () => {
        send(
          res,
          500,
          replyText({ result: null, error: { code: RPC_CODES.MISC_ERROR, message: 'internal error' } }, undefined) +
            '\n',
        )
      },
    )
  })
}
