import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import {
  CC_MODULES,
  CC_TYPE_NAMES,
  cc1of1,
  cc1of2,
  ccAddressOf,
  conditionFingerprint,
  conditionToJson,
  conditionUri,
  decodeCondition,
  decodeFulfillment,
  encodeCondition,
  evalCodeOf,
  evalName,
  moduleAddressInfo,
  moduleGlobalAddresses,
  tokensCc1of1,
  tokensCc1of2,
  txidAddress,
  txidPubkey,
  type CcCondition,
} from '../cc/index.js'
import { ccScript, parseCcScript } from '../script/cc.js'
import { KomodoCcError } from '../errors.js'
import { LAYERED_MODULES } from '../modules/registry/core.js'
import { IO_MODULES } from '../modules/registry/io.js'
import { CLI_MODULES } from '../modules/registry/cli.js'
import { parseArgs, printJson, usage, type CliCommand } from './core.js'

function describeCondition(cond: CcCondition): Record<string, unknown> {
  const bin = encodeCondition(cond)
  const anon = decodeCondition(bin)
  const subtypes: string[] = []
  for (let i = 0; i < 32; i++) if ((anon.subtypes >>> i) & 1) subtypes.push(CC_TYPE_NAMES[i] ?? `type-${i}`)
  return {
    condition: bytesToHex(bin),
    type: CC_TYPE_NAMES[anon.typeId],
    fingerprint: bytesToHex(conditionFingerprint(cond)),
    cost: anon.cost,
    subtypes,
    uri: conditionUri(cond),
    script: bytesToHex(ccScript(bin)),
    address: ccAddressOf(bin),
  }
}

/** The module the help texts take their examples from: the one whose CLI part names the `build` help's example. */
const EXAMPLE = (CLI_MODULES.find((m) => m.cli.helpExample !== undefined) ?? CLI_MODULES[0]!).module

const ccAddressCommand: CliCommand = {
  summary: 'cc address --eval <name|0x..> --pubkey <hex> [--pubkey2 <hex>] [--tokens [--eval2 …]]   CC address',
  help: `komodo-cc cc address --eval <${EXAMPLE.name}|0x${EXAMPLE.evalCode.toString(16)}|${EXAMPLE.evalCode}> --pubkey <hex> [--pubkey2 <hex>] [--tokens] [--eval2 <code>]

The module 1-of-1 CC address of a pubkey (MakeCCcond1), or the 1-of-2 with --pubkey2 (MakeCCcond1of2).
--tokens uses the tokens shapes (MakeTokensCCcond1/1of2; --eval2 adds a third eval code).
Pubkeys are 33 opaque bytes (txid markers 02‖txid are fine). Prints the condition, its script and address.
Example: komodo-cc cc address --eval ${EXAMPLE.name} --pubkey ${EXAMPLE.globalKeys[EXAMPLE.evalCode]}`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: ['eval', 'pubkey', 'pubkey2', 'eval2'],
      booleans: ['tokens'],
    })
    if (positionals.length > 0) usage(`unexpected argument ${JSON.stringify(positionals[0])}`)
    if (typeof options.eval !== 'string') usage('--eval is required (a module name, 0x.. or decimal)')
    if (typeof options.pubkey !== 'string') usage('--pubkey is required (33 bytes hex)')
    const ev = evalCodeOf(options.eval)
    const ev2 = typeof options.eval2 === 'string' ? evalCodeOf(options.eval2) : 0
    if (ev2 !== 0 && options.tokens !== true) usage('--eval2 only applies with --tokens')
    const pk2 = typeof options.pubkey2 === 'string' ? options.pubkey2 : undefined
    const cond =
      options.tokens === true
        ? pk2 === undefined
          ? tokensCc1of1(ev, options.pubkey, ev2)
          : tokensCc1of2(ev, options.pubkey, pk2, ev2)
        : pk2 === undefined
          ? cc1of1(ev, options.pubkey)
          : cc1of2(ev, options.pubkey, pk2)
    const shape = `${options.tokens === true ? 'tokens ' : ''}${pk2 === undefined ? '1-of-1' : '1-of-2'}`
    printJson(io, {
      evalCode: `0x${ev.toString(16)}`,
      evalName: evalName(ev) ?? null,
      shape,
      ...describeCondition(cond),
    })
    return 0
  },
}

const ccDecodeCommand: CliCommand = {
  summary: 'cc decode <hex> [--lenient]   a CC script, condition or fulfillment: JSON, fingerprint, cost, address',
  help: `komodo-cc cc decode <hex> [--lenient]

Accepts a CC scriptPubKey (<push condition> cc [<push params> OP_DROP]), a condition binary or a fulfillment
binary, and prints what it is: type, fingerprint, cost, subtypes, URI, CC address, the JSON form and, for
scripts with extra data, the COptCCParams header and vData. Strict DER by default; --lenient accepts what
komodod's C reader accepts (trailing bytes, BER lengths, odd octet-string sizes).`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, { booleans: ['lenient'] })
    if (positionals.length !== 1) usage('give one hex argument')
    const lenient = options.lenient === true
    const bytes = hexToBytes(positionals[0]!, 'input')
    const script = parseCcScript(bytes)
    if (script !== null) {
      const cond = decodeCondition(script.condition, { lenient })
      const out: Record<string, unknown> = { kind: 'script', ...describeCondition(cond), json: conditionToJson(cond) }
      out.script = bytesToHex(script.subScript)
      out.address = ccAddressOf(script.condition)
      if (script.tail.length > 0) out.tail = script.tail.map(bytesToHex)
      if (script.params) out.params = script.params
      if (script.vData) out.vData = script.vData.map(bytesToHex)
      printJson(io, out)
      return 0
    }
    let condError: unknown
    try {
      const cond = decodeCondition(bytes, { lenient })
      printJson(io, { kind: 'condition', ...describeCondition(cond), json: conditionToJson(cond) })
      return 0
    } catch (e) {
      condError = e
    }
    try {
      const tree = decodeFulfillment(bytes, { lenient })
      printJson(io, {
        kind: 'fulfillment',
        fulfillment: positionals[0]!.toLowerCase(),
        ...describeCondition(tree),
        json: conditionToJson(tree),
      })
      return 0
    } catch (e) {
      // report the condition reader's error for condition-looking input, the fulfillment reader's otherwise
      const first = bytes[0] ?? 0
      const err =
        first >= 0xa0 && first <= 0xaf && condError instanceof KomodoCcError && bytes.length <= 60 ? condError : e
      throw err
    }
  },
}

const ccModuleAddressCommand: CliCommand = {
  runsBare: true,
  summary: 'cc moduleaddress <module> [pubkey] [--mypubkey <hex>] [--legacy]   what <module>address prints',
  help: `komodo-cc cc moduleaddress <${LAYERED_MODULES.map((m) => m.name).join('|')}|…> [pubkey] [--mypubkey <hex>] [--legacy]

Offline equivalent of ${LAYERED_MODULES.map((m) => IO_MODULES.find((io) => io.module === m)!.devnet.addressRpc).join(', ')}
(and the other modules of the constants table): the same keys in the same order. --mypubkey stands for the
node's -pubkey (adds myCCAddress/myaddress). Balances are printed as 0 (chain state is not known offline).
--legacy prints the 2018 key spelling (<Name>CCaddress, <Name>marker, GatewaysPubkey, <Name>CCassets, …).
Without a module: the table of modules with their global addresses.`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, { strings: ['mypubkey'], booleans: ['legacy'] })
    if (positionals.length === 0) {
      printJson(
        io,
        CC_MODULES.map((m) => ({
          name: m.name,
          evalCode: `0x${m.evalCode.toString(16)}`,
          pubkey: m.pubkey,
          ...moduleGlobalAddresses(m),
        })),
      )
      return 0
    }
    if (positionals.length > 2) usage('give a module name and at most one pubkey')
    const info = moduleAddressInfo(positionals[0]!, {
      format: options.legacy === true ? 'legacy' : 'current',
      ...(positionals[1] !== undefined ? { pubkey: positionals[1] } : {}),
      ...(typeof options.mypubkey === 'string' ? { mypubkey: options.mypubkey } : {}),
    })
    printJson(io, info)
    return 0
  },
}

const ccTxidAddressCommand: CliCommand = {
  summary:
    'cc txidaddr <txid> [--eval <code>]   CCtxidaddr marker pubkey and address (oracle marker, gateways markers)',
  help: `komodo-cc cc txidaddr <txid display hex> [--eval <code>]

The pseudo-pubkey 02‖txid (internal byte order) komodod uses as a marker, its P2PK address and, with --eval,
the 1-of-1 CC address on it.`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, { strings: ['eval'] })
    if (positionals.length !== 1) usage('give one txid')
    const pk = txidPubkey(positionals[0]!)
    const out: Record<string, unknown> = {
      txid: positionals[0]!.toLowerCase(),
      pubkey: bytesToHex(pk),
      address: txidAddress(positionals[0]!),
    }
    if (typeof options.eval === 'string') out.ccAddress = ccAddressOf(cc1of1(evalCodeOf(options.eval), pk))
    printJson(io, out)
    return 0
  },
}

/** The `cc …` commands, by their command words (for src/cli/commands.ts). @example COMMANDS = { ...ccCommands } */
export const ccCommands: Readonly<Record<string, CliCommand>> = {
  'cc address': ccAddressCommand,
  'cc decode': ccDecodeCommand,
  'cc moduleaddress': ccModuleAddressCommand,
  'cc txidaddr': ccTxidAddressCommand,
}
