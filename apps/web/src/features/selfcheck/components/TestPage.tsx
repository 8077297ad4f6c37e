import AccountTreeIcon from '@mui/icons-material/AccountTree'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FlowDiagramDialog } from '@/components/flow/FlowDiagramDialog'
import { useScreenLevel } from '@/components/layout/useScreenLevel'
import { tokenAgeSeconds, useSession } from '@/lib/session/session'
import { SAMPLE_HISTORY, SAMPLE_PROCESS_XML } from './sampleProcess'

/** `/test`: what the session looks like, and the shared viewers on sample data. */
export const TestPage = () => {
  const { t } = useTranslation()
  const user = useSession((s) => s.user)
  const level = useScreenLevel()
  const [open, setOpen] = useState(false)
  return (
    <Stack spacing={2}>
      <Card>
        <CardHeader title={t('test.session')} />
        <CardContent>
          <Typography>
            {user?.nick_name} ({user?.account}) · {user?.tenant_id} · {user?.role_name}
          </Typography>
          <Typography color="text.secondary">
            {t('test.tokenAge', { seconds: Math.round(tokenAgeSeconds()) })}
          </Typography>
          <Typography color="text.secondary">{t('test.screen', { level })}</Typography>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title={t('test.flowDemo')} />
        <CardContent>
          <Button variant="outlined" startIcon={<AccountTreeIcon />} onClick={() => setOpen(true)}>
            {t('test.openFlow')}
          </Button>
        </CardContent>
      </Card>
      <FlowDiagramDialog
        open={open}
        onClose={() => setOpen(false)}
        xml={SAMPLE_PROCESS_XML}
        history={SAMPLE_HISTORY}
      />
    </Stack>
  )
}
