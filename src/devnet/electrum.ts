// The devnet speaks Electrum (issue 19; shared/spec/electrum.md): an ElectrumX-like server over the devnet's
// in-memory chain, on one port for newline-delimited JSON-RPC over TCP and for WebSocket (an HTTP GET upgrade is told
// apart from JSON by its first byte). Behaves as ElectrumX 1.20 with Komodo's classes: protocol 1.4 to 1.6, version
// first, canonical mempool order, full 1487-byte headers, ElectrumX's error codes and texts, its size limits.
import { createServer, type Server, type Socket } from 'node:net'
import { bytesToHex } from '../bytes/hex.js'
import { txidToInternalBytes, internalBytesToTxid } from '../bytes/uint256.js'
import { concatBytes, utf8ToBytes } from '../bytes/utils.js'
import { KomodoCcError } from '../errors.js'
import { decodeRawTransaction } from '../tx/decode.js'
import { scripthash as scripthashOf, electrumStatus, sortElectrumMempool } from '../electrum/scripthash.js'
import { LineFramer, WsReader, WS_OP, encodeWsFrame, wsAcceptKey } from '../electrum/framing.js'
import { merkleBranch } from '../electrum/merkle.js'
import { devnetBlockHeader } from './chain.js'
import type { DevnetNode } from './node.js'
import { DevnetRefusal } from './refusal.js'
import { acceptTransaction } from './validate.js'
import { devnetJson } from './json.js'

/** Options of the devnet's Electrum server: `electrum` of {@link startDevnet}. */
export type ElectrumServerOptions = {
  /** TCP port on 127.0.0.1 (default 0: a free port). TCP and WebSocket share it. */
  port?: number
  /** Largest serialized reply, and running total of a batch's replies (ElectrumX `MAX_SEND`, default 8,100,000). */
  maxSend?: number
  /** Largest incoming line or WebSocket message (`MAX_RECV`, default 1,000,000); longer lines are dropped unanswered. */
  maxRecv?: number
  /** Most sessions at once (`MAX_SESSIONS`, default 1000); further connections are closed at once. */
  maxSessions?: number
  /** Confirmed history entries at which `get_history`/`subscribe` fail with `history too large` (default maxSend // 99). */
  historyLimit?: number
  /** Seconds a session may stay without sending anything (`SESSION_TIMEOUT`, default 600). */
  sessionTimeout?: number
  /**
   * Bytes of replies a session may leave unsent (the client does not read): above it the server stops reading that
   * client's requests until it drains; still above it after `stallTimeout` seconds, or above twice it, the session is
   * dropped and its buffers freed (default 16 MiB).
   */
  maxPendingBytes?: number
  /** Seconds a session may stay stalled above `maxPendingBytes` before it is dropped (default 30). */
  stallTimeout?: number
  /** How often, in ms, the chain is polled for blocks and mempool changes to notify (default 100). */
  pollMs?: number
  /** Pad TCP replies to 1024 bytes with spaces before the last `}`/`]`, as ElectrumX ≥ 1.18 (default false). */
  padding?: boolean
  /** `'komodo'`: `mempool.get_info` fails with −32603 as on real Komodo servers (default: relay-fee values). */
  like?: 'komodo' | 'devnet'
}

/** Where a running devnet Electrum server listens. */
export type ElectrumEndpoint = Readonly<{
  host: string
  port: number
  /** `tcp://127.0.0.1:<port>` */
  url: string
  /** `ws://127.0.0.1:<port>` (same port) */
  wsUrl: string
}>

/** A running devnet Electrum server. */
export type ElectrumServer = ElectrumEndpoint & {
  /** Sessions open now. */
  readonly sessions: number
  /** Re-reads the chain now and sends the notifications due (the poll does it within `pollMs`). */
  refresh(): void
  /** Closes every session and the listener. */
  close(): Promise<void>
}

/** The software string `server.version` and `server.features` give. */
export const DEVNET_ELECTRUM_SOFTWARE = 'komodo-cc devnet 0.1 (ElectrumX 1.20 protocol)'
const PROTOCOL_MIN: Version = [1, 4]
const PROTOCOL_MAX: Version = [1, 6]
const MAX_CHUNK = 2016
const RELAY_FEE = 0.000001

type Version = number[]
type Json = unknown

// ElectrumX's codes (electrum.md 5.1)
const BAD_REQUEST = 1
const DAEMON_ERROR = 2
const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600
const METHOD_NOT_FOUND = -32601
const INVALID_ARGS = -32602
const INTERNAL_ERROR = -32603

class Fault {
  constructor(
    readonly code: number,
    readonly message: string,
  ) {}
}

/** Thousands separators, as Python's `f'{n:,d}'` (ElectrumX's heights and sizes in messages). */
const commas = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** Python's repr of a str (single quotes unless the text has one and no double quote). */
function pyStr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'"
  let out = ''
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (ch === '\\') out += '\\\\'
    else if (ch === q) out += '\\' + q
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0')
    else out += ch
  }
  return q + out + q
}

/** `daemon error: DaemonError({'code': -5, 'message': '…'})` (electrum.md 5.3): KDF looks for `'code': -5` in it. */
const daemonError = (code: number, message: string): Fault =>
  new Fault(DAEMON_ERROR, `daemon error: DaemonError({'code': ${code}, 'message': ${pyStr(message)}})`)

/** How a value prints inside ElectrumX's messages (an f-string of the Python value). */
function pyValue(v: unknown): string {
  if (typeof v === 'string') return v
  if (v === null || v === undefined) return 'None'
  if (v === true) return 'True'
  if (v === false) return 'False'
  if (typeof v === 'number') return String(v)
  return JSON.stringify(v)
}

const versionText = (v: Version): string => v.join('.')
function parseVersion(v: unknown): Version | undefined {
  if (typeof v !== 'string' || !/^\d{1,4}(\.\d{1,4}){0,3}$/.test(v)) return undefined
  return v.split('.').map(Number)
}
function cmpVersion(a: Version, b: Version): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1)
    if (d !== 0) return d
  }
  return 0
}

// ---------------------------------------------------------------------------------------------------------------
// the index: what ElectrumX keeps per script hash, built from the devnet chain

type Unspent = { txid: string; vout: number; value: bigint; height: number }
type MempoolTx = { txid: string; height: 0 | -1; fee: bigint; touches: Set<string> }

const okey = (txid: string, vout: number): string => `${txid}:${vout}`

/**
 * ElectrumX's view of the devnet chain: confirmed history and unspent outputs per script hash (every output but
 * OP_RETURN, the genesis block included: its premine is the devnet wallet's money), and the mempool's. Blocks are
 * only appended on the devnet, so the confirmed part grows incrementally, except after a `revert` (src/devnet/snapshot.ts)
 * replaced the chain: then the confirmed part is rebuilt from genesis. The mempool part is rebuilt on change.
 */
class ElectrumIndex {
  private indexed = 0
  /** Hash of the last indexed block: a different block at that height means the chain was reverted. */
  private indexedTip = ''
  readonly history = new Map<string, string[]>()
  readonly unspent = new Map<string, Map<string, Unspent>>()
  /** script hash of every confirmed output */
  private readonly outputHash = new Map<string, string>()
  mempool = new Map<string, MempoolTx>()
  /** script hash → mempool txids touching it */
  mempoolTouch = new Map<string, Set<string>>()
  /** outpoints spent by mempool transactions */
  mempoolSpent = new Set<string>()
  private revision = -1

  constructor(readonly node: DevnetNode) {}

  /** Brings the index up to the chain; returns the script hashes whose status may have changed. */
  update(): Set<string> {
    const chain = this.node.chain
    const changed = new Set<string>()
    if (chain.revision === this.revision) return changed
    this.revision = chain.revision
    if (this.indexed > 0 && chain.blocks[this.indexed - 1]?.hash !== this.indexedTip) {
      // reverted: every script known so far may have changed
      for (const sh of this.history.keys()) changed.add(sh)
      this.history.clear()
      this.unspent.clear()
      this.outputHash.clear()
      this.indexed = 0
    }
    for (; this.indexed < chain.blocks.length; this.indexed++) {
      const b = chain.blocks[this.indexed]!
      for (const id of b.txids) {
        const { tx } = chain.txs.get(id)!
        const touched = new Set<string>()
        const coinbase = tx.vin.length === 1 && tx.vin[0]!.vout === 0xffffffff && /^0{64}$/.test(tx.vin[0]!.txid)
        if (!coinbase)
          for (const i of tx.vin) {
            const k = okey(i.txid, i.vout)
            const sh = this.outputHash.get(k)
            if (sh === undefined) continue
            touched.add(sh)
            this.unspent.get(sh)?.delete(k)
          }
        tx.vout.forEach((o, vout) => {
          if (o.script[0] === 0x6a || (o.script[0] === 0x00 && o.script[1] === 0x6a)) return
          const sh = scripthashOf(o.script)
          touched.add(sh)
          const k = okey(id, vout)
          this.outputHash.set(k, sh)
          let m = this.unspent.get(sh)
          if (m === undefined) this.unspent.set(sh, (m = new Map()))
          m.set(k, { txid: id, vout, value: o.value, height: b.height })
        })
        for (const sh of touched) {
          let h = this.history.get(sh)
          if (h === undefined) this.history.set(sh, (h = []))
          h.push(id)
          changed.add(sh)
        }
      }
      this.indexedTip = b.hash
    }
    // the mempool, rebuilt
    for (const sh of this.mempoolTouch.keys()) changed.add(sh)
    const mempool = new Map<string, MempoolTx>()
    const touch = new Map<string, Set<string>>()
    const spent = new Set<string>()
    const inMempool = new Set(chain.mempool)
    for (const id of chain.mempool) {
      const e = chain.txs.get(id)!
      const touches = new Set<string>()
      let height: 0 | -1 = 0
      for (const i of e.tx.vin) {
        spent.add(okey(i.txid, i.vout))
        if (inMempool.has(i.txid)) {
          height = -1
          const o = chain.txs.get(i.txid)?.tx.vout[i.vout]
          if (o !== undefined) touches.add(scripthashOf(o.script))
        } else {
          const sh = this.outputHash.get(okey(i.txid, i.vout))
          if (sh !== undefined) touches.add(sh)
        }
      }
      // every mempool output is indexed by ElectrumX, OP_RETURN included (a quirk the devnet does not copy)
      for (const o of e.tx.vout) if (o.script[0] !== 0x6a) touches.add(scripthashOf(o.script))
      mempool.set(id, { txid: id, height, fee: e.fee > 0n ? e.fee : 0n, touches })
      for (const sh of touches) {
        let s = touch.get(sh)
        if (s === undefined) touch.set(sh, (s = new Set()))
        s.add(id)
        changed.add(sh)
      }
    }
    this.mempool = mempool
    this.mempoolTouch = touch
    this.mempoolSpent = spent
    return changed
  }

  /** True when the chain changed since the last update. */
  stale(): boolean {
    return this.node.chain.revision !== this.revision
  }

  /** The script's mempool entries in canonical order. */
  mempoolOf(sh: string): MempoolTx[] {
    const ids = this.mempoolTouch.get(sh)
    if (ids === undefined) return []
    return sortElectrumMempool([...ids].map((id) => this.mempool.get(id)!))
  }

  confirmedHistory(sh: string): { txid: string; height: number }[] {
    const txs = this.node.chain.txs
    return (this.history.get(sh) ?? []).map((txid) => ({ txid, height: txs.get(txid)!.height }))
  }
}

// ---------------------------------------------------------------------------------------------------------------
// sessions

type Session = {
  id: number
  send: (text: string) => void
  close: () => void
  version?: Version
  strict?: boolean
  headers: boolean
  lastHeight: number
  /** script hash as spelled by the client → last status sent */
  subs: Map<string, string | null>
  idle?: ReturnType<typeof setTimeout>
  /** When the session last sent a message (ms): with a full table, the longest silent one gives way. */
  lastActive: number
  /** Set while reading is paused for unsent replies: the drop timer. */
  stall?: ReturnType<typeof setTimeout>
  /** an unsupported protocol version: the reply goes out, then the connection closes */
  closeAfterReply?: boolean
  destroy: () => void
}

type MethodSpec = {
  params: readonly string[]
  /** required parameters (the rest are optional) */
  required: number
  /** extra positional arguments are ignored (server.version since 1.19) */
  tolerant?: boolean
  since?: Version
  before?: Version
  run: (s: Session, args: unknown[]) => Json
}

/**
 * Starts an Electrum server over a devnet node's chain on 127.0.0.1 (TCP and WebSocket on one port).
 * @throws KomodoCcError DEVNET (bad options, port in use)
 * @example const el = await startElectrumServer(node, { port: 0 }); el.url // 'tcp://127.0.0.1:…'
 */
export async function startElectrumServer(
  node: DevnetNode,
  options: ElectrumServerOptions = {},
): Promise<ElectrumServer> {
  const opt = (name: keyof ElectrumServerOptions, dflt: number, min: number, max: number): number => {
    const v = options[name] ?? dflt
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
      throw new KomodoCcError('DEVNET', `electrum.${name} must be a number within ${min}..${max}`, { name })
    return v
  }
  const port = opt('port', 0, 0, 65535)
  const maxSend = opt('maxSend', 8_100_000, 1024, 1e9)
  const maxRecv = opt('maxRecv', 1_000_000, 1024, 1e9)
  const maxSessions = opt('maxSessions', 1000, 1, 1e6)
  const historyLimit = opt('historyLimit', Math.floor(maxSend / 99), 1, 1e9)
  const sessionTimeout = opt('sessionTimeout', 600, 0.05, 86400)
  const maxPendingBytes = opt('maxPendingBytes', 16 * 1024 * 1024, 1024, 1e10)
  const stallTimeout = opt('stallTimeout', 30, 0.05, 86400)
  const pollMs = opt('pollMs', 100, 5, 60_000)
  const padding = options.padding ?? false
  const like = options.like ?? 'devnet'
  const chain = node.chain
  const index = new ElectrumIndex(node)
  index.update()
  const sessions = new Set<Session>()
  let nextSession = 0
  const headerCache: string[] = []

  const headerHex = (height: number): string => {
    let h = headerCache[height]
    if (h === undefined) {
      const b = chain.blocks[height]!
      h = headerCache[height] = bytesToHex(devnetBlockHeader(b.prevHash, b.merkleRoot, b.time, b.height, b.nonce))
    }
    return h
  }
  const tipHeader = (): { hex: string; height: number } => ({ hex: headerHex(chain.height), height: chain.height })

  // ---- parameter checks (texts of ElectrumX's session.py)
  const scripthashArg = (v: unknown): string => {
    if (typeof v === 'string' && /^[0-9a-fA-F]{64}$/.test(v)) return v.toLowerCase()
    throw new Fault(BAD_REQUEST, `${pyValue(v)} is not a valid script hash`)
  }
  const txHashArg = (v: unknown): string => {
    if (typeof v === 'string' && /^[0-9a-fA-F]{64}$/.test(v)) return v.toLowerCase()
    throw new Fault(BAD_REQUEST, `${pyValue(v)} should be a transaction hash`)
  }
  const nonNegInt = (v: unknown): number => {
    let n: number | undefined
    if (typeof v === 'boolean') n = v ? 1 : 0
    else if (typeof v === 'number' && Number.isFinite(v)) n = Math.trunc(v)
    else if (typeof v === 'string' && /^\s*[+]?\d{1,15}\s*$/.test(v)) n = Number(v.trim())
    if (n === undefined || n < 0 || !Number.isSafeInteger(n))
      throw new Fault(BAD_REQUEST, `${pyValue(v)} should be a non-negative integer`)
    return n
  }
  const boolArg = (v: unknown, name: string): boolean => {
    if (v === true || v === false) return v
    if (v === 0 || v === 1) return v === 1
    throw new Fault(BAD_REQUEST, `"${name}" must be a boolean`)
  }

  const tooLargeHistory = (sh: string): boolean => (index.history.get(sh)?.length ?? 0) >= historyLimit
  const historyOf = (sh: string): Json => {
    if (tooLargeHistory(sh)) throw new Fault(BAD_REQUEST, 'history too large')
    return [
      ...index.confirmedHistory(sh).map((h) => ({ tx_hash: h.txid, height: h.height })),
      ...index.mempoolOf(sh).map((m) => ({ tx_hash: m.txid, height: m.height, fee: m.fee })),
    ]
  }
  const statusOf = (sh: string): string | null =>
    electrumStatus([
      ...index.confirmedHistory(sh),
      ...index.mempoolOf(sh).map((m) => ({ txid: m.txid, height: m.height })),
    ])

  const verboseTx = (txid: string): Json => {
    const e = chain.txs.get(txid)!
    const out: Record<string, unknown> = { hex: e.hex, ...(decodeRawTransaction(e.hex) as Record<string, unknown>) }
    if (e.height >= 0) {
      const conf = chain.height - e.height + 1
      Object.assign(out, {
        blockhash: e.blockHash,
        height: e.height,
        confirmations: conf,
        rawconfirmations: conf,
        time: e.time,
        blocktime: e.time,
      })
    }
    return out
  }
  const knownTx = (txid: string): void => {
    if (!chain.txs.has(txid)) throw daemonError(-5, 'No information available about transaction')
  }
  const blockMerkle = (height: number, pos: number): string[] => {
    const ids = chain.blocks[height]!.txids
    return merkleBranch(
      ids.map((t) => txidToInternalBytes(t)),
      pos,
    ).branch.map((b) => internalBytesToTxid(b))
  }
  const headerProof = (height: number, cp: number): { branch: string[]; root: string } => {
    const tip = chain.height
    if (!(height <= cp && cp <= tip))
      throw new Fault(
        BAD_REQUEST,
        `require header height ${commas(height)} <= cp_height ${commas(cp)} <= chain height ${commas(tip)}`,
      )
    const leaves = chain.blocks.slice(0, cp + 1).map((b) => txidToInternalBytes(b.hash))
    const { branch, root } = merkleBranch(leaves, height)
    return { branch: branch.map((b) => internalBytesToTxid(b)), root: internalBytesToTxid(root) }
  }
  const utxosOf = (sh: string): Json => {
    const out: Json[] = []
    for (const u of index.unspent.get(sh)?.values() ?? [])
      if (!index.mempoolSpent.has(okey(u.txid, u.vout)))
        out.push({ tx_hash: u.txid, tx_pos: u.vout, height: u.height, value: u.value })
    for (const m of index.mempoolOf(sh)) {
      const e = chain.txs.get(m.txid)!
      e.tx.vout.forEach((o, vout) => {
        if (o.script[0] === 0x6a || index.mempoolSpent.has(okey(m.txid, vout))) return
        if (scripthashOf(o.script) === sh) out.push({ tx_hash: m.txid, tx_pos: vout, height: 0, value: o.value })
      })
    }
    return out
  }
  const balanceOf = (sh: string): Json => {
    let confirmed = 0n
    for (const u of index.unspent.get(sh)?.values() ?? []) confirmed += u.value
    let unconfirmed = 0n
    for (const m of index.mempoolOf(sh)) {
      const e = chain.txs.get(m.txid)!
      for (const i of e.tx.vin) {
        const o = chain.txs.get(i.txid)?.tx.vout[i.vout]
        if (o !== undefined && scripthashOf(o.script) === sh) unconfirmed -= o.value
      }
      for (const o of e.tx.vout) if (o.script[0] !== 0x6a && scripthashOf(o.script) === sh) unconfirmed += o.value
    }
    return { confirmed, unconfirmed }
  }

  const METHODS: Record<string, MethodSpec> = {
    'server.version': {
      params: ['client_name', 'protocol_version'],
      required: 0,
      tolerant: true,
      run: (s, [_name, pv]) => {
        if (s.version !== undefined) throw new Fault(BAD_REQUEST, 'server.version already sent')
        let lo: Version | undefined
        let hi: Version | undefined
        if (pv === undefined || pv === null) lo = hi = PROTOCOL_MIN
        else if (typeof pv === 'string') lo = hi = parseVersion(pv)
        else if (Array.isArray(pv) && pv.length === 2) {
          lo = parseVersion(pv[0])
          hi = parseVersion(pv[1])
        }
        const chosen = hi === undefined ? undefined : cmpVersion(hi, PROTOCOL_MAX) < 0 ? hi : PROTOCOL_MAX
        const floor = lo === undefined ? undefined : cmpVersion(lo, PROTOCOL_MIN) > 0 ? lo : PROTOCOL_MIN
        if (chosen === undefined || floor === undefined || cmpVersion(chosen, floor) < 0) {
          const shown = Array.isArray(pv) ? `[${pv.map((x) => pyStr(String(x))).join(', ')}]` : pyValue(pv)
          s.closeAfterReply = true
          throw new Fault(BAD_REQUEST, `unsupported protocol version: ${shown}`)
        }
        s.version = chosen
        return [DEVNET_ELECTRUM_SOFTWARE, versionText(chosen)]
      },
    },
    'server.ping': { params: [], required: 0, run: () => null },
    'server.banner': {
      params: [],
      required: 0,
      run: () => `You are connected to a ${DEVNET_ELECTRUM_SOFTWARE} server.`,
    },
    'server.donation_address': { params: [], required: 0, run: () => '' },
    'server.peers.subscribe': { params: [], required: 0, run: () => [] },
    'server.add_peer': { params: ['features'], required: 1, run: () => false },
    'server.features': {
      params: [],
      required: 0,
      run: () => ({
        hosts: { '127.0.0.1': { tcp_port: endpoint.port, ssl_port: null, ws_port: endpoint.port } },
        pruning: null,
        server_version: DEVNET_ELECTRUM_SOFTWARE,
        protocol_min: versionText(PROTOCOL_MIN),
        protocol_max: '1.6.0',
        genesis_hash: chain.blocks[0]!.hash,
        hash_function: 'sha256',
        services: [`tcp://127.0.0.1:${endpoint.port}`, `ws://127.0.0.1:${endpoint.port}`],
      }),
    },
    'blockchain.headers.subscribe': {
      params: [],
      required: 0,
      run: (s) => {
        s.headers = true
        s.lastHeight = chain.height
        return tipHeader()
      },
    },
    'blockchain.block.header': {
      params: ['height', 'cp_height'],
      required: 1,
      run: (_s, [h, cp]) => {
        const height = nonNegInt(h)
        const cpHeight = cp === undefined ? 0 : nonNegInt(cp)
        if (height > chain.height) throw new Fault(BAD_REQUEST, `height ${commas(height)} out of range`)
        if (cpHeight === 0) return headerHex(height)
        return { ...headerProof(height, cpHeight), header: headerHex(height) }
      },
    },
    'blockchain.block.headers': {
      params: ['start_height', 'count', 'cp_height'],
      required: 2,
      run: (s, [st, c, cp]) => {
        const start = nonNegInt(st)
        const count = nonNegInt(c)
        const cpHeight = cp === undefined ? 0 : nonNegInt(cp)
        const n = Math.max(0, Math.min(count, MAX_CHUNK, chain.height - start + 1))
        const hexes: string[] = []
        for (let i = 0; i < n; i++) hexes.push(headerHex(start + i))
        const out: Record<string, unknown> =
          cmpVersion(s.version ?? PROTOCOL_MIN, [1, 6]) >= 0
            ? { count: n, max: MAX_CHUNK, headers: hexes }
            : { hex: hexes.join(''), count: n, max: MAX_CHUNK }
        if (n > 0 && cpHeight > 0) Object.assign(out, headerProof(start + n - 1, cpHeight))
        return out
      },
    },
    'blockchain.estimatefee': {
      params: ['number', 'mode'],
      required: 1,
      run: (_s, [n, mode]) => {
        nonNegInt(n)
        if (mode !== undefined && mode !== null) {
          if (typeof mode !== 'string' || !['CONSERVATIVE', 'ECONOMICAL'].includes(mode.toUpperCase()))
            throw new Fault(BAD_REQUEST, `unknown estimatefee mode: ${pyValue(mode)}`)
          // komodod's estimatefee takes exactly one argument: it answers its help text (electrum.md 9.3)
          throw daemonError(-1, 'estimatefee nblocks\n')
        }
        return -1
      },
    },
    'blockchain.relayfee': { params: [], required: 0, before: [1, 6], run: () => RELAY_FEE },
    'blockchain.scripthash.get_balance': {
      params: ['scripthash'],
      required: 1,
      run: (_s, [sh]) => balanceOf(scripthashArg(sh)),
    },
    'blockchain.scripthash.get_history': {
      params: ['scripthash'],
      required: 1,
      run: (_s, [sh]) => historyOf(scripthashArg(sh)),
    },
    'blockchain.scripthash.get_mempool': {
      params: ['scripthash'],
      required: 1,
      run: (_s, [sh]) =>
        index.mempoolOf(scripthashArg(sh)).map((m) => ({ tx_hash: m.txid, height: m.height, fee: m.fee })),
    },
    'blockchain.scripthash.listunspent': {
      params: ['scripthash'],
      required: 1,
      run: (_s, [sh]) => utxosOf(scripthashArg(sh)),
    },
    'blockchain.scripthash.subscribe': {
      params: ['scripthash'],
      required: 1,
      run: (s, [spelled]) => {
        const sh = scripthashArg(spelled)
        if (tooLargeHistory(sh)) throw new Fault(BAD_REQUEST, 'history too large')
        const status = statusOf(sh)
        s.subs.set(spelled as string, status)
        return status
      },
    },
    'blockchain.scripthash.unsubscribe': {
      params: ['scripthash'],
      required: 1,
      since: [1, 4, 2],
      run: (s, [spelled]) => {
        scripthashArg(spelled)
        return s.subs.delete(spelled as string)
      },
    },
    'blockchain.transaction.get': {
      params: ['tx_hash', 'verbose'],
      required: 1,
      run: (_s, [t, v]) => {
        const txid = txHashArg(t)
        const verbose = v === undefined ? false : boolArg(v, 'verbose')
        knownTx(txid)
        return verbose ? verboseTx(txid) : chain.txs.get(txid)!.hex
      },
    },
    'blockchain.transaction.get_merkle': {
      params: ['tx_hash', 'height'],
      required: 2,
      run: (_s, [t, h]) => {
        const txid = txHashArg(t)
        const height = nonNegInt(h)
        if (height > chain.height)
          throw new Fault(
            BAD_REQUEST,
            `db error: DBError('block ${commas(height)} not on disk (>${commas(chain.height)})')`,
          )
        const pos = chain.blocks[height]!.txids.indexOf(txid)
        if (pos < 0) throw new Fault(BAD_REQUEST, `tx ${txid} not in block at height ${commas(height)}`)
        return { block_height: height, merkle: blockMerkle(height, pos), pos }
      },
    },
    'blockchain.transaction.id_from_pos': {
      params: ['height', 'tx_pos', 'merkle'],
      required: 2,
      run: (_s, [h, p, m]) => {
        const height = nonNegInt(h)
        const pos = nonNegInt(p)
        const merkle = m === undefined ? false : boolArg(m, 'merkle')
        if (height > chain.height)
          throw new Fault(
            BAD_REQUEST,
            `db error: DBError('block ${commas(height)} not on disk (>${commas(chain.height)})')`,
          )
        const txid = chain.blocks[height]!.txids[pos]
        if (txid === undefined)
          throw new Fault(BAD_REQUEST, `no tx at position ${commas(pos)} in block at height ${commas(height)}`)
        return merkle ? { tx_hash: txid, merkle: blockMerkle(height, pos) } : txid
      },
    },
    'blockchain.transaction.broadcast': {
      params: ['raw_tx'],
      required: 1,
      run: (_s, [raw]) => {
        if (typeof raw !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(raw))
          throw new Fault(BAD_REQUEST, `${pyValue(raw)} should be a hex string`)
        let txid: string
        try {
          txid = acceptTransaction(chain, raw, {
            validators: node.validators,
            ...(node.policy ? { policy: node.policy } : {}),
          }).txid
        } catch (e) {
          const why =
            e instanceof DevnetRefusal
              ? e.rpcMessage
              : e instanceof KomodoCcError
                ? 'TX decode failed'
                : 'internal error'
          throw new Fault(BAD_REQUEST, `the transaction was rejected by network rules.\n\n${why}\n[${raw}]`)
        }
        queueMicrotask(refresh)
        return txid
      },
    },
    'blockchain.transaction.broadcast_package': {
      params: ['raw_txs', 'verbose'],
      required: 1,
      since: [1, 6],
      run: () => {
        throw daemonError(-32601, 'Method not found')
      },
    },
    'mempool.get_fee_histogram': {
      params: [],
      required: 0,
      run: () => {
        const bins = new Map<number, number>()
        for (const id of chain.mempool) {
          const e = chain.txs.get(id)!
          const size = e.hex.length / 2
          const rate = Math.floor(Number(e.fee) / size)
          bins.set(rate, (bins.get(rate) ?? 0) + size)
        }
        return [...bins.entries()].sort((a, b) => b[0] - a[0])
      },
    },
    'mempool.get_info': {
      params: [],
      required: 0,
      since: [1, 6],
      run: () => {
        if (like === 'komodo') throw new Fault(INTERNAL_ERROR, 'internal server error')
        return { mempoolminfee: RELAY_FEE, minrelaytxfee: RELAY_FEE, incrementalrelayfee: RELAY_FEE }
      },
    },
  }

  // ---- the JSON-RPC layer
  type Reply = { text: string } | null
  const errorText = (f: Fault, id: unknown): string =>
    `{"jsonrpc":"2.0","error":${JSON.stringify({ code: f.code, message: f.message })},"id":${JSON.stringify(id ?? null)}}`
  const resultText = (result: Json, id: unknown): string =>
    `{"jsonrpc":"2.0","result":${devnetJson(result)},"id":${JSON.stringify(id)}}`
  const tooLarge = (id: unknown): string =>
    errorText(new Fault(INVALID_REQUEST, `response too large (over ${commas(maxSend)} bytes`), id)

  const runRequest = (s: Session, req: unknown): { id: unknown; notification: boolean; text: string } | undefined => {
    if (typeof req !== 'object' || req === null || Array.isArray(req))
      return {
        id: null,
        notification: false,
        text: errorText(new Fault(INVALID_REQUEST, 'request must be an object'), null),
      }
    const r = req as Record<string, unknown>
    const hasId = 'id' in r && r.id !== null
    const id = hasId ? r.id : null
    const fail = (f: Fault): { id: unknown; notification: boolean; text: string } | undefined =>
      hasId ? { id, notification: false, text: errorText(f, id) } : undefined
    if (hasId && typeof id !== 'number' && typeof id !== 'string')
      return {
        id: null,
        notification: false,
        text: errorText(new Fault(INVALID_REQUEST, `invalid "id": ${JSON.stringify(id)}`), null),
      }
    if (s.strict === undefined) s.strict = r.jsonrpc === '2.0'
    else if (s.strict && r.jsonrpc !== '2.0') return fail(new Fault(INVALID_REQUEST, '"jsonrpc" is not "2.0"'))
    if (typeof r.method !== 'string') return fail(new Fault(INVALID_REQUEST, 'missing method'))
    const method = r.method
    const spec = METHODS[method]
    const v = s.version ?? PROTOCOL_MIN
    if (
      spec === undefined ||
      (spec.since !== undefined && cmpVersion(v, spec.since) < 0) ||
      (spec.before !== undefined && cmpVersion(v, spec.before) >= 0)
    )
      return fail(new Fault(METHOD_NOT_FOUND, `unknown method "${method}"`))
    let args: unknown[]
    const p = r.params
    if (p === undefined) args = []
    else if (Array.isArray(p)) args = p
    else if (typeof p === 'object' && p !== null) {
      const names = Object.keys(p)
      const unknown = names.filter((k) => !spec.params.includes(k))
      if (unknown.length > 0) return fail(new Fault(INVALID_ARGS, `invalid parameter names: ${unknown.join(', ')}`))
      args = spec.params.map((k) => (p as Record<string, unknown>)[k])
      while (args.length > 0 && args[args.length - 1] === undefined) args.pop()
    } else return fail(new Fault(INVALID_REQUEST, 'invalid request arguments'))
    if (args.length < spec.required)
      return fail(
        new Fault(
          INVALID_ARGS,
          `${args.length} argument${args.length === 1 ? '' : 's'} passed to method "${method}" but it requires ${spec.required}`,
        ),
      )
    if (args.length > spec.params.length) {
      if (spec.tolerant === true) args = args.slice(0, spec.params.length)
      else
        return fail(
          new Fault(
            INVALID_ARGS,
            `${args.length} arguments passed to method ${method} taking at most ${spec.params.length}`,
          ),
        )
    }
    let result: Json
    try {
      result = spec.run(s, args)
    } catch (e) {
      return fail(e instanceof Fault ? e : new Fault(INTERNAL_ERROR, 'internal server error'))
    }
    if (!hasId) return undefined
    const text = resultText(result, id)
    return { id, notification: false, text: text.length > maxSend ? tooLarge(id) : text }
  }

  /** Answers one incoming message (a line or a WebSocket message); returns the reply text, if any. */
  const onMessage = (s: Session, bytes: Uint8Array): Reply => {
    // answer from the chain as it is now (a block or transaction that came through JSON-RPC since the last poll);
    // the notifications this sends go out before the reply
    if (index.stale()) refresh()
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      return { text: errorText(new Fault(PARSE_ERROR, 'messages must be encoded in UTF-8'), null) }
    }
    if (text.trim() === '') return null
    let msg: unknown
    try {
      msg = JSON.parse(text)
    } catch {
      return { text: errorText(new Fault(PARSE_ERROR, 'invalid JSON'), null) }
    }
    // version first (ElectrumX ≥ 1.19): anything else gets the old-client trap, an error, and the door
    const first = Array.isArray(msg) ? msg[0] : msg
    if (
      s.version === undefined &&
      !(
        typeof first === 'object' &&
        first !== null &&
        (first as { method?: unknown }).method === 'server.version' &&
        !Array.isArray(msg)
      )
    ) {
      s.send('{"jsonrpc":"2.0","method":"blockchain.relayfee"}')
      s.send('{"jsonrpc":"2.0","method":"blockchain.estimatefee"}')
      const id = typeof first === 'object' && first !== null ? ((first as { id?: unknown }).id ?? null) : null
      s.send(errorText(new Fault(BAD_REQUEST, 'use server.version to identify client'), id))
      s.close()
      return null
    }
    if (Array.isArray(msg)) {
      if (msg.length === 0) return { text: errorText(new Fault(INVALID_REQUEST, 'batch is empty'), null) }
      const parts: string[] = []
      let total = 2
      for (const r of msg) {
        const out = runRequest(s, r)
        if (out === undefined) continue
        let t = out.text
        if (total + t.length + 2 > maxSend) t = tooLarge(out.id)
        total += t.length + 2
        parts.push(t)
      }
      return parts.length === 0 ? null : { text: `[${parts.join(', ')}]` }
    }
    const out = runRequest(s, msg)
    return out === undefined ? null : { text: out.text }
  }

  // ---- notifications
  let lastHeight = chain.height
  function refresh(): void {
    const changed = index.update()
    const heightChanged = chain.height !== lastHeight
    lastHeight = chain.height
    if (changed.size === 0 && !heightChanged) return
    const statuses = new Map<string, string | null | undefined>()
    const status = (sh: string): string | null | undefined => {
      if (!statuses.has(sh)) statuses.set(sh, tooLargeHistory(sh) ? undefined : statusOf(sh))
      return statuses.get(sh)
    }
    for (const s of sessions) {
      if (s.headers && s.lastHeight !== chain.height) {
        s.lastHeight = chain.height
        s.send(`{"jsonrpc":"2.0","method":"blockchain.headers.subscribe","params":[${JSON.stringify(tipHeader())}]}`)
      }
      for (const [spelled, last] of s.subs) {
        const sh = spelled.toLowerCase()
        // a mempool −1 can become 0 at a new height, so scripts with mempool entries are looked at on every block
        if (!changed.has(sh) && !(heightChanged && index.mempoolTouch.has(sh))) continue
        const now = status(sh)
        if (now === undefined) {
          // the history went over the limit: the subscription is dropped after one last null
          s.subs.delete(spelled)
          s.send(
            `{"jsonrpc":"2.0","method":"blockchain.scripthash.subscribe","params":[${JSON.stringify(spelled)},null]}`,
          )
        } else if (now !== last) {
          s.subs.set(spelled, now)
          s.send(
            `{"jsonrpc":"2.0","method":"blockchain.scripthash.subscribe","params":[${JSON.stringify(spelled)},${JSON.stringify(now)}]}`,
          )
        }
      }
    }
  }
  const poll = setInterval(() => {
    try {
      refresh()
    } catch {
      // the next poll tries again
    }
  }, pollMs)
  poll.unref()

  // ---- transports
  const padText = (text: string): string => {
    if (!padding || text.length + 1 >= 1024) return text
    const at = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'))
    return text.slice(0, at) + ' '.repeat(1023 - text.length) + text.slice(at)
  }
  const attach = (socket: Socket): void => {
    if (sessions.size >= maxSessions) {
      // a full table: the session silent the longest gives way (at least a second), so idle sockets cannot lock
      // every other client out for SESSION_TIMEOUT; when all are busy, the newcomer is refused
      let oldest: Session | undefined
      for (const x of sessions) if (oldest === undefined || x.lastActive < oldest.lastActive) oldest = x
      if (oldest === undefined || Date.now() - oldest.lastActive < 1000) {
        socket.destroy()
        return
      }
      oldest.destroy()
      sessions.delete(oldest)
    }
    socket.setNoDelay(true)
    let mode: 'unknown' | 'tcp' | 'ws-handshake' | 'ws' = 'unknown'
    let head: Uint8Array = new Uint8Array(0)
    const lines = new LineFramer(maxRecv, 'discard')
    const ws = new WsReader('server', maxRecv)
    let closed = false
    const s: Session = {
      id: nextSession++,
      headers: false,
      lastHeight: chain.height,
      subs: new Map(),
      lastActive: Date.now(),
      send: (text) => {
        if (closed || socket.destroyed) return
        if (mode === 'ws') socket.write(encodeWsFrame(WS_OP.TEXT, utf8ToBytes(text)))
        else socket.write(padText(text) + '\n')
        backpressure()
      },
      close: () => {
        if (closed) return
        closed = true
        if (mode === 'ws') socket.end(encodeWsFrame(WS_OP.CLOSE, new Uint8Array([0x03, 0xe8])))
        else socket.end()
        setTimeout(() => socket.destroy(), 1000).unref()
      },
      destroy: () => socket.destroy(),
    }
    sessions.add(s)
    /** Unsent replies above the bound: stop reading this client; drop it when it stays stalled or doubles it. */
    const backpressure = (): void => {
      const unsent = socket.writableLength
      if (unsent > 2 * maxPendingBytes) {
        socket.destroy()
        return
      }
      if (unsent > maxPendingBytes && s.stall === undefined) {
        socket.pause()
        s.stall = setTimeout(() => socket.destroy(), stallTimeout * 1000)
        s.stall.unref()
      }
    }
    socket.on('drain', () => {
      if (s.stall === undefined) return
      clearTimeout(s.stall)
      s.stall = undefined
      if (!closed) socket.resume()
    })
    const idle = (): void => {
      clearTimeout(s.idle)
      s.idle = setTimeout(() => socket.destroy(), sessionTimeout * 1000)
      s.idle.unref()
    }
    idle()
    const handle = (bytes: Uint8Array): void => {
      const reply = onMessage(s, bytes)
      if (reply !== null) s.send(reply.text)
      if (s.closeAfterReply === true) s.close()
    }
    socket.on('data', (chunk: Buffer) => {
      if (closed) return
      idle()
      s.lastActive = Date.now()
      try {
        let data = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        if (mode === 'unknown') mode = data[0] === 0x47 /* G */ ? 'ws-handshake' : 'tcp'
        if (mode === 'ws-handshake') {
          head = concatBytes(head, data)
          const end = indexOfCrlf2(head)
          if (end < 0) {
            if (head.length > 16384) throw new Error('handshake too long')
            return
          }
          const text = new TextDecoder('latin1').decode(head.subarray(0, end))
          const key = /^sec-websocket-key:[ \t]*(\S+)[ \t]*$/im.exec(text)?.[1]
          if (!/^GET /.test(text) || key === undefined || !/^upgrade:[ \t]*websocket/im.test(text)) {
            closed = true
            socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n')
            return
          }
          socket.write(
            `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${wsAcceptKey(key)}\r\n\r\n`,
          )
          mode = 'ws'
          data = head.subarray(end + 4)
          head = new Uint8Array(0)
          if (data.length === 0) return
        }
        if (mode === 'ws') {
          for (const ev of ws.push(data)) {
            if (ev.kind === 'message') handle(ev.data)
            else if (ev.kind === 'ping') socket.write(encodeWsFrame(WS_OP.PONG, ev.data))
            else if (ev.kind === 'close') s.close()
          }
        } else for (const line of lines.push(data)) handle(line)
      } catch {
        s.close()
        socket.destroy()
      }
    })
    const gone = (): void => {
      closed = true
      clearTimeout(s.idle)
      clearTimeout(s.stall)
      sessions.delete(s)
    }
    socket.on('close', gone)
    socket.on('error', () => socket.destroy())
  }

  const server: Server = createServer(attach)
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) =>
      reject(
        new KomodoCcError(
          'DEVNET',
          `electrum: cannot listen on 127.0.0.1:${port} (${(e as { code?: string }).code ?? 'error'})`,
          { port },
        ),
      ),
    )
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const addr = server.address()
  const realPort = typeof addr === 'object' && addr !== null ? addr.port : port
  const endpoint: ElectrumEndpoint = Object.freeze({
    host: '127.0.0.1',
    port: realPort,
    url: `tcp://127.0.0.1:${realPort}`,
    wsUrl: `ws://127.0.0.1:${realPort}`,
  })
  let closing: Promise<void> | undefined
  return {
    ...endpoint,
    get sessions() {
      return sessions.size
    },
    refresh,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        clearInterval(poll)
        server.close(() => resolve())
        for (const s of [...sessions]) s.destroy()
      })
      return closing
    },
  }
}

/** Offset of the first CRLF CRLF, or −1. */
function indexOfCrlf2(b: Uint8Array): number {
  for (let i = 0; i + 3 < b.length; i++)
    if (b[i] === 0x0d && b[i + 1] === 0x0a && b[i + 2] === 0x0d && b[i + 3] === 0x0a) return i
  return -1
}
