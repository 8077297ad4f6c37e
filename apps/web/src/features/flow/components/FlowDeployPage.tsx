import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Stack from '@mui/material/Stack'
import { FlowMsg } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { flowApi } from '../flowApi'
import { useDeployTarget } from './FlowAdminParts'

/** 流程部署: upload `.bpmn` / `.bpmn20.xml` files for a category and tenants. */
export const FlowDeployPage = () => {
  const { t } = useTranslation()
  const { category, tenantIds, ready, fields } = useDeployTarget()
  const [files, setFiles] = useState<File[]>([])
  const [busy, setBusy] = useState(false)
  const upload = async () => {
    if (!ready()) {
      return
    }
    if (!files.length) {
      toast.warning(FlowMsg.FILES)
      return
    }
    const form = new FormData()
    form.append('category', category)
    form.append('tenantIds', tenantIds.join(','))
    for (const f of files) {
      form.append('files', f, f.name)
    }
    setBusy(true)
    try {
      const result = await flowApi.deployUpload(form)
      toast.success(t('msg.operateSuccess'))
      // What only a running instance can tell (an assignee from a start variable): said at once.
      for (const w of result?.warnings ?? []) {
        toast.warning(w)
      }
      setFiles([])
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardHeader title={t('flow.route.deploy')} />
      <CardContent>
        <Stack spacing={2}>
          {fields}
          <Button variant="outlined" component="label">
            {t('flow.files')} {files.length ? `(${files.map((f) => f.name).join(', ')})` : ''}
            <input
              hidden
              multiple
              type="file"
              accept=".bpmn,.xml"
              name="files"
              onChange={(e) => setFiles([...(e.target.files ?? [])])}
            />
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => void upload()}>
            {t('flow.action.upload')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  )
}
