// The oracles module's CLI part (layer 9): its `build` methods, how `rpc` reads its RPCs' parameters and its step
// of the offline tour (a publisher's transactions).
import { getPublicKey } from '@noble/secp256k1'
import {
  buildOraclesCreate,
  buildOraclesData,
  buildOraclesFund,
  buildOraclesRegister,
  buildOraclesSubscribe,
} from './build.js'
import { decodeOraclesOpret } from './opret.js'
import { encodeOracleData, formatOracleSample } from '../../oracle-data/format.js'
import { formatCoins } from '../../amount.js'
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { sha256 } from '../../hash/index.js'
import { p2pkScript } from '../../script/script.js'
import { verifyInput } from '../../tx/sign.js'
import type { BuildResult } from '../../cctx/complete.js'
import type { Utxo } from '../../cctx/types.js'
import { cliMethod } from '../../cli/build-method.js'
import type { ModuleCli, TourContext } from '../../cli/module.js'

/** The tour's step: an oracle publisher's transactions, built and signed offline from test keys, every input verified. */
function publisherTour({ io, verbose, line, feed }: TourContext): void {
  const { format, blockHash, merkleRoot, price } = feed
  const publisherKey = sha256(utf8('komodo-cc demo publisher'))
  const subscriberKey = sha256(utf8('komodo-cc demo subscriber'))
  const coins = (key: Uint8Array, tag: string): Utxo[] => [
    {
      txid: bytesToHex(sha256(utf8(tag + bytesToHex(key)))),
      vout: 0,
      satoshis: 1_000_000_000n,
      script: p2pkScript(getPublicKey(key, true)),
    },
  ]
  const ctx = (key: Uint8Array, tag: string) => ({
    pubkey: getPublicKey(key, true),
    utxos: coins(key, tag),
    height: 100,
    privateKey: key,
  })
  const outOf = (r: BuildResult, n: number): Utxo => ({
    txid: r.txid,
    vout: n,
    satoshis: r.tx.vout[n]!.value,
    script: r.tx.vout[n]!.script,
  })
  const spent = new Map<string, Utxo>()
  const remember = (r: BuildResult) => r.tx.vout.forEach((_, n) => spent.set(`${r.txid}:${n}`, outOf(r, n)))
  for (const key of [publisherKey, subscriberKey])
    for (const tag of ['c', 'f', 'r', 's', 'd1', 'd2']) for (const u of coins(key, tag)) spent.set(`${u.txid}:0`, u)
  const verified = (r: BuildResult) =>
    r.tx.vin.every((v, i) => {
      const p = spent.get(`${v.txid}:${v.vout}`)!
      return verifyInput(r.tx, i, { value: p.satoshis, script: p.script }).valid
    })
  const show = (step: string, r: BuildResult, what: string) => {
    remember(r)
    line(
      step,
      `${r.txid.slice(0, 16)}… ${r.hex.length / 2} bytes, ${r.tx.vin.length} in/${r.tx.vout.length} out, fee ` +
        `${formatCoins(r.fee)}, signatures ${verified(r) ? 'verify' : 'FAIL'}${what}`,
    )
    if (verbose) io.stdout(`  ${r.hex}\n`)
  }
  const create = buildOraclesCreate(
    { name: 'BTCKMD', description: 'BTC/KMD price feed', format },
    ctx(publisherKey, 'c'),
  )
  show('build oraclescreate', create, '')
  const fund = buildOraclesFund({ oracletxid: create.txid }, ctx(publisherKey, 'f'), { oracle: create.hex })
  show('build oraclesfund', fund, '')
  const register = buildOraclesRegister({ oracletxid: create.txid, datafee: 20000n }, ctx(publisherKey, 'r'), {
    oracle: create.hex,
    fund: outOf(fund, 0),
  })
  show('build oraclesregister', register, ', datafee 0.0002')
  const subscribe = buildOraclesSubscribe(
    { oracletxid: create.txid, publisher: getPublicKey(publisherKey, true), amount: '0.001' },
    ctx(subscriberKey, 's'),
    { oracle: create.hex },
  )
  show('build oraclessubscribe', subscribe, ', 0.001 to the publisher')
  let baton = outOf(register, 1)
  let subs = [outOf(subscribe, 0)]
  for (const [i, height] of [
    [1, 16],
    [2, 17],
  ] as const) {
    const rec = encodeOracleData(format, [height, blockHash, merkleRoot, price + BigInt(i)])
    const data = buildOraclesData({ oracletxid: create.txid, hexstr: rec }, ctx(publisherKey, `d${i}`), {
      oracle: create.hex,
      datafee: 20000n,
      baton,
      subscriptions: subs,
    })
    const op = decodeOraclesOpret(data.tx.vout.at(-1)!.script) as { data: string }
    show(
      `build oraclesdata #${i}`,
      data,
      `, sample ${JSON.stringify(formatOracleSample(format, hexToBytes(op.data))[0])}…`,
    )
    baton = outOf(data, 1)
    subs = [outOf(data, 0)]
  }
}

function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s)
}

/**
 * The oracles module's CLI part; `oraclesdata` is the `build` help's example.
 * @example oraclesCli.build.oraclesdata!.params.map((p) => p.name) // ['oracletxid', 'hexstr']
 */
export const oraclesCli: ModuleCli = /* @__PURE__ */ Object.freeze({
  build: Object.freeze({
    oraclescreate: cliMethod(buildOraclesCreate, ['name', 'description', 'format']),
    oraclesfund: cliMethod(buildOraclesFund, ['oracletxid'], { state: '{"oracle": "<create tx hex>"}' }),
    oraclesregister: cliMethod(
      buildOraclesRegister,
      ['oracletxid', { name: 'datafee', parse: (t) => (/^\d+$/.test(t) ? BigInt(t) : t) }],
      { state: '{"oracle": "<create tx hex>", "fund": <utxo>}' },
    ),
    oraclessubscribe: cliMethod(buildOraclesSubscribe, ['oracletxid', 'publisher', 'amount'], {
      state: '{"oracle": "<create tx hex>"}',
    }),
    oraclesdata: cliMethod(buildOraclesData, ['oracletxid', 'hexstr'], {
      state: '{"oracle": "<create tx hex>", "datafee": "<sat>", "baton": <utxo>, "subscriptions": [<utxo>…]}',
    }),
  }),
  helpExample: 'oraclesdata',
  rpc: Object.freeze({
    oraclesaddress: 's',
    oraclescreate: 'sss',
    oraclesdata: 'ss',
    oraclesfund: 's',
    oraclesinfo: 's',
    oracleslist: '',
    oraclesregister: 'su',
    oraclessamples: 'ssi',
    oraclessubscribe: 'ssc',
  }),
  rpcHelp: 'oraclesregister datafee is in satoshis',
  tour: publisherTour,
})
