import { KomodoCcError } from '../errors.js'

/**
 * Checks a builder's parameter object: one plain object whose keys are the daemon's RPC parameter names. A key
 * outside `required` and `optional` is refused (it is a typo or another method's parameter), and so is a missing
 * required key; a key present with the value `undefined` counts as given and is left to the builder's own checks.
 * @param builder - the builder's name, for the message (`buildTokenTransfer`)
 * @throws KomodoCcError BUILD_PARAMS (`details: { builder, name }` for an unknown key, `{ builder, missing }`)
 * @internal
 * @example const { tokenid, destpubkey, amount } = builderParams(params, 'buildTokenTransfer', ['tokenid', 'destpubkey', 'amount'])
 */
export function builderParams<T extends object>(
  params: T,
  builder: string,
  required: readonly (keyof T & string)[],
  optional: readonly (keyof T & string)[] = [],
): T {
  const names = [...required, ...optional]
  const proto: unknown = typeof params === 'object' && params !== null ? Object.getPrototypeOf(params) : undefined
  if (typeof params !== 'object' || params === null || (proto !== Object.prototype && proto !== null))
    throw new KomodoCcError(
      'BUILD_PARAMS',
      `${builder} expected its parameters as one object { ${names.join(', ')} }, got ` +
        `${params === null ? 'null' : Array.isArray(params) ? 'an array' : typeof params}`,
      { builder, expected: names },
    )
  for (const key of Object.keys(params))
    if (!names.includes(key as keyof T & string))
      throw new KomodoCcError(
        'BUILD_PARAMS',
        `${builder}: unknown parameter ${JSON.stringify(key)} (the daemon's are ${names.join(', ') || 'none'})`,
        { builder, name: key, expected: names },
      )
  const missing = required.filter((k) => !Object.prototype.hasOwnProperty.call(params, k))
  if (missing.length > 0)
    throw new KomodoCcError(
      'BUILD_PARAMS',
      `${builder}: missing parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
      { builder, missing },
    )
  return params
}
