// What the publisher checks in a journal before it sends anything (issue 28, findings 5 and "a journal restored from
// an older copy"): each unconfirmed entry is this publisher's own oraclesdata for the record it names, and the chain
// holds no sample of this publisher that the journal does not know.
import { KomodoCcError } from '../errors.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { equalBytes } from '../bytes/utils.js'
import { sha256, hash160 } from '../hash/index.js'
import { cc1of1 } from '../cc/condition.js'
import { ccScript } from '../script/cc.js'
import { p2pkScript, p2pkhScript } from '../script/script.js'
import { parseTransaction, txidOfBytes } from '../tx/codec.js'
import { verifyInput } from '../tx/sign.js'
import type { Transaction } from '../tx/types.js'
import { EVAL } from '../cc/eval.js'
import { oraclesOpretOf } from '../modules/oracles/resolve-state.js'
import type { JournalData, JournalEntry } from './journal.js'

/** Reads a transaction's hex by txid (the chain source, or the journal's own earlier entries). */
export type TxSource = (txid: string) => Promise<string>

/** Who the journal must belong to. */
export type JournalOwner = {
  oracletxid: string
  /** The publisher's pubkey (hex). */
  pubkey: string
  /** The publisher's baton pubkey, when known (a key, or a baton signer): the baton input must pay it. */
  batonPubkey?: Uint8Array
  /** Names the journal in messages. */
  name: string
}

const bad = (o: JournalOwner, e: JournalEntry, why: string): KomodoCcError =>
  new KomodoCcError('JOURNAL_INVALID', `${o.name}: entry ${e.seq} (${e.txid}) ${why}; nothing was sent`, {
    journal: o.name,
    seq: e.seq,
    txid: e.txid,
  })

/**
 * Checks every unconfirmed entry of a journal before anything is re-sent: its hex hashes to its txid and parses; it is
 * an `oraclesdata` ('D' opret) of this oracle naming this publisher, whose record hashes (SHA-256) to the entry's
 * `hash`; its input 1 spends the publisher's baton (a 1-of-1 Oracles CC output of the baton key: the output 1 it pays
 * too, as komodod's `OraclesData` builds it, src/cc/oracles.cpp); every other input spends an output of this
 * publisher (P2PK, P2PKH or its Oracles CC 1-of-1); and every input's signature verifies against the output it spends
 * (`verifyInput`, komodod's checks). The spent outputs come from the journal's earlier entries or `source`.
 * @throws KomodoCcError JOURNAL_INVALID naming the entry (nothing sent) | what `source` throws
 * @example await verifyJournal(journal, { oracletxid, pubkey, name: 'pub.json' }, (t) => view.getTransaction(t))
 */
export async function verifyJournal(journal: JournalData, owner: JournalOwner, source: TxSource): Promise<void> {
  const own = new Map<string, string>()
  for (const e of journal.entries) if (typeof e.hex === 'string') own.set(e.txid, e.hex)
  const pk = hexToBytes(owner.pubkey, 'pubkey')
  const mine = [p2pkScript(pk), p2pkhScript(hash160(pk)), ccScript(cc1of1(EVAL.ORACLES, pk))]
  const batonScript = owner.batonPubkey === undefined ? undefined : ccScript(cc1of1(EVAL.ORACLES, owner.batonPubkey))
  for (const e of journal.entries) {
    if (e.state === 'confirmed' || e.hex === undefined) continue
    let raw: Uint8Array
    let tx: Transaction
    try {
      raw = hexToBytes(e.hex, 'hex')
      tx = parseTransaction(raw)
    } catch {
      throw bad(owner, e, 'holds bytes that are not a transaction')
    }
    if (txidOfBytes(raw) !== e.txid) throw bad(owner, e, `holds a transaction whose txid is ${txidOfBytes(raw)}`)
    const op = oraclesOpretOf(tx)
    if (op?.funcid !== 'D' || op.oracletxid !== owner.oracletxid)
      throw bad(owner, e, `is not an oraclesdata of oracle ${owner.oracletxid}`)
    if (op.pubkey !== owner.pubkey) throw bad(owner, e, `is a sample of publisher ${op.pubkey}, not ${owner.pubkey}`)
    if (bytesToHex(sha256(hexToBytes(op.data))) !== e.hash)
      throw bad(owner, e, `carries a record whose sha256 is not the entry's ${e.hash}`)
    const baton = tx.vin[1]
    const batonOut = tx.vout[1]
    if (baton === undefined || batonOut === undefined) throw bad(owner, e, 'has no baton input or output')
    for (const [i, input] of tx.vin.entries()) {
      const prevHex = own.get(input.txid) ?? (await source(input.txid))
      let prev: Transaction
      try {
        const prevRaw = hexToBytes(prevHex, 'hex')
        if (txidOfBytes(prevRaw) !== input.txid) throw new Error('txid')
        prev = parseTransaction(prevRaw)
      } catch {
        throw new KomodoCcError('CHAIN_MISMATCH', `the chain source gave wrong bytes for ${input.txid}`, {
          txid: input.txid,
        })
      }
      const out = prev.vout[input.vout]
      if (out === undefined) throw bad(owner, e, `spends ${input.txid}:${input.vout}, which does not exist`)
      if (i === 1) {
        // the baton: komodod's OraclesData spends the publisher's baton at vin 1 and pays the next at vout 1
        const expected = batonScript ?? batonOut.script
        if (!equalBytes(out.script, expected) || !equalBytes(batonOut.script, expected))
          throw bad(owner, e, "does not spend this publisher's baton at input 1")
      } else if (!mine.some((s) => equalBytes(s, out.script)))
        throw bad(owner, e, `input ${i} spends an output that is not this publisher's`)
      const v = verifyInput(tx, i, { value: out.value, script: out.script })
      if (!v.valid) throw bad(owner, e, `input ${i} is not signed by this publisher's keys (${v.reason ?? v.kind})`)
    }
  }
}

/** How far back {@link chainAheadOfJournal} walks the baton chain before it stops looking. */
export const MAX_BATON_WALK = 1000

/**
 * The samples of this publisher the chain holds after the journal's: from the chain's current baton transaction
 * (`batontxid`, the publisher's latest 'D' or its 'R'), back through each 'D''s previous baton while it is a sample of
 * this oracle and publisher, until a transaction the journal names. Returns how many samples were passed (0: the
 * journal knows the chain's latest), or `undefined` when the walk met none of the journal's transactions (then the
 * count of samples passed is in `passed`). At most {@link MAX_BATON_WALK} steps.
 * @example const { passed, met } = await chainAheadOfJournal(journal, owner, batontxid, read)
 */
export async function chainAheadOfJournal(
  journal: JournalData,
  owner: JournalOwner,
  batontxid: string,
  source: TxSource,
): Promise<{ passed: number; met: boolean }> {
  const known = new Set(journal.entries.map((e) => e.txid))
  let id = batontxid
  let passed = 0
  for (let step = 0; step < MAX_BATON_WALK; step++) {
    if (known.has(id)) return { passed, met: true }
    let tx: Transaction
    try {
      tx = parseTransaction(hexToBytes(await source(id), 'hex'))
    } catch (e) {
      if (e instanceof KomodoCcError && e.code !== 'HEX_INVALID' && e.code !== 'TX_NOT_FOUND') throw e
      break
    }
    const op = oraclesOpretOf(tx)
    if (op?.funcid !== 'D' || op.oracletxid !== owner.oracletxid || op.pubkey !== owner.pubkey) break
    passed++
    id = op.batontxid
  }
  return { passed, met: false }
}
