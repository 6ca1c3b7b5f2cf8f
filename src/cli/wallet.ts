// `komodo-cc wallet <method> [params…]`: the key-local wallet from the shell (issue 18). The key comes from an
// environment variable or standard input, never from the command line; the output is JSON.
import { KomodoCcError } from '../errors.js'
import { decodeWif } from '../address/address.js'
import { createRpcView } from '../rpc/view.js'
import { createElectrumView } from '../electrum/view.js'
import type { ChainView } from '../cctx/types.js'
import { createWallet, type WalletCallAny, type WalletReadAny, type WalletResult } from '../wallet/wallet.js'
import { WALLET_METHODS } from '../modules/registry/resolvers.js'
import { TKLTEST, TOKEL } from '../address/chain.js'
import { basename } from 'node:path'
import { WALLET_READS } from '../modules/registry/reads.js'
import {
  CoinAmount,
  WIF_FLAGS,
  intOption,
  parseArgs,
  printJson,
  readWifFlags,
  usage,
  type CliCommand,
  type CliIo,
} from './core.js'
import { relayPolicy } from '../tx/policy.js'
import { CONN, CONNECTION_HELP, RPC_ARGS, amountStyle, connect } from './rpc.js'
import { FEE_KEY } from './build.js'
import { readRpcArgs } from './rpc-args.js'

async function walletKey(options: Record<string, unknown>, io: CliIo): Promise<Uint8Array> {
  const wif = await readWifFlags(options, io)
  if (wif === undefined) return usage('give the key: --wif-env NAME or --wif-stdin (never on the command line)')
  return decodeWif(wif).privateKey
}

const methodList = (list: readonly { method: string; params: readonly string[] }[]): string =>
  list.map((m) => `  ${m.method} ${m.params.join(' ')}`).join('\n')

const walletCommand: CliCommand = {
  summary:
    'wallet <method> [params…] --wif-env NAME (--chain NAME | --url URL | --devnet | --electrum URL)   key-local module RPCs',
  help: `komodo-cc wallet <method> [params…] (--wif-env NAME | --wif-stdin | --pubkey HEX) (--chain NAME | --conf PATH | --url URL | --devnet | --electrum URL) [--no-broadcast] [--unsigned] [--sats] [--datacarriersize N]

Runs a state-changing module RPC key-locally: finds the chain state through the node (as komodod's own builder
would pick it), builds and signs the transaction in this process, checks it does what was asked, and broadcasts
it. The node never sees the key and is not trusted: every transaction it gives is checked against its txid and
every output against its transaction. Parameters are positional, in the daemon's order and units, parsed as
komodo-cli would (tokentransfer amount and oraclesregister datafee in satoshis/units, oraclessubscribe amount in
coins, …). Prints {txid, hex, fee, broadcast, method} (fee in coins, 0.00010000). Read methods (tokenbalance,
oraclesinfo, …) print the daemon's answer, computed here from the chain source (a key or --pubkey names the
wallet); coin amounts in coins, token amounts in units.
  --wif-env NAME    the key: the WIF in environment variable NAME
  --wif-stdin       the key: the WIF read from standard input
  --pubkey HEX      without a key: the wallet's pubkey (read methods, --unsigned)
  --electrum URL    an Electrum server instead of komodod: tcp://host:port, ssl://host:port, ws://…, wss://…,
                    or host:port[:tls]
  --no-broadcast    build and sign, print, do not send
  --unsigned        print the unsigned transaction with every input's sighash (no key needed: --pubkey HEX)
  --sats            print amounts as satoshi digit strings instead of coins
  --datacarriersize N
                    the node's -datacarriersize (default 208, komodod's for an asset chain): a transaction the
                    node would not relay is refused before it is sent (gatewaysdeposit needs a node started with
                    a larger one, docs/policy.md)

Methods:
${methodList(WALLET_METHODS)}

Read methods:
${methodList(WALLET_READS)}

${CONNECTION_HELP}`,
  async run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: [...CONN.strings, ...WIF_FLAGS.strings, 'pubkey', 'electrum', 'datacarriersize'],
      booleans: [...CONN.booleans, ...WIF_FLAGS.booleans, 'no-broadcast', 'unsigned', 'sats'],
    })
    const [method, ...params] = positionals
    if (method === undefined) usage('give the method name (komodo-cc wallet --help lists them)')
    const m = WALLET_METHODS.find((x) => x.method === method) ?? WALLET_READS.find((x) => x.method === method)
    if (m === undefined) usage(`${method} is not a wallet method (komodo-cc wallet --help lists them)`)
    const isRead = !WALLET_METHODS.some((x) => x.method === method)
    const sources = ['chain', 'conf', 'url', 'electrum'].filter((k) => options[k] !== undefined)
    if (options.devnet === true) {
      if (sources.length > 0) usage('--devnet takes no --chain/--conf/--url/--electrum')
    } else if (sources.length !== 1) usage('give exactly one of --chain, --conf, --url, --devnet or --electrum')
    let view: ChainView & { close?: () => void }
    if (typeof options.electrum === 'string') {
      // host:port[:tls] as well as tcp://, ssl://, ws://, wss:// URLs
      const m = /^([^/:]+):(\d+):tls$/.exec(options.electrum)
      view = createElectrumView({ url: m === null ? options.electrum : `ssl://${m[1]}:${m[2]}` })
    } else view = createRpcView(await connect(options, io))
    try {
      const spec = Object.hasOwn(RPC_ARGS, m.method) ? RPC_ARGS[m.method]! : 's'.repeat(m.params.length)
      const typed = readRpcArgs(m.method, spec, params)
      const named: Record<string, unknown> = {}
      m.params.forEach((name, i) => {
        if (typed[i] !== undefined) named[name] = typed[i]
      })
      const unsigned = options.unsigned === true || (isRead && typeof options.pubkey === 'string')
      // a Tokel node (--chain TOKEL|TKLTEST, or its conf file): Tokel's address versions, S1 rule and relay policy
      const confName = typeof options.conf === 'string' ? basename(options.conf).replace(/\.conf$/, '') : undefined
      const tokelName = [options.chain, confName].find((n) => n === 'TOKEL' || n === 'TKLTEST')
      const chain = tokelName === undefined ? {} : { chain: tokelName === 'TOKEL' ? TOKEL : TKLTEST }
      const datacarriersize = intOption(options.datacarriersize, 'datacarriersize', 0, 0xffffffff)
      const policy = datacarriersize === undefined ? {} : { policy: relayPolicy('asset', { datacarriersize }) }
      const wallet = unsigned
        ? createWallet({
            ...policy,
            ...chain,
            view,
            signer: {
              publicKey: pubkeyArg(options.pubkey),
              sign: () => {
                throw new KomodoCcError('SIGNER_FAILED', 'unsigned build')
              },
            },
          })
        : createWallet({ ...policy, ...chain, view, privateKey: await walletKey(options, io) })
      if (isRead) {
        printJson(
          io,
          await (wallet.read as WalletReadAny)(m.method, named),
          amountStyle(m.method, options.sats === true),
        )
        return 0
      }
      // the method is named at run time: checked by the wallet (ARG_INVALID for an unknown one)
      const r: WalletResult = await (wallet.call as WalletCallAny)(m.method, named, {
        ...(unsigned ? { sign: false } : {}),
        ...(options['no-broadcast'] === true ? { broadcast: false } : {}),
      })
      printJson(
        io,
        {
          method: m.method,
          txid: r.txid,
          hex: r.hex,
          fee: r.fee,
          broadcast: r.broadcast,
          ...(unsigned
            ? { inputs: r.build.inputs.map(({ satoshis, ...i }) => ({ ...i, value: new CoinAmount(satoshis) })) }
            : {}),
        },
        { coinKeys: FEE_KEY, sats: options.sats === true },
      )
      return 0
    } finally {
      view.close?.()
    }
  },
}

function pubkeyArg(v: unknown): Uint8Array {
  if (typeof v !== 'string' || !/^0[23][0-9a-fA-F]{64}$/.test(v))
    return usage('--unsigned needs --pubkey HEX (33 bytes)')
  return Uint8Array.from(v.match(/../g)!.map((b) => parseInt(b, 16)))
}

/** The `wallet` command. @internal */
export const walletCommands: Readonly<Record<string, CliCommand>> = Object.freeze({ wallet: walletCommand })
