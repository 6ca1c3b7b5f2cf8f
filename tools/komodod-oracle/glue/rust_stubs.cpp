// GENERATED with the declarations in stubinc/librustzcash.h
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "librustzcash.h"
// Sprout/Sapling are never exercised by CC validation. Two are called during static initialisation (empty
// Sapling/Sprout tree roots): librustzcash_tree_uncommitted / librustzcash_merkle_hash -> outputs stay zero,
// which only affects shielded anchors. Any other call is reported and fails.
static bool rust_missing(const char *f) {
    if (strcmp(f, "librustzcash_tree_uncommitted") && strcmp(f, "librustzcash_merkle_hash"))
        fprintf(stderr, "ccoracle: %s called (librustzcash is not linked): returning false\n", f);
    return false;
}
extern "C" {
bool librustzcash_ask_to_ak(...) { return rust_missing("librustzcash_ask_to_ak"); }
bool librustzcash_check_diversifier(...) { return rust_missing("librustzcash_check_diversifier"); }
bool librustzcash_crh_ivk(...) { return rust_missing("librustzcash_crh_ivk"); }
bool librustzcash_ivk_to_pkd(...) { return rust_missing("librustzcash_ivk_to_pkd"); }
bool librustzcash_merkle_hash(...) { return rust_missing("librustzcash_merkle_hash"); }
bool librustzcash_nsk_to_nk(...) { return rust_missing("librustzcash_nsk_to_nk"); }
bool librustzcash_sapling_compute_cm(...) { return rust_missing("librustzcash_sapling_compute_cm"); }
bool librustzcash_sapling_compute_nf(...) { return rust_missing("librustzcash_sapling_compute_nf"); }
bool librustzcash_sapling_generate_r(...) { return rust_missing("librustzcash_sapling_generate_r"); }
bool librustzcash_sapling_ka_agree(...) { return rust_missing("librustzcash_sapling_ka_agree"); }
bool librustzcash_sapling_ka_derivepublic(...) { return rust_missing("librustzcash_sapling_ka_derivepublic"); }
bool librustzcash_sprout_prove(...) { return rust_missing("librustzcash_sprout_prove"); }
bool librustzcash_sprout_verify(...) { return rust_missing("librustzcash_sprout_verify"); }
bool librustzcash_to_scalar(...) { return rust_missing("librustzcash_to_scalar"); }
bool librustzcash_tree_uncommitted(...) { return rust_missing("librustzcash_tree_uncommitted"); }
bool librustzcash_zip32_xfvk_address(...) { return rust_missing("librustzcash_zip32_xfvk_address"); }
bool librustzcash_zip32_xfvk_derive(...) { return rust_missing("librustzcash_zip32_xfvk_derive"); }
bool librustzcash_zip32_xsk_derive(...) { return rust_missing("librustzcash_zip32_xsk_derive"); }
bool librustzcash_zip32_xsk_master(...) { return rust_missing("librustzcash_zip32_xsk_master"); }
// shielded parts cannot be verified here: a transaction with them is refused (the library builds none)
void *librustzcash_sapling_verification_ctx_init(...) { return NULL; }
bool librustzcash_sapling_check_spend(...) { return rust_missing("librustzcash_sapling_check_spend"); }
bool librustzcash_sapling_check_output(...) { return rust_missing("librustzcash_sapling_check_output"); }
bool librustzcash_sapling_final_check(...) { return rust_missing("librustzcash_sapling_final_check"); }
void librustzcash_sapling_verification_ctx_free(...) {}
}
