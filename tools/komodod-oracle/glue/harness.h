// shared declarations for the ccoracle harness glue
#ifndef CCORACLE_HARNESS_H
#define CCORACLE_HARNESS_H
#include "cc/eval.h"
#include "cc/CCinclude.h"
#include "main.h"
#include "chain.h"
#include "coins.h"
#include "komodo_extern_globals.h"
#include "komodo_structs.h"
extern struct komodo_state KOMODO_STATES[];
#include <map>
#include <set>
#include <string>

extern std::map<uint256, CTransaction> g_txdb;       // every transaction the judged one may see (chain and mempool)
extern std::set<uint256> g_mempool;                 // those of g_txdb that sit in the mempool
extern std::map<COutPoint, std::pair<uint256, int> > g_spentBy;   // outpoint -> (spending txid, its vin)
extern std::set<std::pair<std::pair<int, int>, uint256> > g_confirmed;  // ((height, position in block), txid)
extern int g_nextHeight;
extern uint256 g_validating;
int harness_tx_height(const uint256 &txid);
uint256 harness_tx_block(const uint256 &txid);
uint32_t harness_time_at(int h);
void harness_setup_chain(const std::string &name, int cbmaturity, int eras, int datacarriersize, int datacarrier);
void harness_setup_coins();
void harness_mempool_add(const CTransaction &tx, int64_t fee);
#endif
