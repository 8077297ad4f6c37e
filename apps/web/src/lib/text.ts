/** A value as form text: null and undefined are ''. */
export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v))
