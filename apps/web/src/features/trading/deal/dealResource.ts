import type { TPage } from '@ysjs/shared'
import { type TDeal, ZDealSubmitSchema } from '@ysjs/shared'
import type { TOption, TResource } from '@/components/crud/types'
import { UnitNameField } from '@/features/expert/fields'
import { http } from '@/lib/http'
import { FileAttachField } from '../components/FileAttachField'
import { crudApi, text } from '../crudApi'

export type TDealRow = TDeal & Record<string, unknown>

const L = 'trading.deal'

/** The tenant's trading projects to choose from (the newest 200). */
const loadProjects = async (): Promise<TOption[]> => {
  const page = await http.get<TPage<{ id: string; title: string }>>('/api/ysjs-trading/project/list', {
    current: 1,
    size: 200,
  })
  return page.records.map((p) => ({ value: p.id, label: p.title }))
}

/** 交易管理: technology deals on trading projects (decision 014). */
export const dealResource: TResource<TDealRow> = {
  key: 'deal',
  nameKey: `${L}.name`,
  schema: ZDealSubmitSchema,
  api: crudApi<TDealRow>('/api/ysjs-deal/deal', ['dealStatus', 'projectId']),
  permissions: {
    codes: { add: 'deal_add', edit: 'deal_edit', delete: 'deal_delete', view: 'deal_view' },
  },
  dialogWidth: 'md',
  fields: [
    { name: 'contractNo', labelKey: `${L}.contractNo`, search: true, span: 6, column: { width: 160 } },
    {
      name: 'projectId',
      labelKey: `${L}.project`,
      kind: 'select',
      loadOptions: { key: 'trading-projects', load: loadProjects },
      span: 6,
      column: false,
    },
    { name: 'projectTitle', labelKey: `${L}.project`, form: false, column: { flex: 2 } },
    // Picked from the unit table or typed as on the contract; the name is what is stored (decision 016).
    {
      name: 'buyerUnit',
      labelKey: `${L}.buyerUnit`,
      kind: 'custom',
      component: UnitNameField,
      search: true,
      span: 6,
      column: { flex: 1 },
    },
    {
      name: 'sellerUnit',
      labelKey: `${L}.sellerUnit`,
      kind: 'custom',
      component: UnitNameField,
      search: true,
      span: 6,
      column: { flex: 1 },
    },
    { name: 'amount', labelKey: `${L}.amount`, span: 6, column: { width: 140 } },
    { name: 'signingDate', labelKey: `${L}.signingDate`, kind: 'date', span: 6, column: { width: 120 } },
    {
      name: 'dealStatus',
      labelKey: `${L}.dealStatus`,
      kind: 'dict',
      dictCode: 'deal_status',
      search: true,
      span: 6,
    },
    {
      name: 'fileAttach',
      labelKey: `${L}.fileAttach`,
      kind: 'custom',
      component: FileAttachField,
      span: 6,
      column: false,
    },
    { name: 'remark', labelKey: `${L}.remark`, kind: 'textarea', rows: 2, column: false },
  ],
  defaults: () => ({ dealStatus: '1' }),
  toForm: (row) => ({
    id: row.id,
    projectId: row.projectId,
    contractNo: row.contractNo,
    buyerUnit: row.buyerUnit,
    sellerUnit: row.sellerUnit,
    amount: row.amount,
    signingDate: row.signingDate,
    dealStatus: text(row.dealStatus),
    fileAttach: text(row.fileAttach),
    fileName: text(row.fileName),
    remark: text(row.remark),
  }),
}
