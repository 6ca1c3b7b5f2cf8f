/** Largest `oraclesdata` record the daemon accepts (`datasize N is too big` above it). */
export const ORACLE_MAX_DATA_SIZE = 8192
/** The daemon refuses an `oraclesdata` transaction whose serialized size plus record exceeds this. */
export const ORACLE_MAX_TX_SIZE = 10000
/** Longest format string and description `oraclescreate` accepts. */
export const ORACLE_MAX_FORMAT_LENGTH = 4096
/** Longest oracle name `oraclescreate` accepts (32 itself is allowed). */
export const ORACLE_MAX_NAME_LENGTH = 32
/** The daemon's printer refuses string/hex fields of this many bytes or more (`IGUANA_MAXSCRIPTSIZE`). */
export const ORACLE_MAX_PRINT_FIELD = 10001
