// Writes docs/errors.md from the ErrorCode union in src/errors.ts and the table below (what raises each code, what
// to do). Fails when a code of the union has no entry here or an entry names no code of the union.
// Usage: node scripts/gen-errors-doc.mjs          (writes the page)
//        node scripts/gen-errors-doc.mjs --check  (exit 1 when the page is not what this script writes)
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** code → [what raises it, what to do]. Grouped as the union groups them. */
const CODES = {
  BYTES_TYPE: [
    'A function that takes bytes got something else (a string where a `Uint8Array` was expected, a number, null).',
    'Pass a `Uint8Array`, or hex through `hexToBytes`. The message names the argument.',
  ],
  BYTES_LENGTH: [
    'Bytes of the wrong length: a 31-byte txid, a 33-byte key of the wrong prefix, a short signature.',
    'Check where the bytes came from; `details` has `expected` and `got`.',
  ],
  HEX_INVALID: [
    'Text that should be hex has an odd length or a character outside 0-9a-f.',
    'Strip whitespace and `0x`; a txid is 64 hex digits in display order.',
  ],
  INT_RANGE: [
    'An integer outside what the field holds: a negative vout, a height above 2³¹, a dice odds above the module limit.',
    'Use a value inside the range named in the message.',
  ],
  READ_PAST_END: [
    'A decoder (transaction, opret, oracle record, condition) needed more bytes than there are.',
    'The data is truncated or not of the kind you think; `details.path` says where the reader stopped.',
  ],
  TRAILING_BYTES: [
    'A decoder finished but bytes were left over (komodod reads the same bytes as something else or refuses them).',
    'Check that the hex is one whole object and nothing more.',
  ],
  COMPACTSIZE_NON_MINIMAL: [
    'A CompactSize length is encoded with more bytes than needed (consensus refuses it).',
    'The transaction was built by a non-conforming tool: rebuild it.',
  ],
  COMPACTSIZE_RANGE: [
    'A CompactSize length is larger than the data could hold (over 0x02000000).',
    'The bytes are not what you think (wrong offset, wrong format).',
  ],
  ARG_INVALID: [
    'A function got an argument of the wrong shape: a missing option, an unknown method name, a bare number where an amount text or bigint is expected.',
    'Read the message: it names the argument and the accepted forms.',
  ],
  AMOUNT_INVALID: [
    'An amount that is not an exact amount: a JS `number`, text with more than 8 decimals, a negative or empty value.',
    'Pass a bigint in satoshis (`100000000n`) or the text komodo-cli takes (`"1.5"`). docs/conventions.md lists the forms.',
  ],
  AMOUNT_RANGE: [
    'An amount outside what the chain allows (above MAX_MONEY, below dust, a fee above the limit).',
    'Use a value inside the range the message gives.',
  ],
  ORACLE_FORMAT: [
    'An oracle format string with a character the Oracles module does not know, or values that do not match it.',
    'Use the format characters of docs/oracle-data.md, one value per character.',
  ],
  ORACLE_NOT_ASCII: [
    'Text for an oracle `s`/`S` field holds a character outside printable ASCII.',
    'Encode the value as ASCII, or use a `d`/`D` (bytes) field.',
  ],
  ORACLE_TOO_LONG: [
    "A string or bytes value longer than its field's length prefix allows (255 for `s`/`d`, 65535 for `S`/`D`).",
    'Shorten it or use the 2-byte-length variant.',
  ],
  ORACLE_VALUE: [
    'An oracle value that does not fit its type (a number out of range for `i`, a non-integer, bad hex for `h`).',
    "Give a value of the field's type and range (docs/oracle-data.md).",
  ],
  ORACLE_DATA_EMPTY: ['An oraclesdata record of zero bytes.', 'Publish at least one value.'],
  ORACLE_DATA_TOO_BIG: [
    'An oracle record larger than komodod accepts in one oraclesdata.',
    'Split it with the chunking helpers (docs/oracle-data.md) or publish less.',
  ],
  ORACLE_TX_TOO_BIG: [
    "A record whose oraclesdata transaction would exceed the node's OP_RETURN policy (208 bytes on asset chains by default).",
    'Use smaller chunks, or a node with a larger `-datacarriersize`.',
  ],
  ADDRESS_INVALID: [
    'Text that is not a base58 address.',
    'Check for typos; Komodo addresses start with R (P2PKH) or b (P2SH).',
  ],
  ADDRESS_CHECKSUM: ['A base58 address whose checksum is wrong (a typo).', 'Copy the address again.'],
  ADDRESS_VERSION: [
    "An address of another chain (its version byte is not this chain's).",
    'Pass the right `chain` parameters, or an address of this chain.',
  ],
  WIF_INVALID: [
    'A WIF private key that does not decode (checksum, length, version).',
    'Export it again with `dumpprivkey`, or use 64 hex digits.',
  ],
  PUBKEY_INVALID: [
    'A public key that is not a valid compressed secp256k1 point (33 bytes, 02/03 prefix).',
    'Use the pubkey komodod prints (`validateaddress`, `getinfo`).',
  ],
  PRIVKEY_INVALID: [
    'A private key out of range (zero or above the curve order), or of the wrong length.',
    'Use 32 bytes, 64 hex digits or a WIF.',
  ],
  MNEMONIC_INVALID: [
    'A BIP39 seed phrase that is not a string, has a word count other than 12–24 in steps of 3, or a word outside the wordlist (the message gives its position).',
    'Check the words and their spelling; a phrase in another language needs that wordlist.',
  ],
  MNEMONIC_CHECKSUM: [
    'A BIP39 seed phrase whose words are all valid but whose checksum does not match (a word swapped or mistyped).',
    'Check the order and each word of the phrase.',
  ],
  HD_PATH_INVALID: [
    "A BIP32 derivation path that is not of the form m/44'/141'/0'/0/0.",
    "Start with m/ and separate integer steps with /, hardened ones marked with '.",
  ],
  HD_PATH_RANGE: [
    'A derivation path step, account or index outside 0..2³¹−1, or a path deeper than BIP32 allows.',
    'Use an index inside the range.',
  ],
  HD_KEY_INVALID: [
    'An extended key cannot derive what was asked: a hardened child of a public key, a path from m/ on a non-master key, or an index BIP32 skips.',
    'Derive from the private master key, or use the next index as BIP32 says.',
  ],
  PASSPHRASE_INVALID: [
    'A passphrase (a Komodo passphrase key, or the BIP39 extra passphrase) that is not a string or not well-formed Unicode.',
    'Pass the passphrase as a string.',
  ],
  CHAIN_PARAMS: [
    'Chain parameters that are incomplete or unknown by name.',
    'Pass a name the library knows or full parameters (docs/addresses.md).',
  ],
  SCRIPT_TOO_LARGE: [
    'A script over 10,000 bytes (MAX_SCRIPT_SIZE), or an OP_RETURN over its limit.',
    'Make the payload smaller.',
  ],
  SCRIPT_INVALID: [
    'A script that does not parse (a push past the end) or is not of the expected kind.',
    'Check the script bytes; `details` says where.',
  ],
  CC_INVALID: [
    'A crypto-condition that does not decode (bad DER, wrong type tags, a threshold that cannot be met).',
    "The script is not a CC output, or was written by another tool: compare with komodod's `decodeccopret`/`decoderawtransaction`.",
  ],
  CC_UNSUPPORTED: [
    'A crypto-condition type Komodo does not use (prefix, RSA, Ed25519 beyond what komodod supports).',
    'Nothing to do on Komodo chains: such outputs cannot be spent by komodod either.',
  ],
  CC_NON_CANONICAL: [
    'A crypto-condition or fulfillment encoded in a non-canonical way (komodod would hash it differently).',
    'Rebuild it with the library; do not hand-edit condition bytes.',
  ],
  FULFILLMENT_INVALID: [
    'A fulfillment that does not decode or does not match its condition.',
    'The input was not signed by the library or by komodod; sign again.',
  ],
  TX_INVALID: [
    'A transaction that breaks a consensus rule checked before sending (no inputs, outputs above inputs, a duplicate input).',
    'Rebuild with the builders; `details` names the rule.',
  ],
  TX_VERSION: [
    'A transaction version or version group the library does not handle (before Overwinter, or an unknown group).',
    'Komodo transactions are version 4 Sapling (`80040000…` prefix); older forms are read but not signed.',
  ],
  TX_NONSTANDARD: [
    "A transaction the node's relay policy would refuse (an OP_RETURN over `-datacarriersize`, a dust output, a second OP_RETURN, a non-standard script), caught by the wallet, `submit` or the publisher before sending.",
    'The message names the rule, the size and the node option that would admit it (docs/policy.md): make the payload smaller, or run the node with that option and pass the matching `policy`.',
  ],
  SIGHASH_INVALID: [
    'A sighash type other than those komodod uses, or an input index out of range.',
    'Use SIGHASH_ALL (the default).',
  ],
  SIGNATURE_INVALID: [
    'A signature that is not strict DER or not low-S, or that does not verify.',
    'Sign again with the library; a signer must return a 64-byte compact or strict DER low-S signature.',
  ],
  SIGNER_FAILED: [
    'The signer (a key, a hardware wallet callback) threw or returned nothing usable.',
    'See the cause; with a key, check that it is the one of the outputs you spend.',
  ],
  OPRET_INVALID: [
    "A module OP_RETURN payload that does not decode as that module's layout.",
    'The transaction is not of that module (use the inspector), or the payload was cut.',
  ],
  OPRET_EVAL: [
    'An OP_RETURN payload whose first byte is not the eval code expected.',
    'Check the module: `inspectTransaction(hex)` names it.',
  ],
  OPRET_FUNCID: [
    'An OP_RETURN payload whose function id is not one the module defines (or not the one a call expects).',
    'Pass the right kind of transaction (e.g. the oracle creation txid, not a registration).',
  ],
  OPRET_VERSION: [
    'A Tokel tokens v2 or assets v2 OP_RETURN (or its 0xF7 Tokel-data blob) with a version byte the daemon does not know.',
    'The transaction is from another version of the module: read it with a decoder of that version.',
  ],
  TOKEL_DATA_INVALID: [
    'A Tokel-data blob (0xF7) that breaks its rules: an unknown or repeated field, a royalty above 999, a bad length.',
    'Build the data with the `tokenv2createtokel` builder, which checks every field; `details` names the field.',
  ],
  MERKLE_INVALID: [
    "A merkle proof (gateways deposit, Electrum) that does not lead to the header's merkle root.",
    'Fetch the proof again (`gettxoutproof`); the server may be on another chain.',
  ],
  BUILD_PARAMS: [
    'A builder parameter komodod would refuse (an empty name, a fee below the minimum, odds out of range).',
    "The message quotes komodod's own refusal where there is one; fix that parameter.",
  ],
  BUILD_INPUTS: [
    'The inputs given to a builder do not match its plan (a UTXO of another key, a CC input without its condition).',
    'Let a resolver pick the inputs, or pass the UTXOs the builder asks for.',
  ],
  BUILD_STATE: [
    'Module state is not what the method needs: an oracle without registration, a dice plan with no funds, a rewards plan not yet unlockable.',
    'Do the missing step first (docs/wallet/<module>.md lists the order).',
  ],
  INSUFFICIENT_FUNDS: [
    'Not enough normal or CC coins for the amount and the fee.',
    'Fund the address the message names (`details` has needed and available), or wait for change to confirm.',
  ],
  ABORTED: [
    "An AbortSignal you passed fired (a wallet call, an RPC request, waitForTransaction, faucetget's proof of work).",
    'Nothing was broadcast unless the message says so; call again when wanted.',
  ],
  POW_NOT_FOUND: [
    'faucetget found no nonce within its attempt limit.',
    'Call again (each attempt draws new nonces) or raise the limit.',
  ],
  TX_NOT_FOUND: [
    'A chain source does not know a txid (neither the chain nor the mempool).',
    'Check the txid and the chain; a node without `-txindex` only knows wallet and recent transactions.',
  ],
  CHAIN_MISMATCH: [
    'A chain source answered something that does not check: a transaction that does not hash to its txid, an output its transaction contradicts, a merkle branch that misses its header.',
    'The source is faulty or on another chain: use another node or server. Nothing was signed.',
  ],
  WAIT_TIMEOUT: [
    'waitForTransaction saw nothing conclusive within `timeoutMs`.',
    'Wait longer, or look at the node: the transaction may not have reached it (rebroadcast it).',
  ],
  TX_DROPPED: [
    'waitForTransaction saw the transaction, then the chain source knew it no more (dropped from the mempool, expired, reorganised away, or a devnet `revert`).',
    'Rebuild and send again: its inputs are free again. `details.txid` names it.',
  ],
  PENDING_STORE: [
    "The wallet's `pendingStore` holds text that is not a pending set, or a record whose inputs do not match its transaction.",
    'Move the file aside and restart; check first on the node which of its transactions confirmed.',
  ],
  RPC_HTTP: [
    'The HTTP exchange with komodod failed: connection refused, 401 (wrong credentials), a non-JSON answer.',
    '`details.reason` says which: check that the node runs, the port, and rpcuser/rpcpassword (see docs/troubleshooting.md).',
  ],
  RPC_ERROR: [
    "komodod answered a JSON-RPC error (`details.rpcCode`, the daemon's message).",
    "Read the daemon's message: it is komodod refusing the call (e.g. -26 for a rejected transaction).",
  ],
  RPC_TIMEOUT: [
    'komodod did not answer within the timeout.',
    'The node may be busy (reindexing, syncing): raise `timeoutMs` or try later. A send that timed out may still have arrived: the wallet keeps it pending.',
  ],
  RPC_CONFIG: [
    'No usable connection settings: no conf file where expected, no rpcport, credentials missing.',
    'Pass `url`/`user`/`password`, or `chain` and `dataDir` where the conf file is (docs/rpc.md).',
  ],
  RPC_RESULT: [
    'komodod answered a result of the wrong shape, or a txid that is not the transaction sent.',
    "The node is of an unexpected version or not komodod; compare with komodo-cli's output.",
  ],
  SUBMIT_MISMATCH: [
    'The submit check refused a daemon-built transaction before sending: not the method asked for, change to another address, or a fee above the bound.',
    'Do not send it: the node built something you did not ask for.',
  ],
  KDF_ERROR: [
    'The Komodo DeFi Framework answered an error (`details.error_type`).',
    "Read KDF's error; the request reached it.",
  ],
  KDF_PARAMS: ['A DeFi Framework request with parameters it would refuse.', 'Fix the parameter the message names.'],
  DEVNET: [
    "The embedded devnet refused an option (bad port, unreadable data file, port in use) or, in process, a call (`DevnetRefusal`, with komodod's code).",
    'Fix the option; for a refusal, `rpcCode` and `rpcMessage` are what komodod would answer.',
  ],
  CLI_USAGE: ['The komodo-cc command line has a wrong flag or argument.', 'Run the command with `--help`.'],
  RPC_REDIRECT: [
    'The RPC endpoint answered an HTTP redirect (komodod never does).',
    'Point the client at the node itself, not at a proxy that redirects.',
  ],
  HEADER_LIMIT: [
    'An Electrum view checking headers was asked about a height more than `maxHeaders` above its checkpoint (a server claiming a far tip cannot make it fetch millions of headers).',
    'Give a checkpoint nearer the tip, or raise `maxHeaders` if the server is trusted.',
  ],
  RESPONSE_TOO_LARGE: [
    'A reply from a node or Electrum server exceeded the size or nesting cap.',
    'Ask for less (fewer addresses, a shorter history) or raise the cap if you trust the server.',
  ],
  ELECTRUM_ERROR: [
    'An Electrum server answered an error object.',
    "Read the server's message; the request reached it.",
  ],
  ELECTRUM_TRANSPORT: [
    'The Electrum connection failed or closed (TCP, TLS or WebSocket).',
    'Check the server address and port; the client reconnects on the next request (docs/electrum.md).',
  ],
  JOURNAL_LOCKED: [
    "Another process holds the publisher journal's (or pending store's) lock file.",
    'Stop the other publisher, or remove a stale lock whose process is gone.',
  ],
  JOURNAL_INVALID: [
    'The publisher journal cannot be read or written, or is not a journal.',
    "`details.reason` has the file system's code; fix permissions or move the file aside.",
  ],
  PUBLISH_CONFLICT: [
    'The oracle publisher was asked to publish a sample number again with other data, or the node keeps refusing its transaction.',
    'Each sample number publishes one record: use a new number.',
  ],
}

export function readCodes() {
  const text = readFileSync(resolve(root, 'src', 'errors.ts'), 'utf8')
  const union = /export type ErrorCode =([\s\S]*?)\n\n/.exec(text)
  if (union === null) throw new Error('src/errors.ts: no ErrorCode union')
  return [...union[1].matchAll(/\|\s*'([A-Z0-9_]+)'/g)].map((m) => m[1])
}

export function renderPage() {
  const codes = readCodes()
  const missing = codes.filter((c) => !(c in CODES))
  const extra = Object.keys(CODES).filter((c) => !codes.includes(c))
  if (missing.length > 0 || extra.length > 0)
    throw new Error(
      `scripts/gen-errors-doc.mjs: no entry for ${missing.join(', ') || '-'}; no such code ${extra.join(', ') || '-'}`,
    )
  const lines = [
    '# Error codes',
    '',
    '<!-- generated from the ErrorCode union (by a script in the repository): do not edit by hand -->',
    '',
    'Every error komodo-cc throws is a `KomodoCcError` with a stable `code` (one of those below), a message saying what',
    'was expected, what came and where, and `details` for programs (never secrets). Branch on `code`, never on the',
    'message text. Subclasses add fields: `RpcError` (`rpcCode`, `method`), `DevnetRefusal` (`rpcCode`, `rpcMessage`),',
    '`ElectrumError`, `KdfError`. A new code is a minor change; a renamed or removed one is a breaking change.',
    '',
    '```ts',
    "import { isKomodoCcError } from 'komodo-cc'",
    'try {',
    '  await wallet.tokentransfer(tokenid, destpubkey, 100n)',
    '} catch (e) {',
    "  if (isKomodoCcError(e, 'INSUFFICIENT_FUNDS')) console.log(e.details)",
    '  else throw e',
    '}',
    '```',
    '',
    `${codes.length} codes:`,
    '',
  ]
  for (const c of codes) {
    const [raised, todo] = CODES[c]
    lines.push(`## \`${c}\``, '', `**Raised when:** ${raised}`, '', `**What to do:** ${todo}`, '')
  }
  return lines.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const page = renderPage()
  const path = resolve(root, 'docs', 'errors.md')
  if (process.argv.includes('--check')) {
    let now = ''
    try {
      now = readFileSync(path, 'utf8')
    } catch {}
    if (now !== page) {
      process.stderr.write('docs/errors.md is not what scripts/gen-errors-doc.mjs writes: run it\n')
      process.exit(1)
    }
  } else writeFileSync(path, page)
}
