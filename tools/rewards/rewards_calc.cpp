// komodod's RewardsCalc arithmetic (src/cc/rewards.cpp, KomodoPlatform/komodo master 0adeeab), compiled against
// komodod's own arith_uint256 (src/arith_uint256.cpp), to produce vectors/modules/rewards-calc.json. The lines
// marked "komodod:" are transcribed from RewardsCalc unchanged; only CCduration (the chain lookup) is replaced by
// the duration argument, and komodo_hardfork_active(timestamp) by the `hardfork` argument. komodod is built with
// gcc on x86-64, where int64_t overflow in the pre-2019 formula wraps: -fwrapv makes that explicit here.
//   g++ -std=c++11 -O0 -fwrapv -I$KOMODO_SRC tools/rewards/rewards_calc.cpp $KOMODO_SRC/arith_uint256.cpp \
//       $KOMODO_SRC/uint256.cpp $KOMODO_SRC/utilstrencodings.cpp -o rewards_calc
// Reads lines "amount APR minseconds maxseconds duration hardfork" (all decimal, the first four as komodod's uint64
// opret fields), prints the reward (uint64) per line.
#include "arith_uint256.h"
#include <cinttypes>
#include <cstdio>
#include <cstdlib>

#define COIN 100000000LL

static uint64_t RewardsCalcArith(int64_t amount, int64_t APR, int64_t minseconds, int64_t maxseconds, int64_t ccduration, bool hardfork)
{
    int64_t duration; uint64_t reward = 0;                                         // komodod: (numblocks dropped)
    if ( (duration= ccduration) < minseconds )                                       // komodod: CCduration(numblocks,txid)
    {
        return(0);
    } else if ( duration > maxseconds )
        duration = maxseconds;
    if ( !hardfork )                                                                 // komodod: !komodo_hardfork_active(timestamp)
        reward = (((amount * duration) / (365 * 24 * 3600LL)) * (APR / 1000000)) / 10000;
    else
    {
        // (amount * APR * duration) / (COIN * 100 * 365*24*3600LL)
        arith_uint256 a_amount(amount), a_apr(APR), a_duration(duration), a_den(COIN * 100 * 365 * 24 * 3600LL);
        arith_uint256 a_num(a_amount * a_apr * a_duration);
        arith_uint256 a_reward = a_num / a_den;
        reward = a_reward.GetLow64();
    }
    if ( reward > amount )
        reward = amount;
    return(reward);
}

int main()
{
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        unsigned long long amount, apr, minsec, maxsec; long long duration; int hardfork;
        if (sscanf(line, "%llu %llu %llu %llu %lld %d", &amount, &apr, &minsec, &maxsec, &duration, &hardfork) != 6) continue;
        // RewardsValidate / RewardsUnlock: RewardsCalc((int64_t)amount, txid, (int64_t)APR, (int64_t)minseconds, (int64_t)maxseconds, …)
        uint64_t r = RewardsCalcArith((int64_t)amount, (int64_t)apr, (int64_t)minsec, (int64_t)maxsec, (int64_t)duration, hardfork != 0);
        printf("%" PRIu64 "\n", r);
    }
    return 0;
}
