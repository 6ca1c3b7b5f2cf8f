import { encodeOracleData, decodeOracleData, formatOracleSample } from '../oracle-data/format.js'
import { chunkOracleData, joinOracleData } from '../oracle-data/chunk.js'
import { sbits, unsbits } from '../sbits.js'
import { p2pkhAddress, encodeWif, decodeWif } from '../address/address.js'
import { BTC } from '../address/chain.js'
import { checkDaemonAmount, formatCoins, toSatoshis } from '../amount.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { parseArgs, type CliCommand, type CliIo } from './core.js'
import { buildOraclesCreate, buildOraclesData, buildOraclesFund, buildOraclesRegister, buildOraclesSubscribe } from '../modules/oracles/build.js'
import { formatOracleSample as printSample } from '../oracle-data/format.js'
import { sha256 } from '../hash/index.js'
import { p2pkScript } from '../script/script.js'
import { verifyInput } from '../tx/sign.js'
import { getPublicKey } from '@noble/secp256k1'
import { decodeOraclesOpret } from '../modules/oracles/opret.js'
import type { BuildResult } from '../cctx/complete.js'
import type { Utxo } from '../cctx/types.js'

/**
 * The offline tour: what an oracle publisher does before touching a daemon. Readable lines, one per step.
 * (Later issues extend the demo to the full publisher flow on an embedded devnet.)
 */
export async function runOfflineTour(io: CliIo, verbose: boolean): Promise<number> {
  const line = (step: string, text: string) => io.stdout(`${step.padEnd(22)} ${text}\n`)
  io.stdout('komodo-cc demo — offline tour (no daemon needed)\n\n')

  // 1. A price-feed sample: height, two hashes, a price in satoshis.
  const format = 'IhhL'
  const blockHash = '00166afa8a45b848acf54b1e957fbd5593872a44adbbc307416c8a004da8a5f7'
  const merkleRoot = 'a63c52d852ff8644be09d9b178c2bff919c70641760f9934809e21a9d554f0bb'
  const price = toSatoshis('42.12345678')
  const record = encodeOracleData(format, [16, blockHash, merkleRoot, price])
  line('oracle encode', `format ${format} → ${record.length}-byte record, oraclesdata hexstr ${bytesToHex(record).slice(0, 24)}…`)
  const values = decodeOracleData(format, record)
  line('oracle decode', `[${values.map((v) => (typeof v === 'bigint' ? `${v}n` : typeof v === 'string' && v.length > 16 ? v.slice(0, 12) + '…' : String(v))).join(', ')}]`)
  const printed = formatOracleSample(format, record)
  line('oraclessamples shows', JSON.stringify(printed.map((p) => (p.length > 16 ? p.slice(0, 12) + '…' : p))))
  if (verbose) io.stdout(`  full record: ${bytesToHex(record)}\n`)

  // 2. What the daemon shows for a hand-built record with a zero-length string (it stops early).
  const odd = hexToBytes('0007000000')
  line('malformed sample', `format sI, record 0007000000 → strict decode ${JSON.stringify(decodeOracleData('sI', odd))}, daemon prints ${JSON.stringify(formatOracleSample('sI', odd))}`)

  // 3. A payload larger than one record: chunk it, rejoin it.
  const payload = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 31) & 0xff)
  const chunks = chunkOracleData('D', payload)
  const rejoined = joinOracleData('D', chunks)
  line('chunking', `20000-byte payload → ${chunks.length} records of ${chunks.map((c) => c.length).join('/')} bytes; rejoined equal: ${bytesToHex(rejoined) === bytesToHex(payload)}`)

  // 4. Addresses and keys.
  const pubkey = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'
  line('address', `${pubkey.slice(0, 10)}… → KMD ${p2pkhAddress(pubkey)}, BTC ${p2pkhAddress(pubkey, BTC)}`)
  const wif = encodeWif(hexToBytes('00'.repeat(31) + '01'))
  line('wif', `private key 1 → ${wif.slice(0, 6)}… (round trip ${bytesToHex(decodeWif(wif).privateKey).endsWith('01')})`)

  // 5. Plan names and amounts.
  for (const name of ['DICE', 'KMDDice']) line('sbits', `${name} → ${sbits(name)} → ${unsbits(sbits(name))}`)
  const check = checkDaemonAmount('1.15')
  line('amounts', `"1.15" coins: exact ${formatCoins(check.exact ?? 0n)}, the daemon reads ${formatCoins(check.daemon)}${check.differs ? ` (${check.exact! - check.daemon} sat less: pass amounts to builders as exact text or satoshis)` : ''}`)
  try {
    toSatoshis('0.123456789')
  } catch (e) {
    if (e instanceof KomodoCcError) line('amounts', `"0.123456789" refused: ${e.code}`)
  }
  // 6. An oracle publisher's transactions, built and signed offline from test keys, every input verified.
  io.stdout('\n')
  const publisherKey = sha256(utf8('komodo-cc demo publisher'))
  const subscriberKey = sha256(utf8('komodo-cc demo subscriber'))
  const coins = (key: Uint8Array, tag: string): Utxo[] => [{ txid: bytesToHex(sha256(utf8(tag + bytesToHex(key)))), vout: 0, satoshis: 1_000_000_000n, script: p2pkScript(getPublicKey(key, true)) }]
  const ctx = (key: Uint8Array, tag: string) => ({ pubkey: getPublicKey(key, true), utxos: coins(key, tag), height: 100, privateKey: key })
  const outOf = (r: BuildResult, n: number): Utxo => ({ txid: r.txid, vout: n, satoshis: r.tx.vout[n]!.value, script: r.tx.vout[n]!.script })
  const spent = new Map<string, Utxo>()
  const remember = (r: BuildResult) => r.tx.vout.forEach((_, n) => spent.set(`${r.txid}:${n}`, outOf(r, n)))
  for (const key of [publisherKey, subscriberKey]) for (const tag of ['c', 'f', 'r', 's', 'd1', 'd2']) for (const u of coins(key, tag)) spent.set(`${u.txid}:0`, u)
  const verified = (r: BuildResult) => r.tx.vin.every((v, i) => { const p = spent.get(`${v.txid}:${v.vout}`)!; return verifyInput(r.tx, i, { value: p.satoshis, script: p.script }).valid })
  const show = (step: string, r: BuildResult, what: string) => {
    remember(r)
    line(step, `${r.txid.slice(0, 16)}… ${r.hex.length / 2} bytes, ${r.tx.vin.length} in/${r.tx.vout.length} out, fee ${formatCoins(r.fee)}, signatures ${verified(r) ? 'verify' : 'FAIL'}${what}`)
    if (verbose) io.stdout(`  ${r.hex}\n`)
  }
  const create = buildOraclesCreate({ name: 'BTCKMD', description: 'BTC/KMD price feed', format }, ctx(publisherKey, 'c'))
  show('build oraclescreate', create, '')
  const fund = buildOraclesFund({ oracletxid: create.txid }, ctx(publisherKey, 'f'), { oracle: create.hex })
  show('build oraclesfund', fund, '')
  const register = buildOraclesRegister({ oracletxid: create.txid, datafee: 20000n }, ctx(publisherKey, 'r'), { oracle: create.hex, fund: outOf(fund, 0) })
  show('build oraclesregister', register, ', datafee 0.0002')
  const subscribe = buildOraclesSubscribe({ oracletxid: create.txid, publisher: getPublicKey(publisherKey, true), amount: '0.001' }, ctx(subscriberKey, 's'), { oracle: create.hex })
  show('build oraclessubscribe', subscribe, ', 0.001 to the publisher')
  let baton = outOf(register, 1)
  let subs = [outOf(subscribe, 0)]
  for (const [i, height] of [[1, 16], [2, 17]] as const) {
    const rec = encodeOracleData(format, [height, blockHash, merkleRoot, price + BigInt(i)])
    const data = buildOraclesData({ oracletxid: create.txid, hexstr: rec }, ctx(publisherKey, `d${i}`), { oracle: create.hex, datafee: 20000n, baton, subscriptions: subs })
    const op = decodeOraclesOpret(data.tx.vout.at(-1)!.script) as { data: string }
    show(`build oraclesdata #${i}`, data, `, sample ${JSON.stringify(printSample(format, hexToBytes(op.data))[0])}…`)
    baton = outOf(data, 1)
    subs = [outOf(data, 0)]
  }
  io.stdout('\nDone: every step ran offline; see README for the module builders and the devnet.\n')
  return 0
}

function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s)
}

export const demoCommand: CliCommand = {
  summary: 'tour [--verbose]   an offline tour: oracle data, addresses, amounts, the publisher\'s transactions',
  help: `komodo-cc tour [--verbose]

Runs the guided tour: oracle data encode/decode and how subscribers see it, chunking, addresses, keys,
plan names and the daemon's amount parsing.`,
  run(args, io) {
    const { options } = parseArgs(args, { booleans: ['verbose'] })
    return runOfflineTour(io, options.verbose === true)
  },
}
