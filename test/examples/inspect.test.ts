import { expect, test } from 'vitest'
import docs from '../../vectors/modules/docs-antara-tx.json' with { type: 'json' }
import { inspectExample } from '../../examples/inspect.js'

const hex = (id: string) => docs.cases.find((c) => c.id === id)!.hex

test('README inspect example runs and gives the documented values (oracles.md)', () => {
  const r = inspectExample(hex('oracles-oraclesregister-01'), hex('oracles-oraclescreate-01'))
  expect([r.module, r.method]).toEqual(['oracles', 'oraclesregister'])
  expect(r.payload).toEqual({
    funcid: 'R',
    oracletxid: '0df7c4d844f08dba08abd4bb174558739f17cfe268feb005fb6333b3761d9203',
    pubkey: '03810d28146f60a42090991b044fe630d1664f3f8f46286c61e7420523318047b5',
    datafee: 1000000n,
  })
  expect(r.roles).toEqual([
    'marker RGEug5JPPkERBpqsGSgw6GQPYTB9v9i4Fj',
    'baton RWg43P8s8RtJatAGNa2kV8N2abhQqH93w9',
    'change RVXhz5UCJfSRoTfa4zvBFBrpDBbqMM21He',
    'opret ',
  ])
  expect(r.line).toBe('oraclesregister: oracletxid 0df7…9203, publisher 0381…47b5, datafee 1000000, baton RWg4…93w9')
  expect(r.same).toBe(true)
  expect(r.info).toMatchObject({
    name: 'NYWTHR',
    marker: 'RGEug5JPPkERBpqsGSgw6GQPYTB9v9i4Fj',
    registered: [
      { datafee: '0.01000000', batontxid: '8f3c517d023e42bacfd0de8b0174cdc8adab713d08a689c00067ab171488a575' },
    ],
  })
})
