// Which output scripts an address stands for, so that an Electrum view (which indexes scripts, not addresses) can
// answer the address-based ChainView. An address is the HASH160 of one script (P2PKH, CC) or of a key whose P2PK and
// P2PKH scripts both file under it; it cannot be turned back into the scripts, so the book learns them: from the
// keys the caller names, the modules' global keys, and every transaction the view has verified. Pure: no I/O.
import { KomodoCcError } from '../errors.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { decodeAddress, p2pkhAddress } from '../address/address.js'
import { scriptAddress } from '../script/address.js'
import { p2pkScript, p2pkhScript } from '../script/script.js'
import { ccScript } from '../script/cc.js'
import { cc1of1, cc1of2, tokensCc1of1, tokensCc1of2 } from '../cc/condition.js'
import { txidPubkey } from '../cc/address.js'
import { hash160 } from '../hash/index.js'
import { CC_MODULES } from '../cc/eval.js'
import { KNOWN_MODULES } from '../modules/registry/core.js'
import type { Transaction } from '../tx/types.js'
import { base58checkDecode } from '../address/base58check.js'
import { hash160ToAddress } from '../address/address.js'
import { tokenV2Output } from '../modules/tokensv2/build.js'
import { assetsV2MarkerScript, tokensV2GlobalScripts } from '../modules/tokensv2/globals.js'

/**
 * Eval codes whose CC scripts a key is expanded to: the registered modules' (and Assets, tokens' old name), from the
 * registry.
 * @example ELECTRUM_DEFAULT_EVALS.includes(0xf2) // true
 */
export const ELECTRUM_DEFAULT_EVALS: readonly number[] = KNOWN_MODULES.evals

/**
 * Address → scripts, learnt. A key given with {@link ScriptBook.addPubkey} (and each module global key) stands for
 * its P2PK and P2PKH scripts, its CC 1-of-1 and token 1-of-1 scripts for each eval code, and its CC and token 1-of-2
 * scripts with every other such key; keys seen in transactions (P2PK outputs, 33-byte pushes in OP_RETURN payloads)
 * get the 1-of-1 set; a transaction's `CCtxidaddr` pseudo-key gets its P2PK/P2PKH pair; every output script of a
 * verified transaction is filed under its address. Keys seen are expanded only when an address is not found.
 * An address still unknown is read as a P2PKH (or P2SH) address: only that one script.
 * @example const book = new ScriptBook([myPubkey]); book.scriptsOf(p2pkhAddress(myPubkey)).length // 2 (P2PKH, P2PK)
 */
export class ScriptBook {
  private readonly byAddress = new Map<string, Map<string, Uint8Array>>()
  private readonly principals: Uint8Array[] = []
  private readonly seen = new Set<string>()
  private pendingKeys = new Set<string>()
  private pendingTxidKeys = new Set<string>()
  readonly evals: readonly number[]

  constructor(pubkeys: readonly (string | Uint8Array)[] = [], evals: readonly number[] = ELECTRUM_DEFAULT_EVALS) {
    this.evals = [...new Set(evals)]
    for (const m of CC_MODULES) if (this.evals.includes(m.evalCode)) this.addPrincipal(hexToBytes(m.pubkey))
    // Tokel's global v2 outputs: the token marker, the assets coins global and the tokens-in-assets global
    for (const g of Object.values(tokensV2GlobalScripts())) this.addScript(hexToBytes(g))
    for (const pk of pubkeys) this.addPubkey(pk)
  }

  /** Files a script under its address (P2PK under its key's P2PKH address, CC under its CC address). */
  addScript(script: Uint8Array): void {
    if (!(script instanceof Uint8Array)) throw new KomodoCcError('BYTES_TYPE', 'script expected a Uint8Array')
    const address = scriptAddress(script)
    if (address === null) return
    let m = this.byAddress.get(address)
    if (m === undefined) this.byAddress.set(address, (m = new Map()))
    const hex = bytesToHex(script)
    if (!m.has(hex)) m.set(hex, script.slice())
  }

  /** A key of interest (the wallet's, a counterparty's): expanded at once, and paired with the other such keys. */
  addPubkey(pubkey: string | Uint8Array): void {
    const pk = typeof pubkey === 'string' ? hexToBytes(pubkey, 'pubkey') : pubkey
    if (!(pk instanceof Uint8Array) || pk.length !== 33 || (pk[0] !== 2 && pk[0] !== 3))
      throw new KomodoCcError('PUBKEY_INVALID', 'pubkey expected 33 bytes starting 02 or 03')
    this.addPrincipal(pk)
  }

  /** Learns from a verified transaction: its output scripts, and the keys it names (expanded when needed). */
  learnTransaction(txid: string, tx: Transaction): void {
    for (const o of tx.vout) {
      if (o.script[0] === 0x6a) {
        scanKeys(o.script, (k) => this.notice(k))
        continue
      }
      this.addScript(o.script)
      if (o.script.length === 35 && o.script[0] === 0x21 && o.script[34] === 0xac) this.notice(o.script.subarray(1, 34))
    }
    const t = bytesToHex(txidPubkey(txid))
    if (!this.seen.has(t)) this.pendingTxidKeys.add(t)
  }

  /**
   * The scripts `address` stands for (at least one): the book's, after expanding the keys seen if it has none, else
   * the P2PKH (or P2SH) script the address encodes.
   * @throws KomodoCcError ADDRESS_INVALID | ADDRESS_CHECKSUM | ADDRESS_VERSION
   */
  scriptsOf(address: string): Uint8Array[] {
    let m = this.byAddress.get(address)
    if (m === undefined && (this.pendingKeys.size > 0 || this.pendingTxidKeys.size > 0)) {
      this.expandPending()
      m = this.byAddress.get(address)
    }
    if (m === undefined) {
      // a CC address printed with a chain's own CC version (Tokel's C…, 0x1C): the book files it by its hash
      const kmd = ccAddressAsKmd(address)
      if (kmd !== null) m = this.byAddress.get(kmd)
    }
    if (m !== undefined) return [...m.values()].map((s) => s.slice())
    const d = decodeAddress(address)
    return [d.kind === 'p2sh' ? p2shScriptOf(d.hash) : p2pkhScript(d.hash)]
  }

  /** True when the book holds scripts for the address (without expanding anything). */
  knows(address: string): boolean {
    return this.byAddress.has(address)
  }

  private notice(pk: Uint8Array): void {
    const hex = bytesToHex(pk)
    if (!this.seen.has(hex)) this.pendingKeys.add(hex)
  }

  private addPrincipal(pk: Uint8Array): void {
    const hex = bytesToHex(pk)
    if (this.principals.some((p) => bytesToHex(p) === hex)) return
    this.expand(pk)
    for (const q of this.principals)
      for (const ev of this.evals)
        attempt(() => {
          this.addScript(ccScript(cc1of2(ev, pk, q)))
          this.addScript(ccScript(tokensCc1of2(ev, pk, q)))
        })
    this.principals.push(pk.slice())
  }

  private expand(pk: Uint8Array): void {
    const hex = bytesToHex(pk)
    this.seen.add(hex)
    this.pendingKeys.delete(hex)
    this.addNormal(pk)
    for (const ev of this.evals)
      attempt(() => {
        this.addScript(ccScript(cc1of1(ev, pk)))
        this.addScript(ccScript(tokensCc1of1(ev, pk)))
      })
    // Tokel's tokens v2: the key's two token outputs (pubkey, sub-version 0; keyID, sub-version 1) and its DEX order
    // marker, as the v2 builders write them (their OP_DROP params are part of the script Electrum indexes)
    attempt(() => {
      this.addScript(tokenV2Output(hex))
      this.addScript(tokenV2Output(bytesToHex(hash160(pk))))
      this.addScript(assetsV2MarkerScript(hex))
    })
  }

  private addNormal(pk: Uint8Array): void {
    const address = p2pkhAddress(pk)
    let m = this.byAddress.get(address)
    if (m === undefined) this.byAddress.set(address, (m = new Map()))
    for (const s of [p2pkhScript(hash160Of(pk)), p2pkScript(pk)]) m.set(bytesToHex(s), s)
  }

  private expandPending(): void {
    const keys = this.pendingKeys
    this.pendingKeys = new Set()
    for (const hex of keys) if (!this.seen.has(hex)) attempt(() => this.expand(hexToBytes(hex)))
    const txidKeys = this.pendingTxidKeys
    this.pendingTxidKeys = new Set()
    for (const hex of txidKeys)
      if (!this.seen.has(hex)) {
        this.seen.add(hex)
        this.addNormal(hexToBytes(hex))
      }
  }
}

function attempt(f: () => void): void {
  try {
    f()
  } catch {
    // not a usable key for a condition (a pseudo-key or 33 bytes that only look like one)
  }
}

const hash160Of = (pk: Uint8Array): Uint8Array => hash160(pk)

/** A 21-byte address whose version is no KMD one (a chain's CC version, Tokel's 0x1C): its hash as KMD prints it. */
function ccAddressAsKmd(address: string): string | null {
  try {
    const p = base58checkDecode(address)
    if (p.length !== 21 || p[0] === 60 || p[0] === 85) return null
    return hash160ToAddress(p.subarray(1), 'p2pkh')
  } catch {
    return null
  }
}
/** OP_HASH160 <20> OP_EQUAL */
const p2shScriptOf = (h: Uint8Array): Uint8Array => new Uint8Array([0xa9, 0x14, ...h, 0x87])

/** Calls `found` for each 33-byte run after a 0x21 length byte that starts 02/03 (komodod's serialized pubkeys). */
function scanKeys(script: Uint8Array, found: (pk: Uint8Array) => void): void {
  for (let i = 0; i + 34 <= script.length; i++)
    if (script[i] === 0x21 && (script[i + 1] === 2 || script[i + 1] === 3)) found(script.subarray(i + 1, i + 34))
}
