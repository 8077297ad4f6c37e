import CableIcon from '@mui/icons-material/Cable'
import CodeIcon from '@mui/icons-material/Code'
import ContentCopyIcon from '@mui/icons-material/ContentCopy'
import DownloadIcon from '@mui/icons-material/Download'
import TuneIcon from '@mui/icons-material/Tune'
import { Box, Tab, Tabs } from '@mui/material'
import type { TGeneratedFile } from '@ysjs/shared'
import { PERMISSIONS } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { CloseDialog } from '@/components/dialog/CloseDialog'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { developApi, downloadZip, type TDatasourceRow } from './developApi'
import { codeResource, datasourceResource, modelResource } from './developResources'
import { PrototypeDialog } from './PrototypeDialog'

/** 数据源管理 (`/tool/datasource`): 测试连接 in each row (the saved settings) and in the form (as typed). */
export const DatasourcePage = () => {
  const { t } = useTranslation()
  const permissions = useSession((s) => s.permissions)
  const test = (row: TDatasourceRow) =>
    void developApi
      .testConnection({
        id: row.id,
        name: row.name,
        driverClass: row.driverClass,
        url: row.url,
        username: row.username,
        password: row.password ?? '',
      })
      .then(() => toast.success(t('develop.datasource.connected')))
      .catch(() => {})
  return (
    <CrudScreen
      resource={datasourceResource}
      rowActions={[
        {
          key: 'test',
          label: t('develop.datasource.test'),
          Icon: CableIcon,
          allowed: !!(permissions[PERMISSIONS.datasourceAdd] || permissions[PERMISSIONS.datasourceEdit]),
          onClick: (row) => (row.isDefault ? toast.info(t('develop.datasource.isDefault')) : test(row)),
        },
      ]}
    />
  )
}

/** 数据模型 (`/tool/model`): models, and their fields imported from the table and edited in a grid. */
export const ModelPage = () => {
  const { t } = useTranslation()
  const [modelId, setModelId] = useState<string | null>(null)
  return (
    <>
      <CrudScreen
        resource={modelResource}
        rowActions={[
          {
            key: 'setting',
            label: t('develop.model.setting'),
            Icon: TuneIcon,
            permission: PERMISSIONS.modelSetting,
            onClick: (row) => setModelId(row.id),
          },
        ]}
      />
      {modelId && <PrototypeDialog modelId={modelId} onClose={() => setModelId(null)} />}
    </>
  )
}

const PreviewDialog = ({ files, onClose }: { files: TGeneratedFile[]; onClose: () => void }) => {
  const { t } = useTranslation()
  const [tab, setTab] = useState(0)
  return (
    <CloseDialog
      title={t('develop.code.preview')}
      onClose={onClose}
      maxWidth="lg"
      closeLabel={t('develop.close')}
    >
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="scrollable">
        {files.map((f) => (
          <Tab key={f.path} label={f.path.split('/').at(-1)} title={f.path} />
        ))}
      </Tabs>
      <Box
        component="pre"
        data-testid="code-preview"
        sx={{ fontSize: 12, overflow: 'auto', maxHeight: '60vh' }}
      >
        {files[tab]?.path}
        {'\n\n'}
        {files[tab]?.content}
      </Box>
    </CloseDialog>
  )
}

/** 代码生成 (`/tool/code`): configs, a preview of the files and the zip of the module. */
export const CodePage = () => {
  const { t } = useTranslation()
  const [files, setFiles] = useState<TGeneratedFile[] | null>(null)
  return (
    <>
      <CrudScreen
        resource={codeResource}
        rowActions={[
          {
            key: 'preview',
            label: t('develop.code.preview'),
            Icon: CodeIcon,
            permission: PERMISSIONS.codeGen,
            onClick: (row) => void developApi.preview(row.id).then(setFiles),
          },
          {
            key: 'gen',
            label: t('develop.code.gen'),
            Icon: DownloadIcon,
            permission: PERMISSIONS.codeGen,
            onClick: (row) => void downloadZip([row.id]).catch(() => undefined),
          },
          {
            key: 'copy',
            label: t('develop.code.copy'),
            Icon: ContentCopyIcon,
            permission: PERMISSIONS.codeCopy,
            onClick: (row) =>
              void developApi.copy(row.id).then(() => toast.success(t('develop.code.copied'))),
          },
        ]}
      />
      {files && <PreviewDialog files={files} onClose={() => setFiles(null)} />}
    </>
  )
}
