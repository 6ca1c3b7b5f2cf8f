// ccoracle: run komodod's own validation on transactions, with the chain state replaced by the transactions given:
//  - context-free: CheckTransactionWithoutProofVerification, IsStandardTx (main.cpp, extracted verbatim);
//  - contextual, as AcceptToMemoryPool (main.cpp) runs them for the next block: ContextualCheckTransaction (version,
//    expiry), CheckFinalTx (locktime), AreInputsStandard, the sigop limit, the absurd-fee refusal of
//    sendrawtransaction, and ContextualCheckInputs (Consensus::CheckTxInputs: coinbase maturity, value ranges,
//    value in >= value out; then every input's script, for CC inputs RunCCEval -> Eval::Dispatch -> ProcessCC ->
//    <Module>Validate);
//  - per input: VerifyScript's verdict and, for CC inputs, each eval node's validator called directly (its verdict
//    even when a signature no longer matches).
//
// usage: ccoracle [--height H] [--chain NAME] [--cbmaturity N] [--eras N] [--datacarriersize N] [--datacarrier 0|1]
//                 [--notarized] [--block] [--mempool TXID]...
//                 [--blocktime T0] [--time H:T]... TXHEX [[H:]TXHEX...]
//        ccoracle --batch FILE [--chain NAME] [--cbmaturity N] [--eras N] [--datacarriersize N] [--datacarrier 0|1]
//   Single mode: the first transaction is judged; the rest form the chain (H: places one in block H, default the
//   tip H-1; --mempool TXID puts one in the mempool). Any argument @FILE is replaced by the words in FILE.
//   Batch mode: FILE is a devnet chain snapshot (JSON: {"blocks":[{"time":T,"txs":[HEX...]}...],"mempool":[HEX...]},
//   block i at height i, each block's first transaction its coinbase). Every non-coinbase transaction is judged as
//   the node judged it when it arrived: the blocks before its own confirmed, the transactions before it in its own
//   block (or, for the snapshot's mempool, every block) in the mempool, the tip's time as the chain's clock. One JSON
//   line per transaction; exit status 0 when all are valid.

#include "harness.h"

#include "chainparams.h"
#include "consensus/consensus.h"
#include "consensus/upgrades.h"
#include "consensus/validation.h"
#include "core_io.h"
#include "pubkey.h"
#include "key.h"
#include "script/interpreter.h"
#include "script/serverchecker.h"
#include "script/standard.h"
#include "script/cc.h"
#include "txmempool.h"
#include "univalue.h"
#include "utilstrencodings.h"

#include <fstream>
#include <iostream>
#include <sstream>

bool IsStandardTx(const CTransaction& tx, std::string& reason, const int nHeight);
bool CheckTransactionWithoutProofVerification(uint32_t tiptime, const CTransaction& tx, CValidationState &state);
bool ContextualCheckTransaction(int32_t slowflag, const CBlock *block, CBlockIndex * const previndex, const CTransaction& tx,
                                CValidationState &state, const int nHeight, const int dosLevel, bool (*isInitBlockDownload)(),
                                int32_t validateprices);
bool AreInputsStandard(const CTransaction& tx, const CCoinsViewCache& mapInputs, uint32_t consensusBranchId);
unsigned int GetLegacySigOpCount(const CTransaction& tx);
unsigned int GetP2SHSigOpCount(const CTransaction& tx, const CCoinsViewCache& inputs);
void komodo_setactivation(int32_t height);

std::map<uint256, CTransaction> g_txdb;
std::set<uint256> g_mempool;
std::map<COutPoint, std::pair<uint256, int> > g_spentBy;
std::set<std::pair<std::pair<int, int>, uint256> > g_confirmed;
int g_nextHeight = 1000;
bool g_blockMode = false;
bool g_notarized = false;        // --notarized: every confirmed block is notarized (the last notarized height is the tip)        // --block: judge as ConnectBlock would (KOMODO_CONNECTING = the height)
uint32_t g_genesisTime = 1700000000;
std::vector<CBlockIndex*> g_blocks;
uint256 g_validating;                // txid being judged (excluded from "spent" scans)
std::map<uint256, int> g_txHeight;   // confirmed height of a chain transaction
std::map<int, uint32_t> g_blockTime; // block times (default: genesis + 60*H)
std::map<uint256, int> g_txOrder;    // position inside its block

static uint256 blockHashAt(int h)
{
    std::string s = strprintf("ccoracle-block-%d", h);
    return Hash(s.begin(), s.end());
}

static void buildFakeChain(int tip)
{
    for (int h = (int)g_blocks.size(); h <= tip; h++) {
        CBlockIndex *pi = new CBlockIndex();
        pi->nHeight = h;
        pi->nTime = harness_time_at(h);
        pi->pprev = h ? g_blocks[h - 1] : NULL;
        BlockMap::iterator it = mapBlockIndex.insert(std::make_pair(blockHashAt(h), pi)).first;
        pi->phashBlock = &it->first;
        g_blocks.push_back(pi);
    }
}

static void setTip(int tip)
{
    buildFakeChain(tip);
    chainActive.SetTip(g_blocks[tip]);
    g_nextHeight = tip + 1;
    // komodo_txnotarizedconfirmed (cc/CCutils.cpp) reads the asset chain's komodo_state: with no notarization a
    // transaction needs MIN_NON_NOTARIZED_CONFIRMS (101) confirmations, below a notarized height it needs 2
    KOMODO_STATES[0].SetLastNotarizedHeight(g_notarized ? tip : 0);
}

int harness_tx_height(const uint256 &txid)
{
    if (g_mempool.count(txid) || g_txdb.find(txid) == g_txdb.end()) return -1;
    auto it = g_txHeight.find(txid);
    return it != g_txHeight.end() ? it->second : g_nextHeight - 1;
}

uint256 harness_tx_block(const uint256 &txid)
{
    int h = harness_tx_height(txid);
    return h < 0 ? uint256() : blockHashAt(h);
}

uint32_t harness_time_at(int h)
{
    auto it = g_blockTime.find(h);
    return it != g_blockTime.end() ? it->second : g_genesisTime + 60 * h;
}

// Adds a transaction to the state the judged one sees: confirmed in block `height` at `position`, or (height < 0) in
// the mempool.
static void addChainTx(const CTransaction &t, int height, int position, int64_t fee)
{
    const uint256 id = t.GetHash();
    g_txdb[id] = t;
    g_txOrder[id] = position;
    for (size_t i = 0; i < t.vin.size(); i++)
        if (!t.IsCoinBase()) g_spentBy[t.vin[i].prevout] = std::make_pair(id, (int)i);
    if (height < 0) {
        g_mempool.insert(id);
        harness_mempool_add(t, fee);
    } else {
        g_txHeight[id] = height;
        g_confirmed.insert(std::make_pair(std::make_pair(height, position), id));
    }
}

// Moves every mempool transaction into block `height` (what the devnet's miner does with its whole mempool).
static void confirmMempool(int height)
{
    for (auto &id : g_mempool) {
        g_txHeight[id] = height;
        g_confirmed.insert(std::make_pair(std::make_pair(height, g_txOrder[id]), id));
    }
    g_mempool.clear();
    mempool.mapTx.clear();
}

// Eval with the IO hooks answered from the harness' transaction set
class HarnessEval : public Eval
{
public:
    int dispatches = 0;   // eval nodes reached (the signature checks come first in cc_verify)
    bool Dispatch(const CC *cond, const CTransaction &tx, unsigned int nIn) { dispatches++; return Eval::Dispatch(cond, tx, nIn); }
    bool GetTxUnconfirmed(const uint256 &hash, CTransaction &txOut, uint256 &hashBlock) const
    {
        return myGetTransaction(hash, txOut, hashBlock);
    }
    unsigned int GetCurrentHeight() const { return chainActive.Height(); }
    bool GetBlock(uint256 hash, CBlockIndex& blockIdx) const
    {
        BlockMap::iterator it = mapBlockIndex.find(hash);
        if (it == mapBlockIndex.end()) return false;
        blockIdx = *it->second;
        return true;
    }
};

// Validator-only check: what cc_verifyEval does after the signature check, i.e. Eval::Dispatch (-> ProcessCC ->
// <Module>Validate) for each eval node of the input's fulfillment. Lets a test see the module's verdict on a
// transaction whose signatures no longer match (e.g. after tampering with its opret).
struct DirectCtx { HarnessEval *e; const CTransaction *tx; unsigned int n; std::string out; bool ok; };
static std::string jsonEscape(const std::string &s)
{
    std::string o;
    for (char c : s) {
        if (c == '"' || c == '\\') { o += '\\'; o += c; }
        else if ((unsigned char)c < 0x20) o += strprintf("\\u%04x", (unsigned char)c);
        else o += c;
    }
    return o;
}
static int visitEvalNode(CC *cond, CCVisitor v)
{
    if (cc_typeId(cond) != CC_Eval) return 1;
    DirectCtx *c = (DirectCtx *)v.context;
    c->e->state = CValidationState();
    bool ok = c->e->Dispatch(cond, *c->tx, c->n);
    if (!c->out.empty()) c->out += ",";
    c->out += strprintf("{\"eval\":\"%s\",\"ok\":%s,\"reason\":\"%s\"}", EvalToStr(cond->codeLength ? cond->code[0] : 0),
                        ok ? "true" : "false", jsonEscape(c->e->state.GetRejectReason()));
    c->ok &= ok;
    return ok;
}

// Names an eval node as a passed validator (ContextualCheckInputs already ran it).
static int nameEvalNode(CC *cond, CCVisitor v)
{
    if (cc_typeId(cond) != CC_Eval) return 1;
    std::string *out = (std::string *)v.context;
    if (!out->empty()) *out += ",";
    *out += strprintf("{\"eval\":\"%s\",\"ok\":true,\"reason\":\"\"}", EvalToStr(cond->codeLength ? cond->code[0] : 0));
    return 1;
}

static bool notInitialDownload() { return false; }

static std::string verdict(bool ok, const std::string &reason)
{
    return strprintf("{\"ok\":%s,\"reason\":\"%s\"}", ok ? "true" : "false", jsonEscape(reason));
}

// Judges one transaction against the current state (tip = g_nextHeight - 1, mempool = g_mempool). Prints one JSON
// object; returns its `valid` (consensus: every check a block would apply, at the next height).
static bool judge(const CTransaction &tx, const std::string &chain, std::ostream &js)
{
    g_validating = tx.GetHash();
    delete pcoinsTip;
    harness_setup_coins();
    KOMODO_CONNECTING = g_blockMode ? g_nextHeight : (1 << 30) + g_nextHeight;   // as AcceptToMemoryPool sets it
    const uint32_t tiptime = chainActive.Tip()->nTime;
    bool valid = true, standard = true;
    std::string acceptReason;   // the first refusal in AcceptToMemoryPool's order (empty: accepted)
    auto refuse = [&](const std::string &r) { if (acceptReason.empty()) acceptReason = r; };

    js << "{\"txid\":\"" << tx.GetHash().GetHex() << "\",\"chain\":\"" << jsonEscape(chain) << "\",\"height\":" << g_nextHeight;
    {   // CheckTransaction (AcceptToMemoryPool runs it with the tip's time)
        CValidationState st;
        bool ok = CheckTransactionWithoutProofVerification(tiptime, tx, st);
        js << ",\"checkTransaction\":" << verdict(ok, st.GetRejectReason());
        valid &= ok;
        if (!ok) refuse(st.GetRejectReason());
    }
    {
        CValidationState st;
        bool ok = ContextualCheckTransaction(0, 0, 0, tx, st, g_nextHeight, 10, notInitialDownload, 0);
        js << ",\"contextualCheckTransaction\":" << verdict(ok, st.GetRejectReason());
        valid &= ok;
        if (!ok) refuse(st.GetRejectReason());
    }
    {
        std::string reason;
        bool ok = IsStandardTx(tx, reason, g_nextHeight);
        js << ",\"isStandardTx\":" << verdict(ok, reason);
        standard &= ok;
        if (!ok) refuse(reason);
    }
    {   // CheckFinalTx with STANDARD_LOCKTIME_VERIFY_FLAGS: the next height and the tip's median time past
        LOCK(cs_main);
        bool ok = CheckFinalTx(tx, STANDARD_LOCKTIME_VERIFY_FLAGS);
        js << ",\"checkFinalTx\":" << verdict(ok, ok ? "" : "non-final");
        standard &= ok;
        if (!ok) refuse("non-final");
    }

    // inputs present and unspent (AcceptToMemoryPool: "bad-txns-inputs-spent" / missing inputs)
    CCoinsViewCache &view = *pcoinsTip;
    bool haveAll = true;
    for (unsigned int n = 0; n < tx.vin.size(); n++) {
        const CCoins *coins = view.AccessCoins(tx.vin[n].prevout.hash);
        if (coins == NULL || !coins->IsAvailable(tx.vin[n].prevout.n)) haveAll = false;
    }
    if (!haveAll) { valid = false; refuse(g_txdb.count(tx.vin[0].prevout.hash) ? "bad-txns-inputs-spent" : "missing-inputs"); }

    uint32_t branchId = CurrentEpochBranchId(g_nextHeight, Params().GetConsensus());
    PrecomputedTransactionData txdata(tx);
    HarnessEval heval;
    EVAL_TEST = &heval;
    bool allScriptsOk = false;   // ContextualCheckInputs passed: every input's script and CC validators said yes
    if (haveAll) {
        bool ais = AreInputsStandard(tx, view, branchId);
        unsigned int sigops = GetLegacySigOpCount(tx) + GetP2SHSigOpCount(tx, view);
        bool sigopsOk = sigops <= MAX_STANDARD_TX_SIGOPS;
        js << ",\"areInputsStandard\":" << (ais ? "true" : "false") << ",\"sigops\":" << sigops;
        standard &= ais && sigopsOk;
        if (!ais) refuse("bad-txns-nonstandard-inputs");
        if (!sigopsOk) refuse("bad-txns-too-many-sigops");
        int64_t interest;
        CAmount nValueIn = view.GetValueIn(g_nextHeight, interest, tx), nValueOut = tx.GetValueOut();
        size_t nSize = ::GetSerializeSize(tx, SER_NETWORK, PROTOCOL_VERSION);
        CAmount nFees = nValueIn - nValueOut;
        // sendrawtransaction's default (allowhighfees false): AcceptToMemoryPool's fRejectAbsurdFee
        bool absurd = nFees > ::minRelayTxFee.GetFee(nSize) * 10000 && nFees > nValueOut / 19;
        js << ",\"absurdFee\":" << (absurd ? "true" : "false");
        if (absurd) refuse("absurdly-high-fee");
        CValidationState st;
        bool ok = ContextualCheckInputs(tx, st, view, true, STANDARD_SCRIPT_VERIFY_FLAGS, true, txdata,
                                        Params().GetConsensus(), branchId);
        js << ",\"contextualCheckInputs\":" << verdict(ok, st.GetRejectReason());
        if (!ok) refuse(st.GetRejectReason());
        // a block applies the mandatory flags only; the standard flags include them, so a pass under the standard
        // flags is a pass under the mandatory ones (run again only after a failure)
        CValidationState stm;
        bool okm = ok || ContextualCheckInputs(tx, stm, view, true, MANDATORY_SCRIPT_VERIFY_FLAGS, true, txdata,
                                               Params().GetConsensus(), branchId);
        allScriptsOk = ok;
        js << ",\"contextualCheckInputsMandatory\":" << verdict(okm, stm.GetRejectReason());
        valid &= okm;
        standard &= ok;
    }

    js << ",\"inputs\":[";
    int64_t valueIn = 0;
    bool inputsPresent = true;
    for (unsigned int n = 0; n < tx.vin.size(); n++) {
        const CTxIn &in = tx.vin[n];
        if (n) js << ",";
        js << "{\"n\":" << n << ",\"prevout\":\"" << in.prevout.hash.GetHex() << ":" << in.prevout.n << "\"";
        auto it = g_txdb.find(in.prevout.hash);
        if (it == g_txdb.end() || in.prevout.n >= it->second.vout.size()) {
            js << ",\"ok\":false,\"reason\":\"missing-prevout\"}";
            valid = false; inputsPresent = false;
            continue;
        }
        const CTxOut &prev = it->second.vout[in.prevout.n];
        valueIn += prev.nValue;
        bool isCC = prev.scriptPubKey.IsPayToCryptoCondition();
        if (allScriptsOk) {   // already run by ContextualCheckInputs: name the eval nodes, do not run them again
            js << ",\"cc\":" << (isCC ? "true" : "false") << ",\"ok\":true,\"scriptError\":\"No error\"";
            if (isCC) {
                js << ",\"ccEval\":\"valid\",\"reason\":\"\"";
                CC *cond = GetCryptoCondition(in.scriptSig);
                if (cond) {
                    std::string names;
                    CCVisitor visitor = { &nameEvalNode, (const uint8_t *)"", 0, &names };
                    cc_visit(cond, visitor);
                    cc_free(cond);
                    js << ",\"validator\":{\"ok\":true,\"evals\":[" << names << "]}";
                }
            }
            js << "}";
            continue;
        }
        heval.state = CValidationState();
        heval.dispatches = 0;
        ScriptError serror = SCRIPT_ERR_OK;
        bool ok = VerifyScript(in.scriptSig, prev.scriptPubKey, STANDARD_SCRIPT_VERIFY_FLAGS,
                               ServerTransactionSignatureChecker(&tx, n, prev.nValue, false, txdata), branchId, &serror);
        js << ",\"cc\":" << (isCC ? "true" : "false") << ",\"ok\":" << (ok ? "true" : "false")
           << ",\"scriptError\":\"" << ScriptErrorString(serror) << "\"";
        if (isCC) {
            js << ",\"ccEval\":\"" << (heval.dispatches == 0 ? "not-reached" : heval.state.IsValid() ? "valid" : (heval.state.IsInvalid() ? "invalid" : "error"))
               << "\",\"reason\":\"" << jsonEscape(heval.state.GetRejectReason()) << "\"";
            CC *cond = GetCryptoCondition(in.scriptSig);
            if (cond) {
                DirectCtx dc = { &heval, &tx, n, "", true };
                CCVisitor visitor = { &visitEvalNode, (const uint8_t *)"", 0, &dc };
                cc_visit(cond, visitor);
                cc_free(cond);
                js << ",\"validator\":{\"ok\":" << (dc.ok ? "true" : "false") << ",\"evals\":[" << dc.out << "]}";
            }
        }
        js << "}";
        valid &= ok;
    }
    js << "]";
    if (inputsPresent) {
        int64_t valueOut = tx.GetValueOut();
        js << ",\"valueIn\":" << valueIn << ",\"valueOut\":" << valueOut << ",\"fee\":" << (valueIn - valueOut);
    }
    if (!valid && acceptReason.empty()) acceptReason = "invalid";
    js << ",\"standard\":" << (standard ? "true" : "false") << ",\"valid\":" << (valid ? "true" : "false")
       << ",\"accepted\":" << (valid && standard && acceptReason.empty() ? "true" : "false")
       << ",\"refusal\":\"" << jsonEscape(acceptReason) << "\"}";
    EVAL_TEST = NULL;
    g_validating = uint256();
    return valid;
}

static void readArgFile(const std::string &path, std::vector<std::string> &out)
{
    std::ifstream f(path.c_str());
    std::string w;
    while (f >> w) out.push_back(w);
}

static bool decodeTx(const std::string &hex, CTransaction &t)
{
    return DecodeHexTx(t, hex);
}

// Batch mode: judge every transaction of a chain snapshot as it arrived.
static int runBatch(const std::string &path, const std::string &chain)
{
    std::ifstream f(path.c_str());
    std::stringstream ss;
    ss << f.rdbuf();
    UniValue snap;
    if (!f || !snap.read(ss.str()) || !snap.isObject() || !snap["blocks"].isArray()) {
        printf("{\"error\":\"cannot read the snapshot %s\"}\n", jsonEscape(path).c_str());
        return 2;
    }
    const UniValue &blocks = snap["blocks"];
    for (size_t h = 0; h < blocks.size(); h++) g_blockTime[(int)h] = (uint32_t)blocks[h]["time"].get_int64();
    int total = 0, invalid = 0;
    auto judgeOne = [&](const std::string &hex, int height, int position) -> bool {
        CTransaction t;
        if (!decodeTx(hex, t)) { printf("{\"error\":\"cannot decode a transaction at height %d\"}\n", height); return false; }
        std::ostringstream js;
        bool ok = judge(t, chain, js);
        std::cout << js.str() << std::endl;
        total++; invalid += ok ? 0 : 1;
        addChainTx(t, -1, position, 0);
        return true;
    };
    for (size_t h = 0; h < blocks.size(); h++) {
        const UniValue &txs = blocks[h]["txs"];
        if (h > 0) setTip((int)h - 1);
        for (size_t i = 0; i < txs.size(); i++) {
            if (i == 0) continue;   // the coinbase: added with the block below
            if (h == 0) { printf("{\"error\":\"the genesis block holds transactions besides its coinbase\"}\n"); return 2; }
            if (!judgeOne(txs[i].get_str(), (int)h, (int)i)) return 2;
        }
        confirmMempool((int)h);
        CTransaction cb;
        if (txs.size() == 0 || !decodeTx(txs[0].get_str(), cb)) { printf("{\"error\":\"block %d has no coinbase\"}\n", (int)h); return 2; }
        addChainTx(cb, (int)h, 0, 0);
    }
    if (snap["mempool"].isArray()) {
        setTip((int)blocks.size() - 1);
        const UniValue &mp = snap["mempool"];
        for (size_t i = 0; i < mp.size(); i++)
            if (!judgeOne(mp[i].get_str(), -1, (int)i + 1)) return 2;
    }
    printf("{\"summary\":true,\"judged\":%d,\"invalid\":%d}\n", total, invalid);
    return invalid == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    std::vector<std::string> hexes;
    std::string chain = "DEVNET", batch;
    int cbmaturity = 0, eras = 1, datacarriersize = -1, datacarrier = -1;
    std::vector<std::string> mempoolIds;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--height" && i + 1 < argc) g_nextHeight = atoi(argv[++i]);
        else if (a == "--chain" && i + 1 < argc) chain = argv[++i];
        else if (a == "--cbmaturity" && i + 1 < argc) cbmaturity = atoi(argv[++i]);
        else if (a == "--eras" && i + 1 < argc) eras = atoi(argv[++i]);
        else if (a == "--datacarriersize" && i + 1 < argc) datacarriersize = atoi(argv[++i]);
        else if (a == "--datacarrier" && i + 1 < argc) datacarrier = atoi(argv[++i]);
        else if (a == "--batch" && i + 1 < argc) batch = argv[++i];
        else if (a == "--block") g_blockMode = true;
        else if (a == "--notarized") g_notarized = true;
        else if (a == "--mempool" && i + 1 < argc) mempoolIds.push_back(argv[++i]);
        else if (a == "--blocktime" && i + 1 < argc) g_genesisTime = (uint32_t)strtoul(argv[++i], 0, 10);
        else if (a == "--time" && i + 1 < argc) { std::string v = argv[++i]; size_t c = v.find(':');
            g_blockTime[atoi(v.substr(0, c).c_str())] = (uint32_t)strtoul(v.substr(c + 1).c_str(), 0, 10); }
        else if (!a.empty() && a[0] == '@') readArgFile(a.substr(1), hexes);
        else hexes.push_back(a);
    }
    if (hexes.empty() && batch.empty()) {
        fprintf(stderr, "usage: ccoracle [--height H] [--chain NAME] [--cbmaturity N] [--eras N] [--block] [--mempool TXID] TXHEX [[H:]PREVTXHEX...]\n"
                        "       ccoracle --batch SNAPSHOT.json [--chain NAME] [--cbmaturity N] [--eras N] [--datacarriersize N] [--datacarrier 0|1]\n");
        return 2;
    }

    // chain configuration as komodod sets it for an -ac_cc asset chain (komodo_args + SelectParams)
    SelectParams(CBaseChainParams::MAIN);
    harness_setup_chain(chain, cbmaturity, eras, datacarriersize, datacarrier);
    komodo_setactivation(1);
    ECC_Start();
    ECCVerifyHandle verifyHandle;   // pubkey.cpp verification context, as init.cpp holds one
    harness_setup_coins();
    if (!batch.empty()) return runBatch(batch, chain);

    setTip(g_nextHeight - 1);
    std::vector<CTransaction> txs;
    for (size_t i = 0; i < hexes.size(); i++) {
        CTransaction t;
        int atHeight = -1;
        size_t colon = hexes[i].find(':');
        if (colon != std::string::npos) { atHeight = atoi(hexes[i].substr(0, colon).c_str()); hexes[i] = hexes[i].substr(colon + 1); }
        if (!decodeTx(hexes[i], t)) {
            printf("{\"error\":\"cannot decode transaction %d\"}\n", (int)i);
            return 2;
        }
        txs.push_back(t);
        if (i == 0) continue;
        bool inMempool = false;
        for (auto &m : mempoolIds) inMempool |= uint256S(m) == t.GetHash();
        addChainTx(t, inMempool ? -1 : (atHeight >= 0 ? atHeight : g_nextHeight - 1), (int)i, 0);
    }
    std::ostringstream js;
    bool ok = judge(txs[0], chain, js);
    std::cout << js.str() << std::endl;
    return ok ? 0 : 1;
}
