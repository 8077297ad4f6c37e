/**
 * The names of the rows some rows refer to (a parent, a server, a category), by key: `read` gets the
 * distinct keys given (nulls left out) and is not called when there are none.
 */
export const namesByKey = async <K, R>(
  keys: readonly (K | null | undefined)[],
  read: (keys: K[]) => Promise<R[]>,
  entry: (row: R) => readonly [K, string],
): Promise<Map<K, string>> => {
  const distinct = [...new Set(keys.filter((k): k is K => k !== null && k !== undefined))]
  return new Map(distinct.length ? (await read(distinct)).map(entry) : [])
}
