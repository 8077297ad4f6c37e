import AddIcon from '@mui/icons-material/Add'
import DesignServicesIcon from '@mui/icons-material/DesignServices'
import InsightsIcon from '@mui/icons-material/Insights'
import { Button } from '@mui/material'
import { PERMISSIONS } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TResource } from '@/components/crud/types'
import { navigateTo } from '@/lib/navigation'
import { useSession } from '@/lib/session/session'
import { reportApi, type TReportRow } from './reportApi'

const reportResource: TResource<TReportRow> = {
  key: 'report',
  nameKey: 'report.name',
  schema: z.looseObject({}),
  api: reportApi,
  permissions: { codes: { view: PERMISSIONS.reportListView, delete: PERMISSIONS.reportListDelete } },
  fields: [
    { name: 'name', labelKey: 'report.reportName', search: true, column: { flex: 2 } },
    { name: 'createTime', labelKey: 'report.createTime', column: { width: 180 } },
    { name: 'updateTime', labelKey: 'report.updateTime', column: { width: 180 } },
  ],
}

/** 报表列表 (`/report/reportlist`): saved reports, opened in the viewer or the designer. */
export const ReportListPage = () => {
  const { t } = useTranslation()
  const permissions = useSession((s) => s.permissions)
  return (
    <CrudScreen
      resource={reportResource}
      toolbar={
        permissions[PERMISSIONS.reportListAdd] ? (
          <Button startIcon={<AddIcon />} onClick={() => navigateTo('/report/design')}>
            {t('develop.report.newReport')}
          </Button>
        ) : null
      }
      rowActions={[
        {
          key: 'open',
          primary: true,
          label: t('develop.report.view'),
          Icon: InsightsIcon,
          onClick: (row) => navigateTo(`/report/view/${row.id}`),
        },
        {
          key: 'design',
          label: t('develop.report.design'),
          Icon: DesignServicesIcon,
          permission: PERMISSIONS.reportListEdit,
          onClick: (row) => navigateTo(`/report/design?id=${row.id}`),
        },
      ]}
    />
  )
}
