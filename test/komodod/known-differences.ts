// The known differences between the devnet's validator and komodod's, each explained in docs/devnet.md ("Where the
// devnet and komodod differ") by komodod's own line. The mutation matrix (mutations.test.ts) accepts a disagreement
// only when one of these matches it, and pins where each is seen, so a change on either side shows.
import type { Judgement } from '../_util/ccoracle.js'
import type { Mutant } from './mutants.js'

/** Both verdicts on one transaction. */
export type Verdicts = { devnet: { accepted: boolean; reason: string }; komodod: Judgement }

/** A known difference: what it matches, and (when pinned) exactly where the matrix sees it. */
export type KnownDifference = {
  id: string
  matches: (v: Verdicts, mutant: Mutant, method: string) => boolean
  /** `method kind where` of every mutant it explains; undefined: not pinned. */
  expected?: readonly string[]
  /** The mutation kinds it may explain (any other kind it matches fails the matrix). */
  kinds?: readonly string[]
}

/**
 * Each known difference, explained in docs/devnet.md ("Where the devnet and komodod differ"). A disagreement that
 * none of these matches fails the matrix.
 */
export const KNOWN_DIFFERENCES: readonly KnownDifference[] = []
