import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { ExampleStatus } from '@ysjs/shared'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { MemberMeetingsPage } from '@/features/meeting/MemberMeetingsPage'
import { fillApi } from '../surveyApi'

const FILL_PATH = '/survey/questionnaire'
const APPLICATIONS_PATH = '/appraise/results'

const Panel = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
    <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
        {title}
      </Typography>
      {action}
    </Stack>
    {children}
  </Paper>
)

const Stat = ({ label, value, onClick }: { label: string; value: number; onClick: () => void }) => (
  <Button onClick={onClick} sx={{ flexDirection: 'column', minWidth: 96 }}>
    <Typography variant="h5">{value}</Typography>
    <Typography variant="caption">{label}</Typography>
  </Button>
)

/**
 * 会员中心 (/topMember): the member's unit, its questionnaires (with links to fill them), a way into its
 * appraisal applications, the centre's notices, and the open meetings with the member's registrations.
 */
export const MemberCentrePage = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const overview = useQuery({ queryKey: ['member-overview'], queryFn: fillApi.overview })
  if (!overview.data) {
    return overview.isLoading ? <LinearProgress /> : <Alert severity="error">{t('msg.loadFailed')}</Alert>
  }
  const o = overview.data
  const fill = (search = '') => navigate(`${FILL_PATH}${search}`)

  return (
    <Stack spacing={2}>
      <Typography variant="h6">{t('survey.welcome', { name: o.userName })}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Panel title={t('survey.unitProfile')}>
          {o.firmName ? (
            <Typography sx={{ fontWeight: 600 }}>{o.firmName}</Typography>
          ) : (
            <Alert severity="info">{t('survey.noFirm')}</Alert>
          )}
          {o.company ? (
            <Box sx={{ mt: 1, color: 'text.secondary' }}>
              <Typography variant="body2">
                {t('survey.companyName')}: {o.company.name}
              </Typography>
              <Typography variant="body2">
                {t('survey.address')}: {[o.company.provinceName, o.company.address].filter(Boolean).join(' ')}
              </Typography>
              <Typography variant="body2">
                {t('survey.contact')}: {o.company.contact ?? ''} {o.company.phone ?? ''}
              </Typography>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('survey.noUnit')}
            </Typography>
          )}
        </Panel>
        <Panel
          title={t('survey.mySurveys')}
          action={
            <Button size="small" onClick={() => fill()}>
              {t('survey.more')}
            </Button>
          }
        >
          <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
            <Stat label={t('survey.openSurveys')} value={o.openSurveys} onClick={() => fill()} />
            <Stat
              label={t('survey.toFill')}
              value={o.toFill}
              onClick={() => fill(`?status=${ExampleStatus.TO_FILL}`)}
            />
            <Stat
              label={t('survey.drafts')}
              value={o.drafts}
              onClick={() => fill(`?status=${ExampleStatus.DRAFT}`)}
            />
            <Stat
              label={t('survey.submitted')}
              value={o.submitted}
              onClick={() => fill(`?status=${ExampleStatus.SUBMITTED}`)}
            />
          </Stack>
          <List dense>
            {o.fillings.slice(0, 5).map((f) => (
              <ListItemButton key={f.id} onClick={() => fill(`?surveyId=${f.surveyId}`)}>
                <ListItemText
                  primary={f.name}
                  secondary={
                    f.backReason && f.status === ExampleStatus.TO_FILL
                      ? `${t('survey.backReason')}: ${f.backReason}`
                      : f.code
                  }
                />
                <Chip size="small" label={t(`survey.statuses.${f.status}`)} />
              </ListItemButton>
            ))}
          </List>
        </Panel>
        <Panel
          title={t('survey.applications')}
          action={
            <Button size="small" onClick={() => navigate(APPLICATIONS_PATH)}>
              {t('survey.more')}
            </Button>
          }
        >
          <Typography variant="body2" color="text.secondary">
            {t('survey.applicationsHint')}
          </Typography>
          <Button variant="outlined" sx={{ mt: 1 }} onClick={() => navigate(APPLICATIONS_PATH)}>
            {t('survey.applicationsOpen')}
          </Button>
        </Panel>
        <Panel title={t('survey.messages')}>
          {o.notices.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('survey.noMessages')}
            </Typography>
          ) : (
            <List dense>
              {o.notices.map((n) => (
                <ListItemButton key={n.id} onClick={() => navigate('/wel/index')}>
                  <ListItemText primary={n.title} secondary={n.releaseTime} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Panel>
      </Box>
      <MemberMeetingsPage />
    </Stack>
  )
}
