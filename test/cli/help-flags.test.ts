// Every command's --help against its parser: each flag the help documents is accepted by the parser, and each flag
// the parser accepts is documented. The parser's accepted set is read by stopping the command at its parseArgs call
// (a probe in place of parseArgs records the spec and throws), so no command does any work here.
import { describe, expect, test, vi } from 'vitest'

const probe: { spec?: { strings?: readonly string[]; booleans?: readonly string[]; multi?: readonly string[] } } = {}
class ProbeStop extends Error {}
/** What the probe recorded (a call, so the compiler does not narrow it to the `undefined` assigned before). */
const recorded = () => probe.spec

vi.mock('../../src/cli/core.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/cli/core.js')>()
  return {
    ...real,
    parseArgs: (_args: string[], spec: typeof probe.spec) => {
      probe.spec = spec
      throw new ProbeStop('probe')
    },
  }
})

const { COMMANDS } = await import('../../src/cli/commands.js')
const { runCli } = await import('../../src/cli/run.js')
const { helpFlags } = await import('../../src/cli/completion.js')
const real = await vi.importActual<typeof import('../../src/cli/core.js')>('../../src/cli/core.js')

const io = (out: string[] = []) => ({
  stdout: (s: string) => void out.push(s),
  stderr: () => {},
  env: {},
  isTty: false,
  readStdin: async () => '',
})

/** The flags a command's parser accepts, read by running it up to its parseArgs call. */
async function parserFlags(words: string): Promise<{ flags: string[]; booleans: Set<string> }> {
  probe.spec = undefined
  await runCli([...words.split(' '), 'probe-positional'], io())
  const spec = recorded()
  if (spec === undefined) throw new Error(`${words}: its run never called parseArgs`)
  const names = [...(spec.strings ?? []), ...(spec.booleans ?? []), ...(spec.multi ?? [])]
  return { flags: [...new Set(names.map((n) => `--${n}`))].sort(), booleans: new Set(spec.booleans ?? []) }
}

/** The help text as the CLI prints it for `<words> --help`. */
async function helpOf(words: string): Promise<string> {
  const out: string[] = []
  expect(await runCli([...words.split(' '), '--help'], io(out))).toBe(0)
  return out.join('')
}

describe('every command: --help documents exactly the flags its parser accepts', () => {
  const all = Object.keys(COMMANDS)
  test('the table has the commands of every group (a sanity floor: the walk is not empty)', () => {
    expect(all.length).toBeGreaterThanOrEqual(20)
    for (const w of [
      'tx sign',
      'rpc',
      'rpc submit',
      'wallet',
      'publish',
      'demo',
      'devnet',
      'kdf enable-eth',
      'completion',
    ])
      expect(all).toContain(w)
  })
  for (const words of Object.keys(COMMANDS)) {
    test(words, async () => {
      const help = await helpOf(words)
      const documented = helpFlags(help).filter((f) => f !== '--help')
      const { flags, booleans } = await parserFlags(words)
      // documented ⊆ accepted: the real parser, given the command's own spec, does not refuse it as unknown
      for (const flag of documented) {
        const args = booleans.has(flag.slice(2)) ? [flag] : [flag, 'v']
        expect(() => real.parseArgs(args, probe.spec!), `${words}: ${flag} is in --help`).not.toThrow()
      }
      expect(documented, `${words}: --help documents a flag the parser refuses`).toEqual(
        documented.filter((f) => flags.includes(f)),
      )
      // accepted ⊆ documented
      expect(
        flags.filter((f) => !documented.includes(f)),
        `${words}: accepted but not in --help`,
      ).toEqual([])
      // and an undocumented flag is refused as unknown
      expect(() => real.parseArgs(['--no-such-flag-anywhere'], probe.spec!)).toThrow(/unknown option/)
    })
  }
})
