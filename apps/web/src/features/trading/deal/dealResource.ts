import type { TPage } from '@ysjs/shared'
import { type TDeal, ZDealSubmitSchema } from '@ysjs/shared'
import { createElement } from 'react'
import { crudCodes } from '@/components/crud/permissions'
import type { TCustomFieldProps, TResource } from '@/components/crud/types'
import { PickerField } from '@/components/picker/pickerFields'
import type { TPickSource } from '@/components/picker/RemotePicker'
import { UnitNameField } from '@/components/picker/UnitNameField'
import { FileAttachField } from '@/components/upload/FileAttachField'
import { http } from '@/lib/http'
import { resourceApi } from '@/lib/resource/resourceApi'
import { text } from '@/lib/text'

export type TDealRow = TDeal & Record<string, unknown>

const L = 'trading.deal'

/** The tenant's trading projects, searched on the server by title, page by page (no cap). */
const projectSource: TPickSource = {
  key: 'trading-projects',
  search: async (title, current) => {
    const page = await http.get<TPage<{ id: string; title: string }>>('/api/ysjs-trading/project/list', {
      title,
      current,
      size: 20,
    })
    return { options: page.records.map((p) => ({ value: p.id, label: p.title })), total: page.total }
  },
}
const ProjectPicker = (props: TCustomFieldProps) =>
  createElement(PickerField, { ...props, source: projectSource, labelField: 'projectTitle' })

/** 交易管理: technology deals on trading projects (decision 014). */
export const dealResource: TResource<TDealRow> = {
  key: 'deal',
  nameKey: `${L}.name`,
  schema: ZDealSubmitSchema,
  api: resourceApi<TDealRow>('/api/ysjs-deal/deal', { exact: ['dealStatus', 'projectId'], exportable: true }),
  permissions: crudCodes('deal'),
  dialogWidth: 'md',
  fields: [
    { name: 'contractNo', labelKey: `${L}.contractNo`, search: true, span: 6, column: { width: 160 } },
    {
      name: 'projectId',
      labelKey: `${L}.project`,
      kind: 'custom',
      component: ProjectPicker,
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
    // The title rides along for the project picker (the submit schema leaves it out).
    projectTitle: row.projectTitle,
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
