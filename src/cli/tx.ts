import { decodeWif } from '../address/address.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { equalBytes } from '../bytes/utils.js'
import { cc1of1, cc1of2, encodeCondition, tokensCc1of1 } from '../cc/condition.js'
import type { CcCondition } from '../cc/types.js'
import { KomodoCcError } from '../errors.js'
import { ccScriptParts } from '../script/classify.js'
import { parseTransaction, serializeTransaction, txid } from '../tx/codec.js'
import { decodeRawTransaction } from '../tx/decode.js'
import { keySigner, signTransaction, verifyInput, type Prevout } from '../tx/sign.js'
import {
  WIF_FLAGS,
  parseArgs,
  printJson,
  readWifFlags,
  usage,
  warnArgvSecret,
  type CliCommand,
  type CliIo,
} from './core.js'

/** decoderawtransaction's coin field: each output's value. */
const VALUE_KEY: ReadonlySet<string> = /* @__PURE__ */ new Set(['value'])

/** `komodo-cc tx decode <hex>`: komodod's decoderawtransaction JSON, offline. @example await txDecodeCommand.run([hex], io) */
export const txDecodeCommand: CliCommand = {
  summary: 'decode a raw transaction exactly as komodod decoderawtransaction prints it',
  help: [
    'usage: komodo-cc tx decode <hex> [--chain KMD|BTC|…] [--value-sat]',
    '',
    'Prints the JSON komodod returns for decoderawtransaction (txid, vin/vout, asm, addresses, CC addresses).',
    '--value-sat   name the satoshi amount "valueSat" (getrawtransaction on -spentindex nodes) instead of "valueZat"',
    '--chain NAME  the chain whose address prefixes the addresses use (default KMD)',
    'Each output\'s "value" is in coins as komodod prints it (0.00001000), its satoshis in "valueZat".',
  ].join('\n'),
  run(args, io) {
    const { options, positionals } = parseArgs(args, { strings: ['chain'], booleans: ['value-sat'] })
    if (positionals.length !== 1) usage('tx decode needs exactly one hex argument')
    const opts: { chain?: string; amountKey?: 'valueSat' | 'valueZat' } = {}
    if (typeof options.chain === 'string') opts.chain = options.chain
    if (options['value-sat'] === true) opts.amountKey = 'valueSat'
    printJson(io, decodeRawTransaction(positionals[0]!, opts), { coinKeys: VALUE_KEY })
    return 0
  },
}

/** `komodo-cc tx id <hex>`: the txid (display order) and size. @example await txIdCommand.run([hex], io) */
export const txIdCommand: CliCommand = {
  summary: 'print the txid (display order) and size of a raw transaction',
  help: 'usage: komodo-cc tx id <hex>\n\nParses the transaction strictly and prints { txid, size }.',
  run(args, io) {
    const { positionals } = parseArgs(args, {})
    if (positionals.length !== 1) usage('tx id needs exactly one hex argument')
    const raw = hexToBytes(positionals[0]!, 'tx')
    printJson(io, { txid: txid(parseTransaction(raw)), size: raw.length })
    return 0
  },
}

/** JSON shape of one prevout on the command line. */
type PrevoutJson = {
  value: string | number
  script: string
  condition?: {
    cc1of1?: { eval: string | number; pubkey: string }
    cc1of2?: { eval: string | number; pubkeys: [string, string] }
    tokens?: { eval: string | number; pubkey: string; eval2?: string | number }
  }
}

const evalCode = (v: unknown, where: string): number => {
  const n =
    typeof v === 'number'
      ? v
      : typeof v === 'string' && /^(0x)?[0-9a-fA-F]{1,2}$/.test(v)
        ? parseInt(v.replace(/^0x/, ''), 16)
        : NaN
  if (!Number.isInteger(n) || n < 0 || n > 255)
    usage(`${where}: eval code expected a byte (hex string like "e4" or a number)`)
  return n
}

function conditionFromJson(c: PrevoutJson['condition'], where: string): CcCondition | undefined {
  if (c === undefined) return undefined
  if (typeof c !== 'object' || c === null) usage(`${where}.condition expected an object`)
  if (c.cc1of1) return cc1of1(evalCode(c.cc1of1.eval, where), c.cc1of1.pubkey)
  if (c.cc1of2) return cc1of2(evalCode(c.cc1of2.eval, where), c.cc1of2.pubkeys[0], c.cc1of2.pubkeys[1])
  if (c.tokens)
    return tokensCc1of1(
      evalCode(c.tokens.eval, where),
      c.tokens.pubkey,
      c.tokens.eval2 === undefined ? 0 : evalCode(c.tokens.eval2, where),
    )
  usage(`${where}.condition expected { cc1of1 } | { cc1of2 } | { tokens }`)
}

/**
 * The condition of a CC prevout spendable by `pubkey` alone, found by trying every 1-of-1 and tokens 1-of-1 shape
 * (all 256 eval codes) against the condition bytes of the script; undefined when none matches.
 * @example inferCondition(script, pubkey)
 */
export function inferCondition(script: Uint8Array, pubkey: Uint8Array): CcCondition | undefined {
  const parts = ccScriptParts(script)
  if (parts === null) return undefined
  for (let ev = 0; ev < 256; ev++) {
    for (const c of [cc1of1(ev, pubkey), tokensCc1of1(ev, pubkey)])
      if (equalBytes(encodeCondition(c), parts.condition)) return c
  }
  return undefined
}

/**
 * The WIF for `tx sign`: `--wif-env NAME` or `--wif-stdin` (the form every command takes); `--wif env:NAME` and
 * `--wif stdin` still work but print a DEPRECATED warning; none of them: the KOMODO_CC_WIF environment variable.
 */
async function readWif(options: Record<string, unknown>, io: CliIo): Promise<string> {
  const given = ['wif', 'wif-env', 'wif-stdin'].filter((k) => options[k] !== undefined)
  if (given.length > 1)
    usage(`give one of --wif-env NAME, --wif-stdin (not ${given.map((k) => `--${k}`).join(' and ')})`)
  const fromFlags = await readWifFlags(options, io)
  if (fromFlags !== undefined) return fromFlags
  const fromEnv = (name: string): string => {
    const v = io.env[name]
    if (v === undefined || v.trim() === '') usage(`environment variable ${name} is not set (it should hold the WIF)`)
    return v.trim()
  }
  const s = options.wif as string | undefined
  if (s === undefined) return fromEnv('KOMODO_CC_WIF')
  const deprecated = (instead: string): void =>
    io.stderr(
      JSON.stringify({
        warning: {
          code: 'DEPRECATED',
          message: `--wif ${s} is deprecated; use ${instead}, as every other command does`,
        },
      }) + '\n',
    )
  if (s === 'stdin' || s === '-') {
    deprecated('--wif-stdin')
    return (await io.readStdin()).trim()
  }
  if (s.startsWith('env:')) {
    deprecated(`--wif-env ${s.slice(4)}`)
    return fromEnv(s.slice(4))
  }
  if (options['unsafe-argv-wif'] !== true)
    usage(
      '--wif takes no key: use --wif-env NAME or --wif-stdin; a key on the command line lands in shell history (add --unsafe-argv-wif to allow it)',
    )
  warnArgvSecret(io, 'the WIF in --wif (--unsafe-argv-wif)', '--wif-env NAME or --wif-stdin')
  return s
}

/**
 * `komodo-cc tx sign <hex> --prevouts <json> [--wif-env NAME | --wif-stdin]`: signs with a WIF read from the
 * environment or stdin. @example KOMODO_CC_WIF=… komodo-cc tx sign <hex> --prevouts
 * '[{"value":"100000000","script":"2ea2…cc"}]'
 */
export const txSignCommand: CliCommand = {
  summary: 'sign the P2PK, P2PKH and CC inputs of a raw transaction with a WIF',
  help: [
    'usage: komodo-cc tx sign <hex> --prevouts <json> [--wif-env NAME | --wif-stdin] [--branch-id N] [--partial] [--chain NAME]',
    '',
    '--prevouts  JSON array, one entry per input: { "value": "<satoshis>", "script": "<scriptPubKey hex>",',
    '            "condition"?: { "cc1of1": { "eval": "e4", "pubkey": "03…" } } | { "cc1of2": { "eval", "pubkeys": [a, b] } }',
    '            | { "tokens": { "eval", "pubkey", "eval2"? } } }; CC 1-of-1 / tokens conditions of the key are inferred.',
    '--wif-env NAME  the WIF is in environment variable NAME (default: KOMODO_CC_WIF).',
    '--wif-stdin     the WIF is read from standard input.',
    '--wif env:NAME | --wif stdin: deprecated aliases of the two above (they print a DEPRECATED warning). The key',
    '            itself never on the command line (unless --unsafe-argv-wif, which prints a warning: other processes can',
    '            read the command line).',
    '--partial   leave inputs this key cannot sign unsigned instead of failing.',
    '--chain NAME  the chain whose WIF version byte the key must have (KMD by default; BTC, LTC, …).',
    'Prints { hex, txid, signed: [input indexes] }.',
  ].join('\n'),
  async run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: ['prevouts', 'wif', 'branch-id', 'chain', ...WIF_FLAGS.strings],
      booleans: ['partial', 'unsafe-argv-wif', ...WIF_FLAGS.booleans],
    })
    if (positionals.length !== 1) usage('tx sign needs exactly one hex argument')
    if (typeof options.prevouts !== 'string') usage('tx sign needs --prevouts <json>')
    const tx = parseTransaction(positionals[0]!)
    let list: PrevoutJson[]
    try {
      list = JSON.parse(options.prevouts) as PrevoutJson[]
    } catch {
      usage('--prevouts is not valid JSON')
    }
    if (!Array.isArray(list)) usage('--prevouts expected a JSON array')
    const wif = await readWif(options, io)
    const { privateKey } = decodeWif(wif, typeof options.chain === 'string' ? options.chain : undefined)
    const signer = keySigner(privateKey)
    const prevouts: Prevout[] = list.map((p, i) => {
      const where = `prevouts[${i}]`
      if (typeof p !== 'object' || p === null) usage(`${where} expected an object`)
      if (
        !(typeof p.value === 'string' && /^\d+$/.test(p.value)) &&
        !(typeof p.value === 'number' && Number.isSafeInteger(p.value) && p.value >= 0)
      )
        usage(`${where}.value expected satoshis as a decimal string or a safe integer`)
      const script = hexToBytes(String(p.script), `${where}.script`)
      const condition = conditionFromJson(p.condition, where) ?? inferCondition(script, signer.publicKey)
      return condition === undefined
        ? { value: BigInt(p.value), script }
        : { value: BigInt(p.value), script, condition }
    })
    let branchId: number | undefined
    if (typeof options['branch-id'] === 'string') {
      branchId = Number(options['branch-id'])
      if (!Number.isInteger(branchId) || branchId < 0 || branchId > 0xffffffff)
        usage('--branch-id expected a u32 (e.g. 0x76b809bb)')
    }
    const signed = signTransaction(tx, prevouts, [signer], {
      allowPartial: options.partial === true,
      ...(branchId === undefined ? {} : { branchId }),
    })
    const done = signed.vin.flatMap((_, i) => (equalBytes(signed.vin[i]!.scriptSig, tx.vin[i]!.scriptSig) ? [] : [i]))
    for (const i of done) {
      if (!verifyInput(signed, i, prevouts[i]!, branchId === undefined ? {} : { branchId }).valid)
        throw new KomodoCcError('SIGNATURE_INVALID', `input ${i} does not verify after signing`, { inputIndex: i })
    }
    printJson(io, { hex: bytesToHex(serializeTransaction(signed)), txid: txid(signed), signed: done })
    return 0
  },
}

/** The `tx …` commands, by command words (for src/cli/commands.ts). @example COMMANDS = { ...txCommands } */
export const txCommands: Readonly<Record<string, CliCommand>> = {
  'tx decode': txDecodeCommand,
  'tx id': txIdCommand,
  'tx sign': txSignCommand,
}
