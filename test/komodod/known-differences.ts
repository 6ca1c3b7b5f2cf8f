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
export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    // The devnet on this branch judges consensus only: komodod's relay policy (IsStandardTx in src/main.cpp: dust,
    // -datacarriersize, standard output types) is the relay-policy issue's (i29) to add. Only a mutant that komodod
    // finds valid (a block would take it) but non-standard may be accepted by the devnet; once the devnet has the
    // policy, such mutants agree and this entry matches nothing.
    id: 'relay-policy',
    matches: (v) => v.devnet.accepted && v.komodod.valid && !v.komodod.standard,
    kinds: ['output-extra-dust'],
  },
]
