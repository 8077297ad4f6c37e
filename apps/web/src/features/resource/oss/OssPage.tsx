import NetworkCheckIcon from '@mui/icons-material/NetworkCheck'
import Switch from '@mui/material/Switch'
import Tooltip from '@mui/material/Tooltip'
import { OSS_STATUS, PERMISSIONS } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CrudScreen, type TScreenActions } from '@/components/crud/CrudScreen'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { ossApi, type TOssRow } from './ossApi'
import { ossResource } from './ossResource'

/** 对象存储: the generic screen plus, per row, the enable switch (one per tenant) and a connection test. */
export const OssPage = () => {
  const { t } = useTranslation()
  const permissions = useSession((s) => s.permissions)
  const [testing, setTesting] = useState<string | null>(null)
  const canEnable = !!permissions[PERMISSIONS.ossEnable]
  const canTest = canEnable || !!permissions[PERMISSIONS.ossEdit]

  const toggle = async (row: TOssRow, on: boolean, ctx: TScreenActions) => {
    try {
      await (on ? ossApi.enable(row.id) : ossApi.disable(row.id))
    } catch {
      return
    }
    toast.success(t('msg.operateSuccess'))
    await ctx.refresh()
  }

  const test = async (row: TOssRow) => {
    setTesting(row.id)
    try {
      const result = await ossApi.test(row.id)
      if (result.ok) {
        toast.success(result.message)
      } else {
        toast.error(result.message)
      }
    } catch {
      // The HTTP client has shown the server's reason.
    } finally {
      setTesting(null)
    }
  }

  return (
    <CrudScreen
      resource={ossResource}
      rowButtonsWidth={canEnable ? 60 : 0}
      rowItems={(row) => [
        {
          key: 'test',
          label: t('resource.oss.test'),
          Icon: NetworkCheckIcon,
          allowed: canTest && testing !== row.id,
          onClick: () => void test(row),
        },
      ]}
      rowButtons={(row, ctx) => (
        <>
          {canEnable && (
            <Tooltip
              title={t(row.status === OSS_STATUS.ENABLED ? 'resource.oss.disable' : 'resource.oss.enable')}
            >
              <Switch
                size="small"
                checked={row.status === OSS_STATUS.ENABLED}
                onChange={(e) => void toggle(row, e.target.checked, ctx)}
                slotProps={{ input: { 'aria-label': t('resource.oss.status') } }}
              />
            </Tooltip>
          )}
        </>
      )}
    />
  )
}
