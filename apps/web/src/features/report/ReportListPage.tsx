import { z } from 'zod'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TResource } from '@/components/crud/types'
import { reportApi, type TReportRow } from './reportApi'

const reportResource: TResource<TReportRow> = {
  key: 'report',
  nameKey: 'report.name',
  schema: z.looseObject({}) as unknown as TResource['schema'],
  api: reportApi,
  permissions: { codes: { view: 'report_list_view', delete: 'report_list_delete' } },
  fields: [
    { name: 'name', labelKey: 'report.reportName', search: true, column: { flex: 2 } },
    { name: 'createTime', labelKey: 'report.createTime', column: { width: 180 } },
    { name: 'updateTime', labelKey: 'report.updateTime', column: { width: 180 } },
  ],
}

/** 报表列表 (`/report/reportlist`). */
export const ReportListPage = () => <CrudScreen resource={reportResource} />
