// Builds the relay-policy cases of vectors/tx/policy-ccoracle.json: unsigned Sapling v4 transactions whose outputs
// probe komodod's IsStandardTx. Run by tools/policy/gen-vectors.sh, which asks komodod's own validators (ccoracle)
// for each verdict; the verdicts in the JSON are komodod's, never this library's.
import { bytesToHex } from '../../src/bytes/hex.js'
import { serializeTransaction } from '../../src/tx/codec.js'
import { SAPLING_VERSION_GROUP_ID, type Transaction, type TxOutput } from '../../src/tx/types.js'
import { p2pkhScript, p2pkScript } from '../../src/script/script.js'
import { ccScript } from '../../src/script/cc.js'
import { cc1of1 } from '../../src/cc/condition.js'

const h20 = new Uint8Array(20).fill(0x11)
const pk = new Uint8Array(33).fill(0x22)
pk[0] = 0x02
const opret = (scriptSize: number): Uint8Array => {
  // OP_RETURN + push prefix + payload = scriptSize
  const prefix = (n: number): number => (n < 76 ? 1 : n <= 255 ? 2 : n <= 65535 ? 3 : 5)
  let n = scriptSize - 2
  while (1 + prefix(n) + n > scriptSize) n--
  const p = prefix(n)
  const s = new Uint8Array(1 + p + n).fill(0x33)
  s[0] = 0x6a
  if (p === 1) s[1] = n
  else if (p === 2) ((s[1] = 0x4c), (s[2] = n))
  else ((s[1] = 0x4d), (s[2] = n & 0xff), (s[3] = n >> 8))
  if (s.length !== scriptSize) throw new Error(`opret ${scriptSize}`)
  return s
}
const pay = (value: bigint): TxOutput => ({ value, script: p2pkhScript(h20) })
const multisig = (m: number, n: number): Uint8Array =>
  new Uint8Array([0x50 + m, ...Array.from({ length: n }, () => [33, ...pk]).flat(), 0x50 + n, 0xae])
const tx = (vout: TxOutput[], scriptSig = new Uint8Array([0x51])): string =>
  bytesToHex(
    serializeTransaction({
      overwintered: true,
      version: 4,
      versionGroupId: SAPLING_VERSION_GROUP_ID,
      vin: [{ txid: '44'.repeat(32), vout: 0, scriptSig, sequence: 0xffffffff }],
      vout,
      lockTime: 0,
      expiryHeight: 0,
      valueBalance: 0n,
      shieldedSpends: [],
      shieldedOutputs: [],
      joinSplits: [],
    } as Transaction),
  )
const cases: { description: string; hex: string }[] = [
  {
    description: 'P2PKH output of 10000 sat and a 208-byte OP_RETURN script',
    hex: tx([pay(10000n), { value: 0n, script: opret(208) }]),
  },
  { description: 'a 209-byte OP_RETURN script', hex: tx([pay(10000n), { value: 0n, script: opret(209) }]) },
  { description: 'a 140-byte OP_RETURN script', hex: tx([pay(10000n), { value: 0n, script: opret(140) }]) },
  {
    description: 'a 348-byte OP_RETURN script (a long tokencreate)',
    hex: tx([pay(10000n), { value: 0n, script: opret(348) }]),
  },
  { description: 'P2PKH output of 54 sat (the dust threshold)', hex: tx([pay(54n)]) },
  { description: 'P2PKH output of 53 sat (dust)', hex: tx([pay(53n)]) },
  { description: 'P2PK output of 56 sat (dust: threshold 57)', hex: tx([{ value: 56n, script: p2pkScript(pk) }]) },
  { description: 'P2PK output of 57 sat', hex: tx([{ value: 57n, script: p2pkScript(pk) }]) },
  {
    description: 'two OP_RETURN outputs',
    hex: tx([pay(10000n), { value: 0n, script: opret(10) }, { value: 0n, script: opret(12) }]),
  },
  {
    description: 'OP_RETURN with a non-push after it (nonstandard)',
    hex: tx([pay(10000n), { value: 0n, script: new Uint8Array([0x6a, 0x01, 0x00, 0xac]) }]),
  },
  { description: 'OP_TRUE output script (nonstandard)', hex: tx([{ value: 10000n, script: new Uint8Array([0x51]) }]) },
  {
    description: 'P2PK with a 33-byte key of a bad prefix (nonstandard)',
    hex: tx([{ value: 10000n, script: new Uint8Array([33, ...new Uint8Array(33).fill(5), 0xac]) }]),
  },
  {
    description: 'a 10002-byte OP_RETURN script (consensus: bad-txns-opret-too-big)',
    hex: tx([pay(10000n), { value: 0n, script: opret(10002) }]),
  },
  {
    description: 'P2SH output of 54 sat (its threshold)',
    hex: tx([{ value: 54n, script: new Uint8Array([0xa9, 20, ...h20, 0x87]) }]),
  },
  {
    description: 'P2SH output of 53 sat (dust)',
    hex: tx([{ value: 53n, script: new Uint8Array([0xa9, 20, ...h20, 0x87]) }]),
  },
  {
    description: 'OP_RETURN of value 0 beside a P2PKH of 1 sat (dust)',
    hex: tx([pay(1n), { value: 0n, script: opret(20) }]),
  },
  {
    description: 'a CC output of 1 sat (CC outputs are never dust)',
    hex: tx([{ value: 1n, script: ccScript(cc1of1(0xf2, pk)) }]),
  },
  { description: 'bare 1-of-2 multisig of 10000 sat', hex: tx([{ value: 10000n, script: multisig(1, 2) }]) },
  { description: 'bare 1-of-10 multisig (over 9 keys)', hex: tx([{ value: 10000n, script: multisig(1, 10) }]) },
  { description: 'a scriptSig that is not push-only', hex: tx([pay(10000n)], new Uint8Array([0x51, 0xac])) },
  {
    description: 'a 1651-byte scriptSig',
    hex: tx([pay(10000n)], new Uint8Array([0x4d, 0x70, 0x06, ...new Uint8Array(1648)])),
  },
  {
    description: 'a 137-byte OP_RETURN payload (140-byte script) and a 53-sat output',
    hex: tx([pay(53n), { value: 0n, script: opret(140) }]),
  },
]
process.stdout.write(JSON.stringify(cases))
