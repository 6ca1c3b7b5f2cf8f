// `komodo-cc key …` (issues 31 and 35): outputs checked against the independent vectors of vectors/keys/, secrets
// only from the environment or stdin, never echoed in errors.
import { describe, expect, test } from 'vitest'
import pass from '../../vectors/keys/komodo-passphrase.json' with { type: 'json' }
import bip44 from '../../vectors/keys/bip44-komodo.json' with { type: 'json' }
import { cli } from '../_util/cli.js'
import { validateMnemonic, keyFromMnemonic, describeKey } from '../../src/keys/index.js'
import { moduleAddressInfo } from '../../src/cc/moduleaddress.js'
import { CC_MODULES } from '../../src/cc/eval.js'

const P = pass.valid[0]!
const V = bip44.valid.find((v) => v.path === "m/44'/141'/0'/0/1" && v.passphrase === '')!
const V_PASS = bip44.valid.find((v) => v.path === "m/44'/141'/1'/0/0" && v.passphrase === 'TREZOR')!

describe('komodo-cc key', () => {
  test('from-passphrase: the published Komodo example, from the environment or stdin; a short one warns', async () => {
    for (const r of [
      await cli(['key', 'from-passphrase', '--passphrase-env', 'PW'], { PW: P.passphrase }),
      await cli(['key', 'from-passphrase', '--passphrase-stdin', '--json'], {}, `${P.passphrase}\n`),
    ]) {
      expect(r.status).toBe(0)
      expect(r.json).toMatchObject({ privateKey: P.privateKey, wif: P.wif, pubkey: P.pubkey, address: P.address })
      // one word: the brain-wallet warning, which never repeats the passphrase
      expect(r.stderr).toContain('WEAK_PASSPHRASE')
      expect(r.stderr).not.toContain(P.passphrase)
    }
    const long = await cli(['key', 'from-passphrase', '--passphrase-env', 'PW'], {
      PW: 'one two three four five six seven eight nine ten eleven twelve',
    })
    expect([long.status, long.stderr]).toEqual([0, ''])
    const ltc = await cli(['key', 'from-passphrase', '--passphrase-env', 'PW', '--chain', 'LTC'], { PW: P.passphrase })
    expect(ltc.json).toMatchObject({ address: pass.chains[1]!.address, wif: pass.chains[1]!.wif, chain: 'LTC' })
  })
  test('from-mnemonic: BIP44 coin 141 keys as bitcoinjs derives them, by position or --path, with the BIP39 passphrase', async () => {
    const byIndex = await cli(['key', 'from-mnemonic', '--mnemonic-env', 'M', '--index', '1'], { M: V.mnemonic })
    expect(byIndex.json).toMatchObject({ path: V.path, wif: V.wif, pubkey: V.pubkey, address: V.address })
    const byPath = await cli(['key', 'from-mnemonic', '--mnemonic-stdin', '--path', V.path], {}, V.mnemonic + '\n')
    expect(byPath.json.address).toBe(V.address)
    const withPass = await cli(
      ['key', 'from-mnemonic', '--mnemonic-stdin', '--bip39-passphrase-env', 'BP', '--account', '1'],
      { BP: 'TREZOR' },
      V_PASS.mnemonic,
    )
    expect(withPass.json).toMatchObject({ path: V_PASS.path, address: V_PASS.address, wif: V_PASS.wif })
  })
  test('from-mnemonic refusals: a wrong word by position (never echoed), a checksum, a bad path, two secrets on stdin', async () => {
    const words = V.mnemonic.split(' ')
    const typo = [...words.slice(0, 3), 'wintre', ...words.slice(4)].join(' ')
    const r = await cli(['key', 'from-mnemonic', '--mnemonic-env', 'M'], { M: typo })
    expect([r.status, r.error.code, r.error.details]).toEqual([1, 'MNEMONIC_INVALID', { reason: 'word', index: 4 }])
    expect(r.stderr).not.toContain('wintre')
    expect(r.stderr).not.toContain(words[0])
    const swapped = [...words.slice(0, 10), words[11], words[10]].join(' ')
    expect((await cli(['key', 'from-mnemonic', '--mnemonic-env', 'M'], { M: swapped })).error.code).toBe(
      'MNEMONIC_CHECKSUM',
    )
    const path = await cli(['key', 'from-mnemonic', '--mnemonic-env', 'M', '--path', "m/44'/x"], { M: V.mnemonic })
    expect(path.error.code).toBe('CLI_USAGE')
    const range = await cli(['key', 'from-mnemonic', '--mnemonic-env', 'M', '--index', '2147483648'], {
      M: V.mnemonic,
    })
    expect(range.error.code).toBe('CLI_USAGE')
    const deep = await cli(['key', 'from-mnemonic', '--mnemonic-env', 'M', '--path', 'm/2147483648'], {
      M: V.mnemonic,
    })
    expect(deep.error.code).toBe('HD_PATH_RANGE')
    const two = await cli(['key', 'from-mnemonic', '--mnemonic-stdin', '--bip39-passphrase-stdin'], {}, V.mnemonic)
    expect(two.error.code).toBe('CLI_USAGE')
    // the phrase itself given where a variable name goes is refused without printing it
    const pasted = await cli(['key', 'from-mnemonic', '--mnemonic-env', V.mnemonic])
    expect(pasted.error.code).toBe('CLI_USAGE')
    expect(pasted.stderr).not.toContain(words[1])
    // no phrase on the command line
    expect((await cli(['key', 'from-mnemonic', ...words])).error.code).toBe('CLI_USAGE')
  })
  test('show: a WIF or hex key from the environment or stdin; a public key; never the key in an error', async () => {
    const viaEnv = await cli(['key', 'show', '--wif-env', 'K'], { K: P.wif })
    expect(viaEnv.json).toEqual(describeKey(P.privateKey))
    expect(viaEnv.json).toMatchObject({ pubkey: P.pubkey, address: P.address })
    const viaStdin = await cli(['key', 'show', '--wif-stdin'], {}, P.privateKey + '\n')
    expect(viaStdin.json.wif).toBe(P.wif)
    // each CC address is what <module>address <pubkey> prints as PubkeyCCaddress(<Name>)
    for (const m of CC_MODULES)
      expect(viaEnv.json.ccAddresses[m.name], m.name).toBe(
        moduleAddressInfo(m, { pubkey: P.pubkey })[`PubkeyCCaddress(${m.name})`],
      )
    const pub = await cli(['key', 'show', '--pubkey', P.pubkey])
    expect(pub.json).toEqual({
      pubkey: P.pubkey,
      address: P.address,
      ccAddresses: viaEnv.json.ccAddresses,
      chain: 'KMD',
    })
    const broken = P.wif.slice(0, -1) + (P.wif.endsWith('h') ? 'i' : 'h')
    const bad = await cli(['key', 'show', '--wif-env', 'K'], { K: broken })
    expect(bad.status).toBe(1)
    expect(bad.stderr).not.toContain(broken)
    expect(bad.stderr).not.toContain(P.wif.slice(5, 30))
    expect((await cli(['key', 'show', P.wif])).error.code).toBe('CLI_USAGE')
    expect(await cli(['key', 'show'])).toMatchObject({ status: 0 }) // no arguments: the help
  })
  test('new: a fresh key, or a fresh seed phrase and its key; each one valid and re-derivable', async () => {
    const a = await cli(['key', 'new'])
    const b = await cli(['key', 'new', '--json'])
    expect(a.status).toBe(0)
    expect(a.json.wif).not.toBe(b.json.wif)
    expect(describeKey(a.json.wif)).toEqual(a.json)
    const m = await cli(['key', 'new', '--mnemonic', '--words', '12', '--index', '3'])
    expect(m.json.mnemonic.split(' ')).toHaveLength(12)
    expect(validateMnemonic(m.json.mnemonic)).toBe(true)
    const { mnemonic, ...key } = m.json
    expect(key).toEqual(keyFromMnemonic(mnemonic, { index: 3 }))
    expect((await cli(['key', 'new', '--mnemonic'])).json.mnemonic.split(' ')).toHaveLength(24)
    expect((await cli(['key', 'new', '--words', '12'])).error.code).toBe('CLI_USAGE')
    expect((await cli(['key', 'new', '--mnemonic', '--words', '13'])).error.code).toBe('CLI_USAGE')
  })
})
