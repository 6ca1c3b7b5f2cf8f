import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { MAX_JSON_DEPTH, scanRequestIds } from '../../src/devnet/jsonscan.js'

const runs = { numRuns: Number(process.env.FC_NUM_RUNS ?? 200) }

describe('devnet/jsonscan: scanRequestIds', () => {
  test('lifts the id text as written', () => {
    expect(scanRequestIds('{"method":"getinfo","id":18446744073709551615}')).toEqual({
      kind: 'single',
      id: '18446744073709551615',
    })
    expect(scanRequestIds(' { "id" : { "a" : [1, "}"] } , "method":"x" } ')).toEqual({
      kind: 'single',
      id: '{ "a" : [1, "}"] }',
    })
    expect(scanRequestIds('{"method":"x","params":["\\"id\\":5"]}')).toEqual({ kind: 'single', id: undefined })
    expect(scanRequestIds('{"id":"a\\\\","i\\u0064":2}')).toEqual({ kind: 'single', id: '2' })
    expect(scanRequestIds('"x"')).toEqual({ kind: 'single', id: undefined })
    expect(scanRequestIds('[{"id":1},2,{"method":"m"},{"id":"z"}]')).toEqual({
      kind: 'batch',
      ids: ['1', undefined, undefined, '"z"'],
    })
    expect(scanRequestIds('[]')).toEqual({ kind: 'batch', ids: [] })
  })
  test('bounds nesting at MAX_JSON_DEPTH, the outermost container counted, in ids, params and batches', () => {
    const nest = (d: number): string => '['.repeat(d) + ']'.repeat(d)
    expect(scanRequestIds(nest(MAX_JSON_DEPTH))).toEqual({ kind: 'batch', ids: [undefined] })
    expect(scanRequestIds(nest(MAX_JSON_DEPTH + 1))).toBe('too-deep')
    expect(scanRequestIds(`{"id":${nest(MAX_JSON_DEPTH - 1)}}`)).toEqual({
      kind: 'single',
      id: nest(MAX_JSON_DEPTH - 1),
    })
    expect(scanRequestIds(`{"id":${nest(MAX_JSON_DEPTH)}}`)).toBe('too-deep')
    expect(scanRequestIds(`{"params":[${nest(100_000)}]}`)).toBe('too-deep')
    expect(scanRequestIds(`[{"id":1},{"id":${nest(MAX_JSON_DEPTH - 1)}}]`)).toBe('too-deep')
    expect(scanRequestIds('{"a":{"b":{}}}', 3)).toEqual({ kind: 'single', id: undefined })
    expect(scanRequestIds('{"a":{"b":{}}}', 2)).toBe('too-deep')
    // brackets inside strings are text, not nesting
    expect(scanRequestIds(`{"id":"${'['.repeat(5000)}"}`)).toEqual({ kind: 'single', id: `"${'['.repeat(5000)}"` })
  })
  test('text it cannot follow is malformed (JSON.parse refuses it too), never an exception', () => {
    for (const t of [
      '',
      '   ',
      '{',
      '{"id"',
      '{"id":',
      '{"id":1',
      '{"id" 1}',
      '{id:1}',
      '[1,',
      '[{"id":1} {"id":2}]',
      '"abc',
      '{"a":"\\"}',
    ])
      expect(scanRequestIds(t)).toBe('malformed')
  })
  test('linear on long strings full of escapes', () => {
    const t0 = performance.now()
    expect(scanRequestIds(`{"params":["${'\\n'.repeat(2_000_000)}"],"id":1}`)).toEqual({ kind: 'single', id: '1' })
    expect(performance.now() - t0).toBeLessThan(2000)
  })
  test("property: for any JSON text, compact or indented, the lifted id parses to the request's id", () => {
    const request = fc.record(
      { method: fc.string(), params: fc.array(fc.jsonValue({ maxDepth: 4 })), id: fc.jsonValue({ maxDepth: 4 }) },
      { requiredKeys: ['method'] },
    )
    fc.assert(
      fc.property(
        fc.oneof(request, fc.array(fc.oneof(request, fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 })),
        fc.constantFrom(undefined, 1, '\t'),
        (body, indent) => {
          const text = JSON.stringify(body, null, indent)
          const read = JSON.parse(text) as unknown
          const got = scanRequestIds(text)
          const idOf = (v: unknown): unknown =>
            typeof v === 'object' && v !== null && !Array.isArray(v) && 'id' in v
              ? (v as { id: unknown }).id
              : undefined
          const parse = (t: string | undefined): unknown => (t === undefined ? undefined : JSON.parse(t))
          if (Array.isArray(read)) {
            expect(got).toMatchObject({ kind: 'batch' })
            expect((got as { ids: (string | undefined)[] }).ids.map(parse)).toEqual(read.map(idOf))
          } else expect(parse((got as { id: string | undefined }).id)).toEqual(idOf(read))
        },
      ),
      runs,
    )
  })
})
