// parseJsonExact on hostile text (issue 16 item 5): linear time, no stack overflow, the nesting bound on every path.
import { describe, expect, test } from 'vitest'
import { MAX_JSON_DEPTH, parseJsonExact, parseJsonReply } from '../../src/rpc/json.js'
import { parseFaucetInfo } from '../../src/modules/faucet/rpc.js'
import { parseTokenBalance } from '../../src/modules/tokens/rpc.js'
import { KomodoCcError } from '../../src/errors.js'

const MiB = 1024 * 1024

function timed<T>(f: () => T): { value: T | KomodoCcError; ms: number } {
  const t0 = performance.now()
  let value: T | KomodoCcError
  try {
    value = f()
  } catch (e) {
    expect(e).toBeInstanceOf(KomodoCcError)
    value = e as KomodoCcError
  }
  return { value, ms: performance.now() - t0 }
}

describe('parseJsonExact bounds', () => {
  test('64,000 escaped quotes (unterminated string) fail in linear time', () => {
    for (const text of [
      `"${'\\"'.repeat(64_000)}`,
      `["${'\\"'.repeat(64_000)}`,
      `[12345678901234567890,"${'\\"'.repeat(64_000)}`,
    ]) {
      const { value, ms } = timed(() => parseJsonExact(text))
      expect(value).toMatchObject({ code: 'RPC_RESULT', details: { reason: 'syntax' } })
      expect(ms).toBeLessThan(250) // ~3 ms here; was ~6 s (a quadratic regular expression)
    }
  })

  test('a number literal made to backtrack (0.1, 50,000 zeros, 1) is refused at once', () => {
    const { value, ms } = timed(() => parseJsonExact(`[0.1${'0'.repeat(50_000)}1]`))
    expect(value).toMatchObject({ code: 'RPC_RESULT', details: { reason: 'number' } })
    expect(ms).toBeLessThan(250)
    // long but legitimate literals are still exact
    expect(parseJsonExact(`[${'9'.repeat(1000)}]`)).toEqual([BigInt('9'.repeat(1000))])
    expect(parseJsonExact('0.12345678901234567890')).toBe('0.12345678901234567890')
    expect(parseJsonExact('-0.000000000000000001')).toBe(-1e-18)
  })

  test('a 16 MB string parses (fast and strict path), with escapes', () => {
    const s = 'a\\"b'.repeat(4 * MiB)
    expect((parseJsonExact(`"${s}"`) as string).length).toBe(12 * MiB)
    const both = parseJsonExact(`[12345678901234567890,"${s}"]`) as [bigint, string]
    expect(both[0]).toBe(12345678901234567890n)
    expect(both[1].length).toBe(12 * MiB)
  })

  test('the nesting bound holds on every path: fast (native), strict (long numbers), and for KDF replies', () => {
    const deep = (d: number, inner = '1'): string => '['.repeat(d) + inner + ']'.repeat(d)
    const obj = (d: number): string => '{"a":'.repeat(d) + '1' + '}'.repeat(d)
    for (const text of [
      deep(MAX_JSON_DEPTH + 1),
      deep(100_000),
      obj(MAX_JSON_DEPTH + 1),
      deep(MAX_JSON_DEPTH + 1, '12345678901234567890'),
      deep(1_000_000, ''),
    ]) {
      expect(() => parseJsonExact(text)).toThrow(
        expect.objectContaining({ code: 'RPC_RESULT', details: expect.objectContaining({ reason: 'depth' }) }),
      )
      expect(() => parseJsonReply(text, false)).toThrow(
        expect.objectContaining({ code: 'RPC_RESULT', details: expect.objectContaining({ reason: 'depth' }) }),
      )
    }
    expect(JSON.stringify(parseJsonExact(deep(MAX_JSON_DEPTH)))).toBe(deep(MAX_JSON_DEPTH))
    expect(
      JSON.stringify(parseJsonExact(deep(MAX_JSON_DEPTH, '12345678901234567890')), (_k, v: unknown) =>
        typeof v === 'bigint' ? Number(v) : v,
      ),
    ).toBe(deep(MAX_JSON_DEPTH, '12345678901234567000'))
    expect(JSON.stringify(parseJsonExact(obj(MAX_JSON_DEPTH)))).toBe(obj(MAX_JSON_DEPTH))
    // brackets inside strings do not count
    expect(parseJsonExact(JSON.stringify(['['.repeat(1000)]))).toEqual(['['.repeat(1000)])
  })

  test('KDF replies keep JSON.parse numbers', () => {
    expect(parseJsonReply('{"a":12345678901234567890,"b":0.12345678901234567890}', false)).toEqual({
      a: 12345678901234567000,
      b: 0.12345678901234568,
    })
    expect(() => parseJsonReply('{"a":1,}', false)).toThrow(
      expect.objectContaining({ code: 'RPC_RESULT', details: expect.objectContaining({ offset: 7 }) }),
    )
  })
})

describe('typed result parsers on hostile text', () => {
  test('an amount or integer text made to backtrack or to make a huge BigInt is refused at once', () => {
    const t0 = performance.now()
    expect(() => parseFaucetInfo({ result: 'success', name: 'f', funding: `0.1${'0'.repeat(50_000)}1` })).toThrow(
      expect.objectContaining({ code: 'RPC_RESULT' }),
    )
    expect(() =>
      parseTokenBalance({ result: 'success', CCaddress: 'C', tokenid: 'ab', balance: '7'.repeat(4_000_000) }),
    ).toThrow(expect.objectContaining({ code: 'RPC_RESULT' }))
    expect(performance.now() - t0).toBeLessThan(250) // was ~2 s and ~0.7 s
  })
})
