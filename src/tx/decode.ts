import { bytesToHex } from '../bytes/hex.js'
import { hash160ToAddress } from '../address/address.js'
import { chainParams, KMD, type ChainParams } from '../address/chain.js'
import { KomodoCcError } from '../errors.js'
import { coinsValue } from '../amount.js'
import { classifyScript } from '../script/classify.js'
import { scriptToAsm } from '../script/script.js'
import { parseTransaction, txid as txidOf } from './codec.js'
import { reversedHex } from './hex.js'
import { isSaplingV4, type Transaction } from './types.js'

/** Options of {@link decodeRawTransaction}. */
export type DecodeOptions = {
  /** Address prefixes (default KMD: every Komodo asset chain uses the same). */
  chain?: ChainParams | string
  /**
   * The key of the satoshi amount in each vout: `valueZat` is what `decoderawtransaction` prints; `valueSat` is
   * what `getrawtransaction … 1` prints on nodes running `-spentindex` (and what 2018-era daemons printed).
   */
  amountKey?: 'valueZat' | 'valueSat'
}

/** One `scriptPubKey` object as komodod prints it. */
export type DecodedScriptPubKey = { asm: string; hex: string; reqSigs?: number; type: string; addresses?: string[] }

/** A satoshi amount, exact: a JSON number when it is a safe integer (up to 2^53 − 1, 90 million coins), else a bigint. */
export type Zat = number | bigint

/** The JSON komodod's `decoderawtransaction` returns (keys in the daemon's order). */
export type DecodedTransaction = {
  txid: string
  overwintered: boolean
  version: number
  versiongroupid?: string
  locktime: number
  expiryheight?: number
  vin: (
    | { coinbase: string; sequence: number }
    | { txid: string; vout: number; scriptSig: { asm: string; hex: string }; sequence: number }
  )[]
  vout: { value: number; valueZat?: Zat; valueSat?: Zat; n: number; scriptPubKey: DecodedScriptPubKey }[]
  vjoinsplit: Record<string, unknown>[]
  valueBalance?: number
  vShieldedSpend?: Record<string, string>[]
  vShieldedOutput?: Record<string, string>[]
  bindingSig?: string
}

const zat = (v: bigint): Zat => (v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v)
/**
 * ValueFromAmount as a JSON number: the daemon prints sign, integer part, '.', 8 digits; a JSON parser reads the double
 * nearest that text. `Number(v) / 1e8` is not that double above 2^53 satoshis.
 */
const coins = coinsValue
const rhex = (b: Uint8Array): string => reversedHex(b, 0)

/**
 * komodod's `ScriptPubKeyToJSON` for one output script: asm, hex, and for standard kinds reqSigs, type and the
 * addresses (`cryptocondition` outputs report their CC address: Hash160 of `<push cond> cc`, version 60).
 * @example decodeScriptPubKey(hexToBytes('2103…ac')).type // 'pubkey'
 */
export function decodeScriptPubKey(script: Uint8Array, chain: ChainParams | string = KMD): DecodedScriptPubKey {
  const c = typeof chain === 'string' || chain !== KMD ? chainParams(chain) : KMD
  const cls = classifyScript(script)
  const out: DecodedScriptPubKey = { asm: scriptToAsm(script), hex: bytesToHex(script), type: cls.type }
  if (cls.reqSigs === undefined) return out
  return {
    asm: out.asm,
    hex: out.hex,
    reqSigs: cls.reqSigs,
    type: cls.type,
    addresses: cls.hashes.map((h) => hash160ToAddress(h.hash, h.kind, c)),
  }
}

function isCoinbase(tx: Transaction): boolean {
  return tx.vin.length === 1 && tx.vin[0]!.vout === 0xffffffff && /^0{64}$/.test(tx.vin[0]!.txid)
}

/**
 * Offline `decoderawtransaction`: the same JSON komodod returns, key for key and in the same order (txid,
 * overwintered, version, versiongroupid, locktime, expiryheight, vin with scriptSig asm/hex — signatures
 * printed `…[ALL]` —, vout with value, valueZat, n and scriptPubKey, vjoinsplit, and for Sapling v4
 * valueBalance, vShieldedSpend, vShieldedOutput and bindingSig). Parsing is strict (see parseTransaction).
 * @throws KomodoCcError HEX_INVALID | READ_PAST_END | TRAILING_BYTES | TX_VERSION | CHAIN_PARAMS | …
 * @example decodeRawTransaction(hex).vout[0].scriptPubKey.addresses // ['R9zHrofhRbub7ER77B7NrVch3A63R39GuC']
 */
export function decodeRawTransaction(hex: string | Uint8Array, options: DecodeOptions = {}): DecodedTransaction {
  if (typeof options !== 'object' || options === null)
    throw new KomodoCcError('ARG_INVALID', 'options expected an object')
  const amountKey = options.amountKey ?? 'valueZat'
  if (amountKey !== 'valueZat' && amountKey !== 'valueSat')
    throw new KomodoCcError('ARG_INVALID', `amountKey expected 'valueZat' or 'valueSat'`)
  const chain = options.chain === undefined ? KMD : chainParams(options.chain)
  const tx = parseTransaction(hex)
  const out: DecodedTransaction = {
    txid: txidOf(tx),
    overwintered: tx.overwintered,
    version: tx.version,
  } as DecodedTransaction
  if (tx.overwintered) out.versiongroupid = tx.versionGroupId.toString(16).padStart(8, '0')
  out.locktime = tx.lockTime
  if (tx.overwintered) out.expiryheight = tx.expiryHeight
  const coinbase = isCoinbase(tx)
  out.vin = tx.vin.map((i) =>
    coinbase
      ? { coinbase: bytesToHex(i.scriptSig), sequence: i.sequence }
      : {
          txid: i.txid,
          vout: i.vout,
          scriptSig: { asm: scriptToAsm(i.scriptSig, true), hex: bytesToHex(i.scriptSig) },
          sequence: i.sequence,
        },
  )
  out.vout = tx.vout.map(
    (o, n) =>
      ({
        value: coins(o.value),
        [amountKey]: zat(o.value),
        n,
        scriptPubKey: decodeScriptPubKey(o.script, chain),
      }) as DecodedTransaction['vout'][number],
  )
  out.vjoinsplit = tx.joinSplits.map((js) => ({
    vpub_old: coins(js.vpubOld),
    vpub_oldZat: zat(js.vpubOld),
    vpub_new: coins(js.vpubNew),
    vpub_newZat: zat(js.vpubNew),
    anchor: rhex(js.anchor),
    nullifiers: js.nullifiers.map(rhex),
    commitments: js.commitments.map(rhex),
    onetimePubKey: rhex(js.ephemeralKey),
    randomSeed: rhex(js.randomSeed),
    macs: js.macs.map(rhex),
    proof: bytesToHex(js.proof),
    ciphertexts: js.ciphertexts.map((c) => bytesToHex(c)),
  }))
  if (isSaplingV4(tx)) {
    out.valueBalance = coins(tx.valueBalance)
    out.vShieldedSpend = tx.shieldedSpends.map((s) => ({
      cv: rhex(s.cv),
      anchor: rhex(s.anchor),
      nullifier: rhex(s.nullifier),
      rk: rhex(s.rk),
      proof: bytesToHex(s.zkproof),
      spendAuthSig: bytesToHex(s.spendAuthSig),
    }))
    out.vShieldedOutput = tx.shieldedOutputs.map((o) => ({
      cv: rhex(o.cv),
      cmu: rhex(o.cmu),
      ephemeralKey: rhex(o.ephemeralKey),
      encCiphertext: bytesToHex(o.encCiphertext),
      outCiphertext: bytesToHex(o.outCiphertext),
      proof: bytesToHex(o.zkproof),
    }))
    if (tx.bindingSig !== undefined) out.bindingSig = bytesToHex(tx.bindingSig)
  }
  return out
}
