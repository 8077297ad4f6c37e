import { EXPERT_PREFIX, type TPage } from '@ysjs/shared'
import { http } from '@/lib/http'
import type { TPickSource } from './RemotePicker'

/**
 * What the pickers shared by several screens search: experts and units (the expert module's tables,
 * used by deals, knowledge entries and projects) and knowledge entries (used by experts).
 */
const EXPERT = `${EXPERT_PREFIX}/expertBasic`
const UNIT = `${EXPERT_PREFIX}/unitTable`
const KMS_MAIN = '/api/ysjs-kms/main'
type TExpertOption = { id: string; name: string | null; workUnit: string | null }
type TUnitOption = { id: string; unitName: string }

const PICK_PAGE = 20
const expertLabel = (e: TExpertOption) => (e.workUnit ? `${e.name ?? ''} (${e.workUnit})` : (e.name ?? e.id))
const expertPage = (query: Record<string, string | number>) =>
  http.get<TPage<TExpertOption>>(`${EXPERT}/options`, query)
const unitPage = (query: Record<string, string | number>) =>
  http.get<TPage<TUnitOption>>(`${UNIT}/options`, query)

/** Experts for pickers: searched on the server by name or work unit, page by page. */
export const expertSource: TPickSource = {
  key: 'experts',
  search: async (keyword, current) => {
    const page = await expertPage({ keyword, current, size: PICK_PAGE })
    return { options: page.records.map((e) => ({ value: e.id, label: expertLabel(e) })), total: page.total }
  },
  byIds: async (ids) =>
    (await expertPage({ ids: ids.join(','), size: ids.length })).records.map((e) => ({
      value: e.id,
      label: expertLabel(e),
    })),
}

/** Units for pickers: searched on the server by name, page by page. */
export const unitSource: TPickSource = {
  key: 'units',
  search: async (keyword, current) => {
    const page = await unitPage({ keyword, current, size: PICK_PAGE })
    return { options: page.records.map((u) => ({ value: u.id, label: u.unitName })), total: page.total }
  },
  byIds: async (ids) =>
    (await unitPage({ ids: ids.join(','), size: ids.length })).records.map((u) => ({
      value: u.id,
      label: u.unitName,
    })),
}

/** Unit names matching what is typed (the deal form's free-text buyer and seller). */
export const unitNames = async (keyword: string): Promise<string[]> =>
  (await unitPage({ keyword, size: PICK_PAGE })).records.map((u) => u.unitName)

export const entrySource: TPickSource = {
  key: 'kms-entries',
  search: async (title, current) => {
    const page = await http.get<TPage<{ id: string; title: string }>>(`${KMS_MAIN}/list`, {
      title,
      current,
      size: 20,
    })
    return { options: page.records.map((r) => ({ value: r.id, label: r.title })), total: page.total }
  },
}
