// A real (if minimal) `CTxMemPool mempool` for the linked validators. txmempool.cpp is not linked (its dependencies
// reach the fee estimator, the wallet and the network), so the few members the CC code uses are defined here:
// the constructors, `lookup`, and the `mapTx` container itself (boost multi_index, declared in txmempool.h), which the
// validators walk (`myGet_mempool_txs`, `myIs_coinaddr_inmempoolvout`, rewards' mempool scan, eval.cpp's
// `GetTxUnconfirmed`). The harness adds each mempool transaction with `harness_mempool_add`.
#include "harness.h"
#include "txmempool.h"
#include "version.h"

CTxMemPoolEntry::CTxMemPoolEntry()
    : nFee(0), nTxSize(0), nModSize(0), nUsageSize(0), nTime(0), dPriority(0.0), hadNoDependencies(false),
      spendsCoinbase(false), nBranchId(0)
{
    nHeight = MEMPOOL_HEIGHT;
}

CTxMemPoolEntry::CTxMemPoolEntry(const CTransaction &_tx, const CAmount &_nFee, int64_t _nTime, double _dPriority,
                                 unsigned int _nHeight, bool poolHasNoInputsOf, bool _spendsCoinbase, uint32_t _nBranchId)
    : tx(_tx), nFee(_nFee), nTime(_nTime), dPriority(_dPriority), nHeight(_nHeight),
      hadNoDependencies(poolHasNoInputsOf), spendsCoinbase(_spendsCoinbase), nBranchId(_nBranchId)
{
    nTxSize = ::GetSerializeSize(tx, SER_NETWORK, PROTOCOL_VERSION);
    nModSize = nTxSize;
    nUsageSize = 0;
    feeRate = CFeeRate(nFee, nTxSize);
}

CTxMemPoolEntry::CTxMemPoolEntry(const CTxMemPoolEntry &other) { *this = other; }

CTxMemPool::CTxMemPool(const CFeeRate &) : nCheckFrequency(0), nTransactionsUpdated(0), minerPolicyEstimator(NULL), cachedInnerUsage(0) {}
CTxMemPool::~CTxMemPool() {}

bool CTxMemPool::lookup(uint256 hash, CTransaction &result) const
{
    auto it = mapTx.find(hash);
    if (it == mapTx.end()) return false;
    result = it->GetTx();
    return true;
}

void CTxMemPool::remove(const CTransaction &origTx, std::list<CTransaction> &removed, bool fRecursive) {}

CTxMemPool mempool(CFeeRate(0));

void harness_mempool_add(const CTransaction &tx, int64_t fee)
{
    mempool.mapTx.insert(CTxMemPoolEntry(tx, fee, 0, 0.0, MEMPOOL_HEIGHT, true, false, 0));
}
