// Every fast-check property runs from a fixed seed unless FC_SEED says otherwise, so CI is reproducible: a failure
// replays exactly, and a property cannot turn CI red by chance on a later run. Explore with FC_SEED=<n> (and
// FC_NUM_RUNS) locally; a counterexample found that way becomes a vector or a fixed case.
import fc from 'fast-check'

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261125) })
