import { expect, test } from 'vitest'
import { oracleExample } from '../../examples/oracles.js'

test('README oracle example runs and gives the documented values', () => {
  const r = oracleExample()
  // the same record as the pegs tutorial's height-16 sample (developer-docs), with our price appended
  expect(
    r.hexstr.startsWith(
      '10000000f7a5a84d008a6c4107c3bbad442a879355bd7f951e4bf5ac48b8458afa6a1600bbf054d5a9219e8034990f764106c719f9bfc278b1d909be4486ff52d8523ca6',
    ),
  ).toBe(true)
  expect(r.values).toEqual([
    16,
    '00166afa8a45b848acf54b1e957fbd5593872a44adbbc307416c8a004da8a5f7',
    'a63c52d852ff8644be09d9b178c2bff919c70641760f9934809e21a9d554f0bb',
    4212345678n,
  ])
  expect(r.printed).toEqual([
    '16',
    '00166afa8a45b848acf54b1e957fbd5593872a44adbbc307416c8a004da8a5f7',
    'a63c52d852ff8644be09d9b178c2bff919c70641760f9934809e21a9d554f0bb',
    '4212345678',
  ])
  expect(r.odd).toEqual([''])
  expect(r.plan).toBe(28538276415819083n)
  expect(r.address).toBe('RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLh')
})
