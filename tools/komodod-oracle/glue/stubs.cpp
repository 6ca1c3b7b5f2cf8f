// ccoracle stubs: everything the linked komodod sources reference from the parts of komodod that are NOT linked
// (main.cpp, txmempool.cpp, wallet/, komodo_bitcoind.cpp, komodo_notary.cpp, nSPV, importcoin, other CC modules).
// Chain-state queries are answered from the harness' transaction set (g_txdb) and its fake chain (mapBlockIndex).
#include "harness.h"
#include "txmempool.h"
#include "txdb.h"
#include "importcoin.h"
#include "crosschain.h"
#include "wallet/wallet.h"
#include "komodo_nSPV_defs.h"
#include "notaries_staked.h"
#include "komodo_hardfork.h"
#include <pthread.h>
extern char ASSETCHAINS_SYMBOL[];
extern uint64_t ASSETCHAINS_LASTERA;

// ---------------------------------------------------------------- globals normally defined in main.cpp/init.cpp/...
CCriticalSection cs_main;
BlockMap mapBlockIndex;
CChain chainActive;
CCoinsViewCache *pcoinsTip = NULL;
CBlockTreeDB *pblocktree = NULL;
CWallet *pwalletMain = NULL;
bool fIsBareMultisigStd = true;
CFeeRate minRelayTxFee = CFeeRate(DEFAULT_MIN_RELAY_TX_FEE);
assetchain chainName;
std::string CCerror;
std::string MYCCLIBNAME;
pthread_mutex_t KOMODO_CC_mutex = PTHREAD_MUTEX_INITIALIZER;
// nSPV superlite globals (never used: KOMODO_NSPV stays 0)
uint32_t NSPV_logintime;
char *NSPV_wifstr;
char NSPV_pubkeystr[67];
struct NSPV_inforesp NSPV_inforesult;
struct NSPV_mempoolresp NSPV_mempoolresult;

// chain configuration: what komodo_args() sets for `-ac_name=NAME -ac_cc=2` (values a test may override)
void harness_setup_chain(const std::string &name, int cbmaturity, int eras, int datacarriersize, int datacarrier)
{
    chainName = assetchain(name);
    strncpy(ASSETCHAINS_SYMBOL, name.c_str(), 64);
    ASSETCHAINS_CC = 2;
    KOMODO_CCACTIVATE = 0;
    KOMODO_NSPV = 0;
    // komodo_args (komodo_utils.cpp): ASSETCHAINS_LASTERA = -ac_eras (default 1) - 1; an asset chain's coinbase
    // maturity is -ac_cbmaturity when given, else 1 when it has one era (or is staked), else the default 100.
    ASSETCHAINS_LASTERA = (eras < 1 ? 1 : eras) - 1;
    ASSETCHAINS_CBMATURITY = cbmaturity;
    if (!chainName.isKMD()) {
        if (ASSETCHAINS_CBMATURITY != 0) Params().SetCoinbaseMaturity(ASSETCHAINS_CBMATURITY);
        else if (ASSETCHAINS_LASTERA == 0) Params().SetCoinbaseMaturity(1);
    }
    // init.cpp (AppInit2): the relay policy's data carrier, -datacarrier (default on) and -datacarriersize (default
    // MAX_OP_RETURN_RELAY_KMD on KMD, MAX_OP_RETURN_RELAY_AC on asset chains)
    fAcceptDatacarrier = datacarrier < 0 ? DEFAULT_ACCEPT_DATACARRIER : datacarrier != 0;
    nMaxDatacarrierBytes = chainName.isKMD() ? MAX_OP_RETURN_RELAY_KMD : MAX_OP_RETURN_RELAY_AC;
    if (datacarriersize >= 0) nMaxDatacarrierBytes = (unsigned)datacarriersize;
}

// ---------------------------------------------------------------- transactions, UTXOs and spends from g_txdb
static bool findSpender(const uint256 &txid, int32_t vout, uint256 &spender, int32_t &vini)
{
    auto it = g_spentBy.find(COutPoint(txid, (uint32_t)vout));
    if (it == g_spentBy.end() || it->second.first == g_validating) return false;
    spender = it->second.first; vini = it->second.second;
    return true;
}

bool myGetTransaction(const uint256 &hash, CTransaction &txOut, uint256 &hashBlock)
{
    memset(&hashBlock, 0, sizeof(hashBlock));
    auto it = g_txdb.find(hash);
    if (it == g_txdb.end()) return false;
    txOut = it->second;
    hashBlock = harness_tx_block(hash);   // null for --mempool transactions, as komodod's mempool lookup gives
    return true;
}

bool NSPV_myGetTransaction(const uint256 &hash, CTransaction &txOut, uint256 &hashBlock, int32_t &txheight, int32_t &currentheight)
{
    txheight = harness_tx_height(hash); currentheight = chainActive.Height();
    return myGetTransaction(hash, txOut, hashBlock);
}

class HarnessCoinsView : public CCoinsView
{
public:
    bool GetCoins(const uint256 &txid, CCoins &coins) const
    {
        auto it = g_txdb.find(txid);
        if (it == g_txdb.end()) return false;
        int h = harness_tx_height(txid);
        coins = CCoins(it->second, h < 0 ? MEMPOOL_HEIGHT : h);
        for (size_t n = 0; n < it->second.vout.size(); n++) {
            uint256 s; int32_t vini;
            if (findSpender(txid, (int32_t)n, s, vini)) coins.Spend((uint32_t)n);
        }
        return true;
    }
    bool HaveCoins(const uint256 &txid) const { CCoins c; return GetCoins(txid, c) && !c.IsPruned(); }
    uint256 GetBestBlock() const { return chainActive.Tip() ? chainActive.Tip()->GetBlockHash() : uint256(); }
};
static HarnessCoinsView g_coinsView;

void harness_setup_coins()
{
    pcoinsTip = new CCoinsViewCache(&g_coinsView);
}

bool GetSpentIndex(CSpentIndexKey &key, CSpentIndexValue &value)
{
    uint256 s; int32_t vini;
    if (!findSpender(key.txid, (int32_t)key.outputIndex, s, vini)) return false;
    value.txid = s; value.inputIndex = vini; value.blockHeight = harness_tx_height(s);
    return true;
}

int32_t myIsutxo_spent(uint256 &spenttxid, uint256 txid, int32_t vout)
{
    int32_t vini;
    if (findSpender(txid, vout, spenttxid, vini)) return vini;   // komodod returns the spending vini (or -1)
    return -1;
}
bool myIsutxo_spentinmempool(uint256 &spenttxid, int32_t &spentvini, uint256 txid, int32_t vout)
{
    for (auto &m : g_mempool) {
        auto it = g_txdb.find(m);
        if (it == g_txdb.end() || m == g_validating) continue;
        for (size_t i = 0; i < it->second.vin.size(); i++)
            if (it->second.vin[i].prevout.hash == txid && (int32_t)it->second.vin[i].prevout.n == vout) {
                spenttxid = m; spentvini = (int32_t)i; return true;
            }
    }
    return false;
}
bool mytxid_inmempool(uint256 txid) { return g_mempool.count(txid) != 0; }
bool myAddtomempool(const CTransaction &tx, CValidationState *pstate, bool fSkipExpiry) { return false; }

// address index (komodod -addressindex), rebuilt from the confirmed chain transactions with komodod's own key rule
// (GetAddressType, extracted from main.cpp); mempool transactions are not indexed, as in komodod.
int8_t GetAddressType(const CScript &scriptPubKey, CTxDestination &vDest, txnouttype &txType, std::vector<std::vector<unsigned char>> &vSols);
extern std::map<uint256, int> g_txOrder;
static std::vector<uint256> confirmedInOrder()
{
    std::vector<uint256> out;
    for (auto &e : g_confirmed)
        if (e.second != g_validating && harness_tx_height(e.second) >= 0) out.push_back(e.second);
    return out;
}
static bool outputKeyMatches(const CScript &spk, uint160 addressHash, int type)
{
    std::vector<std::vector<unsigned char>> vSols; CTxDestination vDest; txnouttype txType = TX_PUBKEYHASH;
    int keyType = GetAddressType(spk, vDest, txType, vSols);
    if (keyType == 0 || keyType != type) return false;
    for (auto &addr : vSols) {
        uint160 h = addr.size() == 20 ? uint160(addr) : Hash160(addr);
        if (h == addressHash) return true;
    }
    return false;
}
bool GetAddressIndex(uint160 addressHash, int type, std::vector<std::pair<CAddressIndexKey, CAmount> > &addressIndex, int start, int end)
{
    for (auto &txid : confirmedInOrder()) {
        const CTransaction &t = g_txdb[txid]; int h = harness_tx_height(txid);
        if ((start > 0 && h < start) || (end > 0 && h > end)) continue;
        for (size_t j = 0; j < t.vin.size(); j++) {
            auto pit = g_txdb.find(t.vin[j].prevout.hash);
            if (pit == g_txdb.end() || t.vin[j].prevout.n >= pit->second.vout.size()) continue;
            const CTxOut &prev = pit->second.vout[t.vin[j].prevout.n];
            if (outputKeyMatches(prev.scriptPubKey, addressHash, type))
                addressIndex.push_back(std::make_pair(CAddressIndexKey(type, addressHash, h, g_txOrder[txid], txid, j, true), -prev.nValue));
        }
        for (size_t k = 0; k < t.vout.size(); k++)
            if (outputKeyMatches(t.vout[k].scriptPubKey, addressHash, type))
                addressIndex.push_back(std::make_pair(CAddressIndexKey(type, addressHash, h, g_txOrder[txid], txid, k, false), t.vout[k].nValue));
    }
    return true;
}
// komodod's LevelDB address-unspent index iterates its keys bytewise: (type, hash160, txid in internal byte order,
// output index as little-endian u32) (main.h CAddressUnspentKey::Serialize, txdb.cpp ReadAddressUnspentIndex)
static bool unspentKeyLess(const std::pair<CAddressUnspentKey, CAddressUnspentValue> &a,
                           const std::pair<CAddressUnspentKey, CAddressUnspentValue> &b)
{
    int c = memcmp(a.first.txhash.begin(), b.first.txhash.begin(), 32);
    if (c != 0) return c < 0;
    uint32_t ia = htole32((uint32_t)a.first.index), ib = htole32((uint32_t)b.first.index);
    return memcmp(&ia, &ib, 4) < 0;
}
bool GetAddressUnspent(uint160 addressHash, int type, std::vector<std::pair<CAddressUnspentKey, CAddressUnspentValue> > &unspentOutputs)
{
    struct Sorter { std::vector<std::pair<CAddressUnspentKey, CAddressUnspentValue> > &v; size_t from;
        ~Sorter() { std::sort(v.begin() + from, v.end(), unspentKeyLess); } } sorter = { unspentOutputs, unspentOutputs.size() };
    for (auto &txid : confirmedInOrder()) {
        const CTransaction &t = g_txdb[txid];
        for (size_t k = 0; k < t.vout.size(); k++) {
            uint256 s; int32_t vini;
            if (!outputKeyMatches(t.vout[k].scriptPubKey, addressHash, type) || findSpender(txid, (int32_t)k, s, vini)) continue;
            unspentOutputs.push_back(std::make_pair(CAddressUnspentKey(type, addressHash, txid, k),
                CAddressUnspentValue(t.vout[k].nValue, t.vout[k].scriptPubKey, harness_tx_height(txid))));
        }
    }
    return true;
}

// ---------------------------------------------------------------- mempool object (txmempool.cpp is not linked)
CCoinsViewMemPool::CCoinsViewMemPool(CCoinsView *baseIn, CTxMemPool &mempoolIn) : CCoinsViewBacked(baseIn), mempool(mempoolIn) {}
bool CCoinsViewMemPool::GetNullifier(const uint256 &txid, ShieldedType type) const { return false; }
bool CCoinsViewMemPool::GetCoins(const uint256 &txid, CCoins &coins) const { return g_coinsView.GetCoins(txid, coins); }
bool CCoinsViewMemPool::HaveCoins(const uint256 &txid) const { return g_coinsView.HaveCoins(txid); }

// ---------------------------------------------------------------- chain / komodo_bitcoind.cpp / komodo_notary.cpp
int32_t komodo_nextheight() { return chainActive.Height() + 1; }
int32_t komodo_currentheight() { return chainActive.Height(); }
uint32_t komodo_heightstamp(int32_t height) { return height >= 0 && height <= chainActive.Height() ? harness_time_at(height) : 0; }
CBlockIndex *komodo_blockindex(uint256 hash) { BlockMap::iterator it = mapBlockIndex.find(hash); return it == mapBlockIndex.end() ? NULL : it->second; }
CBlockIndex *komodo_getblockindex(uint256 hash) { return komodo_blockindex(hash); }
uint32_t komodo_chainactive_timestamp() { return chainActive.Tip() ? chainActive.Tip()->nTime : 0; }
bool komodo_hardfork_active(uint32_t time)   // verbatim from komodo_bitcoind.cpp
{
    return ( (chainName.isKMD() && chainActive.Height() > nDecemberHardforkHeight)
            || ( !chainName.isKMD() && time > nStakedDecemberHardforkTimestamp) );
}
int32_t komodo_acpublic(uint32_t tiptime) { return ASSETCHAINS_PUBLIC != 0; }
int32_t komodo_isnotaryvout(char *coinaddr, uint32_t tiptime) { return 0; }
int32_t getacseason(uint32_t timestamp) { return 8; }
int32_t komodo_notaries(uint8_t pubkeys[64][33], int32_t height, uint32_t timestamp) { return 0; }
int32_t komodo_chosennotary(int32_t *notaryidp, int32_t height, uint8_t *pubkey33, uint32_t timestamp) { *notaryidp = -1; return -1; }
uint64_t komodo_accrued_interest(int32_t *txheightp, uint32_t *locktimep, uint256 hash, int32_t n, int32_t checkheight, uint64_t checkvalue, int32_t tipheight) { return 0; }
uint8_t is_STAKED(const std::string& symbol) { return 0; }
bool CrossChain::CheckTxAuthority(const CTransaction &tx, CrosschainAuthority auth) { return false; }
bool CBlockTreeDB::ReadDiskBlockIndex(const uint256 &blockhash, CDiskBlockIndex &dbindex) const { return false; }

CMutableTransaction CreateNewContextualCMutableTransaction(const Consensus::Params& consensusParams, int nHeight)
{
    CMutableTransaction mtx;   // RPC-side helper; the validators never call it
    mtx.fOverwintered = true; mtx.nExpiryHeight = nHeight + 200;
    mtx.nVersionGroupId = SAPLING_VERSION_GROUP_ID; mtx.nVersion = SAPLING_TX_VERSION;
    return mtx;
}

// ---------------------------------------------------------------- node/wallet side (RPC builders only)
void StartShutdown() {}
void RelayTransaction(const CTransaction& tx) {}
void CWallet::AvailableCoins(std::vector<COutput>& vCoins, bool fOnlyConfirmed, const CCoinControl *coinControl, bool fIncludeZeroValue, bool fIncludeCoinBase) const {}

// ---------------------------------------------------------------- nSPV (superlite mode is off)
int64_t NSPV_AddNormalinputs(CMutableTransaction &mtx, CPubKey mypk, int64_t total, int32_t maxinputs, struct NSPV_CCmtxinfo *ptr) { return 0; }
bool NSPV_SignTx(CMutableTransaction &mtx, int32_t vini, int64_t utxovalue, const CScript scriptPubKey, uint32_t nTime) { return false; }
void NSPV_CCunspents(std::vector<std::pair<CAddressUnspentKey, CAddressUnspentValue> > &unspentOutputs, char *coinaddr, bool ccflag) {}
void NSPV_CCtxids(std::vector<std::pair<CAddressIndexKey, CAmount> > &txids, char *coinaddr, bool ccflag) {}
void NSPV_CCtxids(std::vector<uint256> &txids, char *coinaddr, bool ccflag, uint8_t evalcode, uint256 filtertxid, uint8_t func) {}
int32_t NSPV_coinaddr_inmempool(char const *logcategory, char *coinaddr, uint8_t CCflag) { return 0; }
bool NSPV_evalcode_inmempool(uint8_t evalcode, uint8_t funcid) { return false; }
uint32_t NSPV_blocktime(int32_t hdrheight) { return komodo_heightstamp(hdrheight); }

// ---------------------------------------------------------------- coin import (importcoin.cpp, cc/import*.cpp not linked)
bool Eval::ImportPayout(std::vector<uint8_t> params, const CTransaction &importTx, unsigned int nIn) { return Invalid("ccoracle: importpayout not linked"); }
bool Eval::ImportCoin(std::vector<uint8_t> params, const CTransaction &importTx, unsigned int nIn) { return Invalid("ccoracle: importcoin not linked"); }
CAmount GetCoinImportValue(const CTransaction &tx) { return 0; }

// ---------------------------------------------------------------- CC modules not built into the harness
#define NOT_LINKED(F) bool F(struct CCcontract_info *cp, Eval *eval, const CTransaction &tx, uint32_t nIn) \
    { return eval->Invalid("ccoracle: " #F " not linked"); }
NOT_LINKED(AssetsValidate)
NOT_LINKED(AuctionValidate)
NOT_LINKED(ChannelsValidate)
NOT_LINKED(FSMValidate)
NOT_LINKED(HeirValidate)
NOT_LINKED(ImportGatewayValidate)
NOT_LINKED(LottoValidate)
NOT_LINKED(PaymentsValidate)
bool CClib_validate(struct CCcontract_info *cp, int32_t height, Eval *eval, const CTransaction tx, unsigned int nIn) { return eval->Invalid("ccoracle: cclib not linked"); }
char *CClib_name() { return (char *)""; }
bool UnmarshalBurnTx(const CTransaction burnTx, std::string &targetSymbol, uint32_t *targetCCid, uint256 &payoutsHash, std::vector<uint8_t> &rawproof) { return false; }
bool UnmarshalImportTx(const CTransaction importTx, ImportProof &proof, CTransaction &burnTx, std::vector<CTxOut> &payouts) { return false; }

// ---------------------------------------------------------------- referenced by the contextual checks (main.cpp)
bool fCoinbaseEnforcedProtectionEnabled = true;   // main.cpp's default
// coinbases are never judged (the harness judges transactions sent to a node); komodod's coinbase time-lock check
// is not extracted
bool ContextualCheckCoinbaseTransaction(int32_t slowflag, const CBlock *block, CBlockIndex * const previndex,
                                        const CTransaction &tx, const int nHeight, int32_t validateprices) { return false; }
bool VerifyCoinImport(const CScript &scriptSig, TransactionSignatureChecker &checker, CValidationState &state)
{
    return state.Invalid(false, REJECT_INVALID, "ccoracle: coin import not linked");
}
