import { hexToBytes } from '../bytes/hex.js'
import { KomodoCcError } from '../errors.js'
import { MODULES, moduleOfOpretEval, type AnyModule } from '../modules/registry/core.js'
import { opretPayload } from '../modules/opret.js'
import { parseArgs, printJson, usage, type CliCommand } from './core.js'

/** The modules that claim another module's oprets (their `claimsOpret` hook). */
const CLAIMING = /* @__PURE__ */ MODULES.filter((m) => m.inspect.claimsOpret !== undefined).map((m) => m.name)

const opretCommand: CliCommand = {
  summary: 'opret decode <hex>   decode one module OP_RETURN script (or bare payload)',
  help: `komodo-cc opret decode <opret script or payload hex> [--allow-trailing-script]

Picks the module from the eval code (${CLAIMING.map((m) => `an opret ${m} claims decodes as ${m}`).join(', ')}) and prints
{module, payload}. Strict: every byte must be consumed; --allow-trailing-script ignores script bytes after the
first push, as the daemon does.`,
  run(args, io) {
    const { options, positionals } = parseArgs(args, { booleans: ['allow-trailing-script'] })
    if (positionals.length !== 1) usage('give one opret script or payload as hex')
    const bytes = hexToBytes(positionals[0]!.trim(), 'opret')
    const allow = options['allow-trailing-script'] === true
    const payload = opretPayload(bytes, { allowTrailingScript: allow })
    const ev = payload[0]!
    const module = MODULES.find((m) => claims(m, payload)) ?? moduleOfOpretEval(ev)
    if (module === undefined)
      throw new KomodoCcError(
        'OPRET_EVAL',
        `eval code 0x${ev.toString(16).padStart(2, '0')} is not one of the six modules`,
        { got: ev },
      )
    printJson(io, { module: module.name, payload: module.decode(payload) })
    return 0
  },
}

/** A module that takes another module's opret (its `claimsOpret` hook) and decodes it. */
function claims(m: AnyModule, payload: Uint8Array): boolean {
  if (m.opretEvals.includes(payload[0]!) || m.inspect.claimsOpret?.(payload) !== true) return false
  try {
    m.decode(payload)
    return true
  } catch {
    return false
  }
}

/** The `opret decode` command, by its command words (for src/cli/commands.ts). @example await opretCommands['opret decode']!.run([hex], io) */
export const opretCommands: Readonly<Record<string, CliCommand>> = { 'opret decode': opretCommand }
