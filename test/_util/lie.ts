// A lying (or failing, or hostile) chain source for tests that must prove a resolver refuses it, and proof that the
// lie was told: each overridden method also asks the honest view the same question and counts the answers that
// differ (a thrown error counts as told). A lie that never changed an answer makes the test prove nothing — the honest
// chain went through — so a lying view made inside a test is checked when that test finishes: if it never changed an
// answer, the test fails. (A view that only leaves methods out lies about nothing and is not checked.)
import { expect, onTestFinished } from 'vitest'
import { bytesToHex } from '../../src/bytes/hex.js'
import type { ChainView } from '../../src/cctx/types.js'

/** A view that lies through `overrides`, and a count of the answers where it did. */
export type LyingView = {
  view: ChainView
  /** How many answers (of `method`, else of all) differed from the honest view's, errors included. */
  told(method?: keyof ChainView): number
}

/** Comparable text of an answer: bigint and bytes written out. */
function canon(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'bigint' ? `${x}n` : x instanceof Uint8Array ? `bytes:${bytesToHex(x)}` : x,
  )
}

/**
 * `honest` with some methods replaced. A method set to `undefined` is left out (the source lacks it): not a lie.
 * @example
 * const l = lyingView(dev.view, { getHeight: async () => -1 })
 * await expect(resolveX(params, { view: l.view, ... })).rejects.toMatchObject({ code: 'CHAIN_MISMATCH' })
 * expect(l.told()).toBeGreaterThan(0)
 */
export function lyingView(honest: ChainView, overrides: Partial<ChainView>): LyingView {
  const told = new Map<string, number>()
  const tell = (name: string): void => void told.set(name, (told.get(name) ?? 0) + 1)
  const view: Record<string, unknown> = { ...honest }
  for (const [name, lie] of Object.entries(overrides)) {
    if (typeof lie !== 'function') {
      view[name] = lie
      continue
    }
    const truth = (honest as unknown as Record<string, unknown>)[name]
    view[name] = async (...args: unknown[]) => {
      let answer: unknown
      try {
        answer = await (lie as (...a: unknown[]) => unknown)(...args)
      } catch (e) {
        tell(name)
        throw e
      }
      let real: string
      try {
        real =
          typeof truth === 'function'
            ? canon(await (truth as (...a: unknown[]) => unknown).apply(honest, args))
            : 'absent'
      } catch {
        real = 'error'
      }
      if (canon(answer) !== real) tell(name)
      return answer
    }
  }
  const l: LyingView = {
    view: view as unknown as ChainView,
    told: (method) => (method === undefined ? [...told.values()].reduce((a, b) => a + b, 0) : (told.get(method) ?? 0)),
  }
  if (Object.values(overrides).some((f) => typeof f === 'function')) {
    try {
      onTestFinished(() => expectTold(l))
    } catch {
      // made outside a test (a beforeAll): the test that uses it asserts with expectTold
    }
  }
  return l
}

/**
 * Asserts that the lie changed at least one answer (of `method`, when given).
 * @example expectTold(l, 'listUnspent')
 */
export function expectTold(l: LyingView, method?: keyof ChainView): void {
  expect(
    l.told(method),
    `the lying view never changed an answer${method ? ` of ${method}` : ''}: the test proved nothing`,
  ).toBeGreaterThan(0)
}
