// The faucet module's CLI part (layer 9): its `build` method, how `rpc` reads its RPCs' parameters and the
// `faucet get` command (the proof of work with a progress bar).
import { getPublicKey } from '@noble/secp256k1'
import { decodeWif } from '../../address/address.js'
import { buildFaucetFund, buildFaucetGetAsync } from './build.js'
import { cliMethod } from '../../cli/build-method.js'
import { WIF_FLAGS, parseArgs, printJson, readWifFlags, usage, type CliCommand } from '../../cli/core.js'

/** The one coin field of the output (its outputs say "satoshis" by name). */
const FEE_KEY: ReadonlySet<string> = /* @__PURE__ */ new Set(['fee'])
import type { ModuleCli } from '../../cli/module.js'
import { utxoFromJson } from '../../cli/utxo.js'

/**
 * A one-line progress bar for stderr: attempts against the 65,536 expected. @example faucetProgressLine(32768, 2) //
 * '[###############...............] 32768 nonces (65536 expected), 16384/s, 2.0 s'
 */
export function faucetProgressLine(tried: number, seconds: number): string {
  const expected = 65536
  const width = 30
  const filled = Math.min(width, Math.round((tried / expected) * width))
  const rate = seconds > 0 ? Math.round(tried / seconds) : 0
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${tried} nonces (65536 expected), ${rate}/s, ${seconds.toFixed(1)} s`
}

/**
 * `komodo-cc faucet get`: builds a faucetget offline (the faucet key is public), running the daemon's proof of work
 * with a progress bar on stderr (a terminal) or JSON progress lines (`--progress`).
 * @example await faucetGetCommand.run(['--pubkey', pk, '--height', '1000', '--faucet-utxos', json], io)
 */
export const faucetGetCommand: CliCommand = {
  summary:
    'faucet get (--pubkey HEX | --wif-env NAME | --wif-stdin) --height N --faucet-utxos <json> [--start-nonce N] [--max-attempts N] [--exact-signatures] [--progress] [--sats]',
  help: `komodo-cc faucet get --pubkey <hex> --height <tip height> --faucet-utxos '<json>' [options]

Builds the faucetget transaction for <pubkey> (0.1 coin, P2PK) from the faucet's unspent outputs (getaddressutxos of
R9zHrofhRbub7ER77B7NrVch3A63R39GuC), searching nonces until the txid starts and ends with 00 (65,536 tries on
average: about 0.3 s, the faucet's public key signing every try with one fixed nonce). The payout address must be
brand new, or the network refuses the transaction.

  --pubkey HEX        recipient
  --wif-env NAME      the recipient is the key whose WIF is in environment variable NAME (instead of --pubkey)
  --wif-stdin         the recipient is the key whose WIF is read from standard input
  --faucet-utxos <j>  the faucet UTXOs: [{txid, vout|outputIndex, satoshis, script}…]
  --height N          current chain height (expiry = height + 201)
  --start-nonce N     first nonce (default 0)
  --max-attempts N    give up after N nonces (default 1000000, as komodod)
  --exact-signatures  re-sign every try with RFC 6979 as komodod does (its bytes for the same nonce; ~100x slower)
  --progress          JSON progress lines on stderr instead of a bar
  --sats              print the fee in satoshis (a digit string) instead of coins
Prints {"hex", "txid", "nonce", "attempts", "fee" (coins), "outputs" (each output's "satoshis")}.`,
  async run(args, io) {
    const { options } = parseArgs(args, {
      strings: ['pubkey', 'height', 'faucet-utxos', 'start-nonce', 'max-attempts', ...WIF_FLAGS.strings],
      booleans: ['progress', 'exact-signatures', 'sats', ...WIF_FLAGS.booleans],
    })
    if (typeof options.height !== 'string' || !/^\d+$/.test(options.height))
      usage('--height <current chain height> is required')
    let pubkey: string | Uint8Array
    const wif = await readWifFlags(options, io)
    if (wif !== undefined) {
      if (options.pubkey !== undefined) usage('give --pubkey or a key (--wif-env / --wif-stdin), not both')
      pubkey = getPublicKey(decodeWif(wif).privateKey, true)
    } else if (typeof options.pubkey === 'string') pubkey = options.pubkey
    else usage('give --pubkey HEX (the recipient)')
    let json: unknown
    try {
      json = JSON.parse(typeof options['faucet-utxos'] === 'string' ? options['faucet-utxos'] : 'null')
    } catch {
      usage('--faucet-utxos is not valid JSON')
    }
    if (!Array.isArray(json)) usage('--faucet-utxos expected a JSON array of UTXOs')
    const faucetUtxos = json.map((u, i) => utxoFromJson(u, `faucet-utxos[${i}]`))
    const num = (name: string, dflt: number): number => {
      const v = options[name]
      if (v === undefined) return dflt
      if (typeof v !== 'string' || !/^\d+$/.test(v)) usage(`--${name} expected a non-negative integer`)
      return Number(v)
    }
    const started = Date.now()
    const bar = io.isTty && options.progress !== true
    const onProgress = (tried: number) => {
      const seconds = (Date.now() - started) / 1000
      if (options.progress === true) io.stderr(JSON.stringify({ tried, seconds }) + '\n')
      else if (bar) io.stderr('\r' + faucetProgressLine(tried, seconds))
    }
    try {
      const r = await buildFaucetGetAsync(
        {},
        { pubkey, utxos: [], height: Number(options.height) },
        { faucetUtxos },
        {
          startNonce: num('start-nonce', 0),
          maxAttempts: num('max-attempts', 1_000_000),
          onProgress,
          progressEvery: 256,
          exactSignatures: options['exact-signatures'] === true,
        },
      )
      if (bar) io.stderr('\n')
      printJson(
        io,
        {
          hex: r.hex,
          txid: r.txid,
          nonce: r.nonce,
          attempts: r.attempts,
          fee: r.fee,
          outputs: r.tx.vout.map((o, n) => ({ n, satoshis: o.value, script: o.script })),
        },
        { coinKeys: FEE_KEY, sats: options.sats === true },
      )
      return 0
    } catch (e) {
      if (bar) io.stderr('\n')
      throw e
    }
  },
}

/**
 * The faucet module's CLI part. faucetget is not a `build` method but the `faucet get` command (it runs a proof of
 * work with a progress bar).
 * @example Object.keys(faucetCli.commands!) // ['faucet get']
 */
export const faucetCli: ModuleCli = /* @__PURE__ */ Object.freeze({
  build: Object.freeze({ faucetfund: cliMethod(buildFaucetFund, ['amount']) }),
  rpc: Object.freeze({ faucetaddress: 's', faucetfund: 'c', faucetget: '', faucetinfo: '' }),
  commands: Object.freeze({ 'faucet get': faucetGetCommand }),
  infoHelp: 'faucetinfo takes any number of transactions.',
})
