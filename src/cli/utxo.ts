import { KomodoCcError } from '../errors.js'
import { hexToBytes } from '../bytes/hex.js'
import type { Utxo } from '../cctx/types.js'

/**
 * One UTXO from JSON: our shape `{txid, vout, satoshis, script, height}` or komodod's `getaddressutxos` shape
 * `{txid, outputIndex, satoshis, script, height}`; `satoshis` a number or decimal string of satoshis.
 * @throws KomodoCcError CLI_USAGE when the value is not a UTXO
 * @example utxoFromJson({ txid, outputIndex: 0, satoshis: 100000000, script: '21…ac' }, 'utxos[0]').vout // 0
 */
export function utxoFromJson(v: unknown, name: string): Utxo {
  if (typeof v !== 'object' || v === null) throw new KomodoCcError('CLI_USAGE', `${name} expected a UTXO object`)
  const o = v as Record<string, unknown>
  const vout = o.vout ?? o.outputIndex
  const sats = o.satoshis
  const script = o.script ?? o.scriptPubKey
  if (
    typeof o.txid !== 'string' ||
    typeof vout !== 'number' ||
    (typeof sats !== 'number' && typeof sats !== 'string') ||
    typeof script !== 'string'
  )
    throw new KomodoCcError(
      'CLI_USAGE',
      `${name} expected { txid, vout|outputIndex, satoshis, script } (getaddressutxos output works as is)`,
    )
  if (typeof sats === 'number' && !Number.isSafeInteger(sats))
    throw new KomodoCcError('CLI_USAGE', `${name}.satoshis is not an exact integer`)
  if (typeof sats === 'string' && !/^\d+$/.test(sats))
    throw new KomodoCcError('CLI_USAGE', `${name}.satoshis expected an integer`)
  const u: Utxo = { txid: o.txid, vout, satoshis: BigInt(sats), script: hexToBytes(script, `${name}.script`) }
  if (typeof o.height === 'number') u.height = o.height
  return u
}
