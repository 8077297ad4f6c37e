/**
 * A full postal address from a province chosen in a select and the address typed beside it. People
 * often type the province again (江西省鹰潭市…), so it is prefixed only when the typed address does not
 * already start with it (issue 24: saved as 江西省江西省鹰潭市…). `separator` is ' ' for display.
 */
export const addressWithProvince = (
  province: string | null | undefined,
  address: string | null | undefined,
  separator = '',
): string => {
  const p = province?.trim() ?? ''
  const a = address?.trim() ?? ''
  if (!p) {
    return a
  }
  if (!a) {
    return p
  }
  if (a.startsWith(p)) {
    return a
  }
  return `${p}${separator}${a}`
}
