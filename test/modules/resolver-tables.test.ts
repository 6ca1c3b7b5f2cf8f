// The resolver tables are shared by every wallet, CLI call and devnet in a process: each entry and its parameter list
// must be frozen (gateways' and oracles' entries were plain objects: a caller could swap a resolver for everyone).
import { expect, test } from 'vitest'
import { WALLET_METHODS } from '../../src/modules/registry/resolvers.js'
import { methodResolver } from '../../src/cctx/resolve.js'

test('all 34 entries (24 of the six modules, 10 of Tokel), each frozen with a frozen parameter list', () => {
  expect(WALLET_METHODS).toHaveLength(34)
  expect(Object.isFrozen(WALLET_METHODS)).toBe(true)
  for (const r of WALLET_METHODS) {
    expect(Object.isFrozen(r), r.method).toBe(true)
    expect(Object.isFrozen(r.params), r.method).toBe(true)
    expect(() => ((r as { resolve: unknown }).resolve = () => 0)).toThrow(TypeError)
  }
})

test('methodResolver copies the parameter names it is given and passes parameters, context and options through', async () => {
  const names = ['a', 'b']
  const seen: unknown[] = []
  const r = methodResolver('m', names, async (p: { a: number }, ctx, o?: { x: number }) => {
    seen.push(p.a, ctx, o?.x)
    return {} as never
  })
  names.push('c')
  expect(r.params).toEqual(['a', 'b'])
  const ctx = { view: {} } as never
  await r.resolve({ a: 1 }, ctx, { x: 2 })
  expect(seen).toEqual([1, ctx, 2])
})
