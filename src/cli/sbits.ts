import { sbits, unsbits } from '../sbits.js'
import { bytesToHex } from '../bytes/hex.js'
import { MODULES } from '../modules/registry/core.js'
import { parseArgs, printJson, usage, type CliCommand } from './core.js'

/** The modules with plans (an RPC taking a plan's `name` and its `fundingtxid`): those that store plan names as sbits. */
const PLAN_MODULES = /* @__PURE__ */ MODULES.filter((m) =>
  m.methods.some((x) => x.params.includes('name') && x.params.includes('fundingtxid')),
).map((m) => m.name)

const sbitsCommand: CliCommand = {
  summary: `sbits <name> | sbits --bits <u64>   plan-name bits as ${PLAN_MODULES.join('/')} store them`,
  help: `komodo-cc sbits <name>        → {"name", "sbits" (decimal), "wire" (the 8 opret bytes)}
komodo-cc sbits --bits <u64>  → the name the daemon prints for those bits`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, { strings: ['bits'] })
    if (typeof options.bits === 'string') {
      if (!/^\d+$/.test(options.bits)) usage('--bits expects a decimal u64')
      const bits = BigInt(options.bits)
      printJson(io, { sbits: bits, name: unsbits(bits) })
      return 0
    }
    if (positionals.length !== 1) usage('give one plan name')
    const bits = sbits(positionals[0]!)
    const wire = new Uint8Array(8)
    for (let i = 0, v = bits; i < 8; i++, v >>= 8n) wire[i] = Number(v & 0xffn)
    printJson(io, { name: positionals[0], sbits: bits, wire: bytesToHex(wire) })
    return 0
  },
}

/** The `sbits` command, by its command word (for src/cli/commands.ts). @example COMMANDS = { ...sbitsCommands } */
export const sbitsCommands: Readonly<Record<string, CliCommand>> = { sbits: sbitsCommand }
