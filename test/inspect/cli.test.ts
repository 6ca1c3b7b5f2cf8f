import { describe, expect, test } from 'vitest'
import { inspectCommands as inspectOnly } from '../../src/cli/inspect.js'
import { opretCommands } from '../../src/cli/opret.js'
import { infoCommands } from '../../src/cli/info.js'
import type { CliIo } from '../../src/cli/core.js'
import { docTx } from './_txs.js'

const inspectCommands = { ...inspectOnly, ...opretCommands, ...infoCommands }

function io(): CliIo & { out: string[] } {
  const out: string[] = []
  return { out, stdout: (t) => out.push(t), stderr: () => {}, env: {}, readStdin: async () => '', isTty: false }
}

describe('komodo-cc inspect / opret decode / info', () => {
  test('inspect prints the inspection as JSON', async () => {
    const o = io()
    expect(await inspectCommands.inspect!.run([docTx('oracles-oraclesregister-01').hex], o)).toBe(0)
    const j = JSON.parse(o.out.join(''))
    // the datafee (1,000,000 sat in the opret) in coins, as the outputs' values: one unit in the object
    expect([j.module, j.method, j.funcid, j.payload.datafee]).toEqual(['oracles', 'oraclesregister', 'R', 0.01])
    expect(o.out.join('')).toContain('"datafee": 0.01000000')
    expect(o.out.join('')).toContain('"value": 0.00010000')
    expect(j.outputs[1]).toMatchObject({ role: 'baton', address: 'RWg43P8s8RtJatAGNa2kV8N2abhQqH93w9', kind: 'cc' })
  })
  test('inspect --text prints one line', async () => {
    const o = io()
    await inspectCommands.inspect!.run([docTx('tokens-tokencreate-01').hex, '--text', '--prevout', '10000000000'], o)
    expect(o.out.join('')).toBe('tokencreate: name TOK, supply 100, owner 02d3…7567, fee 0.0001\n')
  })
  test('opret decode picks the module', async () => {
    const o = io()
    await inspectCommands['opret decode']!.run(['6a06e44704030201'], o)
    expect(JSON.parse(o.out.join(''))).toEqual({ module: 'faucet', payload: { funcid: 'G', nonce: 16909060 } })
  })
  test('info oraclesinfo', async () => {
    const o = io()
    await inspectCommands.info!.run(
      ['oraclesinfo', docTx('oracles-oraclescreate-01').hex, docTx('oracles-oraclesregister-01').hex],
      o,
    )
    expect(JSON.parse(o.out.join('')).registered[0].datafee).toBe('0.01000000')
  })
  test('usage errors are KomodoCcError CLI_USAGE', () => {
    expect(() => inspectCommands.inspect!.run([], io())).toThrow(expect.objectContaining({ code: 'CLI_USAGE' }))
    expect(() => inspectCommands.inspect!.run(['00', '--prevout', '1.5'], io())).toThrow(
      expect.objectContaining({ code: 'CLI_USAGE' }),
    )
    expect(() => inspectCommands.info!.run(['nosuchinfo', '00'], io())).toThrow(
      expect.objectContaining({ code: 'CLI_USAGE' }),
    )
  })
})
