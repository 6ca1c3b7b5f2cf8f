/* harness stub: komodod Rust parts (librustzcash) cannot be built offline (no crates.io). Every function the
   linked C++ mentions is declared variadic and, in glue/rust_stubs.cpp, aborts: no Sapling/Sprout path is used. */
#ifndef HARNESS_LIBRUSTZCASH_H
#define HARNESS_LIBRUSTZCASH_H
#include <stdint.h>
#include <stddef.h>
extern "C" {
bool librustzcash_ask_to_ak(...);
bool librustzcash_check_diversifier(...);
bool librustzcash_crh_ivk(...);
bool librustzcash_ivk_to_pkd(...);
bool librustzcash_merkle_hash(...);
bool librustzcash_nsk_to_nk(...);
bool librustzcash_sapling_compute_cm(...);
bool librustzcash_sapling_compute_nf(...);
bool librustzcash_sapling_generate_r(...);
bool librustzcash_sapling_ka_agree(...);
bool librustzcash_sapling_ka_derivepublic(...);
bool librustzcash_sprout_prove(...);
bool librustzcash_sprout_verify(...);
bool librustzcash_to_scalar(...);
bool librustzcash_tree_uncommitted(...);
bool librustzcash_zip32_xfvk_address(...);
bool librustzcash_zip32_xfvk_derive(...);
bool librustzcash_zip32_xsk_derive(...);
bool librustzcash_zip32_xsk_master(...);
/* Sapling proof verification, reached by ContextualCheckTransaction only for transactions with shielded parts */
void *librustzcash_sapling_verification_ctx_init(...);
bool librustzcash_sapling_check_spend(...);
bool librustzcash_sapling_check_output(...);
bool librustzcash_sapling_final_check(...);
void librustzcash_sapling_verification_ctx_free(...);
}
#endif
