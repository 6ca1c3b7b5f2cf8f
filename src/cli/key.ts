// `komodo-cc key …`: make a key and describe one (issues 31 and 35). Secrets only from an environment variable or
// standard input (read without echo from a terminal), never from argv; the output is the key the user asked for.
import { KomodoCcError } from '../errors.js'
import { chainParams } from '../address/chain.js'
import { pubkeyBytes, p2pkhAddress } from '../address/address.js'
import { bytesToHex } from '../bytes/hex.js'
import { ccAddress } from '../cc/address.js'
import { CC_MODULES } from '../cc/eval.js'
import {
  describeKey,
  generateMnemonic,
  keyFromMnemonic,
  keyFromPassphrase,
  randomPrivateKey,
  type KeyDescription,
  type MnemonicLength,
} from '../keys/index.js'
import { parseArgs, printJson, readSecretFlags, usage, WIF_FLAGS, type CliCommand, type CliIo } from './core.js'

const CHAIN_HELP = '--chain NAME     address parameters: KMD (default, every smart chain), BTC, LTC, ZEC.'
const JSON_HELP = '--json           JSON output (the default; accepted so that scripts can say so).'

/** Address parameters from --chain. */
const chainOf = (options: Record<string, unknown>) =>
  options.chain === undefined ? chainParams('KMD') : chainParams(String(options.chain))

/** An integer flag in 0..max. */
function intFlag(options: Record<string, unknown>, name: string, max: number): number | undefined {
  const v = options[name]
  if (v === undefined) return undefined
  if (typeof v !== 'string' || !/^[0-9]{1,10}$/.test(v) || Number(v) > max)
    usage(`--${name} expected an integer 0..${max}, got ${JSON.stringify(v)}`)
  return Number(v)
}

/** --path P, or --account/--change/--index (BIP44 m/44'/141'/account'/change/index). */
function positionOf(options: Record<string, unknown>): {
  path?: string
  account?: number
  change?: 0 | 1
  index?: number
} {
  const account = intFlag(options, 'account', 0x7fffffff)
  const change = intFlag(options, 'change', 1) as 0 | 1 | undefined
  const index = intFlag(options, 'index', 0x7fffffff)
  if (typeof options.path === 'string') {
    if (account !== undefined || change !== undefined || index !== undefined)
      usage('give --path or --account/--change/--index, not both')
    return { path: options.path }
  }
  return {
    ...(account === undefined ? {} : { account }),
    ...(change === undefined ? {} : { change }),
    ...(index === undefined ? {} : { index }),
  }
}

const POSITION_FLAGS = ['path', 'account', 'change', 'index'] as const
const POSITION_HELP = `--path PATH      a BIP32 path (m/44'/141'/0'/0/0; ' or h marks a hardened step).
--account N      BIP44 account (default 0): m/44'/141'/N'/change/index.
--change 0|1     0: receive addresses (default), 1: change addresses.
--index N        the address index (default 0).`

/** A one-line warning on stderr (JSON, as every CLI warning). */
const warn = (io: CliIo, code: string, message: string) =>
  io.stderr(JSON.stringify({ warning: { code, message } }) + '\n')

const keyNew: CliCommand = {
  summary: 'key new [--mnemonic [--words N]] [--chain NAME]   a new random key (or seed phrase) and its addresses',
  help: `komodo-cc key new [--mnemonic [--words 12|15|18|21|24] [--account N] [--change 0|1] [--index N]] [--chain NAME] [--json]

Makes a new key from this machine's secure random source (crypto.getRandomValues) and prints it: privateKey (hex),
wif, pubkey, address and the key's CC address in each of komodod's modules (ccAddresses). With --mnemonic, makes a
new BIP39 seed phrase (24 English words by default) and prints it with the key at m/44'/141'/account'/change/index.
The output holds the secret: write it down or store it; never paste it into a chat, an issue or a log.

${CHAIN_HELP}
--mnemonic       a BIP39 seed phrase instead of a bare key.
--words N        the phrase's length (with --mnemonic; default 24).
${POSITION_HELP}
${JSON_HELP}`,
  runsBare: true,
  run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: ['chain', 'words', ...POSITION_FLAGS],
      booleans: ['mnemonic', 'json'],
    })
    if (positionals.length > 0) usage('key new takes no arguments (a key is never given on the command line)')
    const chain = chainOf(options)
    if (options.mnemonic !== true) {
      if (options.words !== undefined || POSITION_FLAGS.some((f) => options[f] !== undefined))
        usage('--words, --path, --account, --change and --index go with --mnemonic')
      printJson(io, describeKey(randomPrivateKey(), { chain }))
      return 0
    }
    const words = intFlag(options, 'words', 24)
    if (words !== undefined && ![12, 15, 18, 21, 24].includes(words)) usage('--words expected 12, 15, 18, 21 or 24')
    const mnemonic = generateMnemonic(words === undefined ? {} : { words: words as MnemonicLength })
    const key = keyFromMnemonic(mnemonic, { ...positionOf(options), chain })
    printJson(io, { mnemonic, ...key })
    return 0
  },
}

const keyShow: CliCommand = {
  summary: "key show --wif-env NAME | --wif-stdin | --pubkey HEX   a key's WIF, pubkey, address and CC addresses",
  help: `komodo-cc key show (--wif-env NAME | --wif-stdin | --pubkey HEX) [--chain NAME] [--json]

Describes a key: for a private key (WIF or 64 hex digits, from the environment variable NAME or standard input)
its privateKey, wif, pubkey, address and ccAddresses; for a public key
(--pubkey, not a secret) its pubkey, address and ccAddresses. ccAddresses holds the key's CC address in each of
komodod's modules, as <module>address <pubkey> prints it (PubkeyCCaddress(<Name>)).

--wif-env NAME   the private key is in environment variable NAME.
--wif-stdin      read the private key from standard input (not echoed on a terminal).
--pubkey HEX     describe a public key instead (33 or 65 bytes in hex).
${CHAIN_HELP}
${JSON_HELP}`,
  async run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: ['chain', 'pubkey', ...WIF_FLAGS.strings],
      booleans: ['json', ...WIF_FLAGS.booleans],
    })
    if (positionals.length > 0)
      usage('key show takes no key on the command line: use --wif-env NAME, --wif-stdin or --pubkey HEX')
    const chain = chainOf(options)
    if (typeof options.pubkey === 'string') {
      if (options['wif-env'] !== undefined || options['wif-stdin'] !== undefined)
        usage('give --pubkey or a private key (--wif-env / --wif-stdin), not both')
      const pk = pubkeyBytes(options.pubkey)
      printJson(io, {
        pubkey: bytesToHex(pk),
        address: p2pkhAddress(pk, chain),
        ccAddresses: Object.fromEntries(CC_MODULES.map((m) => [m.name, ccAddress(m.evalCode, pk, chain)])),
        chain: chain.name,
      })
      return 0
    }
    const secret = await readSecretFlags(options, io, 'wif', 'private key')
    if (secret === undefined)
      usage('give the private key with --wif-env NAME or --wif-stdin, or a public key with --pubkey HEX')
    printJson(io, describeKey(secret, { chain }))
    return 0
  },
}

/** Fewer words than this in a passphrase: warn that it is a brain wallet within reach of guessing. */
const WEAK_PASSPHRASE_WORDS = 12

const keyFromPassphraseCommand: CliCommand = {
  summary:
    'key from-passphrase --passphrase-env NAME | --passphrase-stdin   the key of a Komodo (Agama/iguana) passphrase',
  help: `komodo-cc key from-passphrase (--passphrase-env NAME | --passphrase-stdin) [--chain NAME] [--json]

Prints the key that Agama and the Komodo DeFi Framework's legacy (iguana) mode make from a passphrase: SHA-256 of the
passphrase text, byte 0 &= 248, byte 31 &= 127 then |= 64. The text is taken exactly (one trailing newline of
standard input is dropped; spaces and case count). A passphrase key is a brain wallet: anyone who guesses the text has
the coins. A passphrase of fewer than ${WEAK_PASSPHRASE_WORDS} words prints a WEAK_PASSPHRASE warning on stderr.

--passphrase-env NAME  the passphrase is in environment variable NAME.
--passphrase-stdin     read it from standard input (not echoed on a terminal).
${CHAIN_HELP}
${JSON_HELP}`,
  async run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: ['chain', 'passphrase-env'],
      booleans: ['json', 'passphrase-stdin'],
    })
    if (positionals.length > 0)
      usage(
        'key from-passphrase takes no passphrase on the command line: use --passphrase-env NAME or --passphrase-stdin',
      )
    const chain = chainOf(options)
    const passphrase = await readSecretFlags(options, io, 'passphrase', 'passphrase')
    if (passphrase === undefined) usage('give the passphrase with --passphrase-env NAME or --passphrase-stdin')
    const words = passphrase.trim().split(/\s+/u).length
    if (words < WEAK_PASSPHRASE_WORDS)
      warn(
        io,
        'WEAK_PASSPHRASE',
        `this passphrase has ${words} word(s): a passphrase key is a brain wallet, and short passphrases are ` +
          `guessed by machines that try billions a second (use a 24-word passphrase or a BIP39 seed phrase)`,
      )
    printJson(io, keyFromPassphrase(passphrase, { chain }))
    return 0
  },
}

const keyFromMnemonicCommand: CliCommand = {
  summary: 'key from-mnemonic --mnemonic-env NAME | --mnemonic-stdin [--path P]   a key of a BIP39 seed phrase',
  help: `komodo-cc key from-mnemonic (--mnemonic-env NAME | --mnemonic-stdin) [--bip39-passphrase-env NAME] [--path PATH | --account N --change 0|1 --index N] [--chain NAME] [--json]

Prints the key of a BIP39 seed phrase at m/44'/141'/account'/change/index (Komodo's coin type 141, the Komodo DeFi
Framework's HD path; default m/44'/141'/0'/0/0) or at --path, with its path. The phrase is checked first: a word not
in the English list is named by its position (never printed), a wrong checksum is MNEMONIC_CHECKSUM.

--mnemonic-env NAME        the phrase is in environment variable NAME.
--mnemonic-stdin           read it from standard input (not echoed on a terminal).
--bip39-passphrase-env NAME  BIP39's optional passphrase ("25th word") is in environment variable NAME.
--bip39-passphrase-stdin     read that passphrase from standard input (then give the phrase with --mnemonic-env).
${POSITION_HELP}
${CHAIN_HELP}
${JSON_HELP}`,
  async run(args, io) {
    const { options, positionals } = parseArgs(args, {
      strings: ['chain', 'mnemonic-env', 'bip39-passphrase-env', ...POSITION_FLAGS],
      booleans: ['json', 'mnemonic-stdin', 'bip39-passphrase-stdin'],
    })
    if (positionals.length > 0)
      usage('key from-mnemonic takes no phrase on the command line: use --mnemonic-env NAME or --mnemonic-stdin')
    const chain = chainOf(options)
    const position = positionOf(options)
    const mnemonic = await readSecretFlags(options, io, 'mnemonic', 'seed phrase')
    if (mnemonic === undefined) usage('give the seed phrase with --mnemonic-env NAME or --mnemonic-stdin')
    const passphrase = await readSecretFlags(options, io, 'bip39-passphrase', 'BIP39 passphrase')
    let key: KeyDescription
    try {
      key = keyFromMnemonic(mnemonic, { ...position, chain, ...(passphrase === undefined ? {} : { passphrase }) })
    } catch (e) {
      // a path error names the flag; everything else (the phrase's errors never repeat it) as it is
      if (e instanceof KomodoCcError && e.code === 'HD_PATH_INVALID') usage(`--path: ${e.message}`)
      throw e
    }
    printJson(io, key)
    return 0
  },
}

/** The `key` commands, by their command words (for src/cli/commands.ts). @example Object.keys(keyCommands) // ['key new', …] */
export const keyCommands: Readonly<Record<string, CliCommand>> = {
  'key new': keyNew,
  'key show': keyShow,
  'key from-passphrase': keyFromPassphraseCommand,
  'key from-mnemonic': keyFromMnemonicCommand,
}
