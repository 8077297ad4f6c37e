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
import { addressWithProvince, ExampleStatus, SurveyState } from '@ysjs/shared'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { CloseDialog } from '@/components/dialog/CloseDialog'
import { Panel } from '@/components/layout/Panel'
import { isGuestUser, useSession } from '@/lib/session/session'
import { StatusChip } from '../evaluation/StatusChip'
import { useLoadFailed } from '../fill/fillMessages'
import { fillApi } from '../surveyApi'

const FILL_PATH = '/survey/questionnaire'
const EVALUATION_PATH = '/evaluation'

/** The editor is heavy (tiptap): it loads when a notice is opened. */
const RichTextEditor = lazy(async () => ({
  default: (await import('@/components/richtext/RichTextEditor')).RichTextEditor,
}))

/** A notice of the centre, read in full. */
const NoticeDialog = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const notice = useQuery({
    queryKey: ['member-notice', id],
    queryFn: () => fillApi.notice(id),
    retry: false,
  })
  useLoadFailed(notice.error)
  return (
    <CloseDialog
      title={notice.data?.title ?? ''}
      titleId="member-notice-title"
      onClose={onClose}
      maxWidth="md"
      dividers
      contentTestId="member-notice"
      closeLabel={t('survey.back')}
    >
      {notice.isLoading && <LinearProgress />}
      {notice.data && (
        <>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {notice.data.releaseTime ?? ''}
          </Typography>
          <Suspense fallback={<LinearProgress />}>
            <RichTextEditor value={notice.data.content ?? ''} onChange={() => {}} disabled />
          </Suspense>
        </>
      )}
    </CloseDialog>
  )
}

const Stat = ({ label, value, onClick }: { label: string; value: number; onClick: () => void }) => (
  <Button onClick={onClick} sx={{ flexDirection: 'column', minWidth: 96 }}>
    <Typography variant="h5">{value}</Typography>
    <Typography variant="caption">{label}</Typography>
  </Button>
)

/** What a visitor without a session sees at /topMember: the way in. */
const MemberLogin = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 560, mx: 'auto', mt: 4, textAlign: 'center' }}>
      <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
        {t('route.topMember')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('survey.memberLoginHint')}
      </Typography>
      <Button variant="contained" size="large" onClick={() => navigate('/login')}>
        {t('layout.memberLogin')}
      </Button>
    </Paper>
  )
}

/**
 * 会员中心 (/topMember): the member's unit, its questionnaires (with links to fill them), its achievement
 * reports with their status (links to 成果申报), the centre's notices (opened in full), and the open
 * meetings with the member's registrations.
 */
/** `meetings`: the meeting panels (another module's; the app composes them in). */
export const MemberCentrePage = ({ meetings }: { meetings?: ReactNode }) => {
  const signedIn = useSession((s) => s.accessToken !== null && !isGuestUser(s.user))
  return signedIn ? <MemberCentre meetings={meetings} /> : <MemberLogin />
}

const MemberCentre = ({ meetings }: { meetings?: ReactNode }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const overview = useQuery({ queryKey: ['member-overview'], queryFn: fillApi.overview, retry: false })
  const [notice, setNotice] = useState<string | null>(null)
  useLoadFailed(overview.error)
  if (!overview.data) {
    return overview.isLoading ? <LinearProgress /> : <Alert severity="error">{t('msg.loadFailed')}</Alert>
  }
  const o = overview.data
  const fill = (search = '') => navigate(`${FILL_PATH}${search}`)
  // The unit's profile is the company form of its fillings (page 1 of the filling screen): changed in a
  // filling still open, else read in the one it was last saved with.
  const editable = o.fillings.find(
    (f) => f.status !== ExampleStatus.SUBMITTED && f.surveyState === SurveyState.PUBLISHED,
  )
  const profileLink = editable
    ? { label: t('survey.editUnit'), surveyId: editable.surveyId }
    : o.company
      ? { label: t('survey.view'), surveyId: o.company.surveyId }
      : null

  return (
    <Stack spacing={2}>
      <Typography variant="h6">{t('survey.welcome', { name: o.userName })}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Panel
          title={t('survey.unitProfile')}
          testId="member-unit"
          action={
            profileLink ? (
              <Button size="small" onClick={() => fill(`?surveyId=${profileLink.surveyId}`)}>
                {profileLink.label}
              </Button>
            ) : undefined
          }
        >
          {o.firmName ? (
            <Typography sx={{ fontWeight: 600 }}>{o.firmName}</Typography>
          ) : (
            <Alert severity="info">{o.isMember ? t('survey.noFirm') : t('survey.notMember')}</Alert>
          )}
          {o.company ? (
            <Box sx={{ mt: 1, color: 'text.secondary' }}>
              <Typography variant="body2">
                {t('survey.companyName')}: {o.company.name}
              </Typography>
              <Typography variant="body2">
                {t('survey.address')}: {addressWithProvince(o.company.provinceName, o.company.address, ' ')}
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
          testId="member-surveys"
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
                    f.backReason && f.status !== ExampleStatus.SUBMITTED
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
            o.firmId ? (
              <Button size="small" onClick={() => navigate(EVALUATION_PATH)}>
                {t('survey.newApplication')}
              </Button>
            ) : undefined
          }
        >
          {o.applications.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('survey.applicationsHint')}
            </Typography>
          ) : (
            <List dense data-testid="member-applications">
              {o.applications.map((a) => (
                <ListItemButton
                  key={a.id}
                  onClick={() => navigate(a.mine ? `${EVALUATION_PATH}?id=${a.id}` : EVALUATION_PATH)}
                >
                  <ListItemText
                    primary={a.name}
                    secondary={[a.agreementNumber, a.createUserName, a.updateTime ?? a.createTime]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                  <StatusChip status={a.status} label={a.statusName} />
                </ListItemButton>
              ))}
            </List>
          )}
          {o.applicationTotal > o.applications.length && (
            <Button size="small" onClick={() => navigate(EVALUATION_PATH)}>
              {t('survey.allApplications', { n: o.applicationTotal })}
            </Button>
          )}
        </Panel>
        <Panel title={t('survey.messages')} testId="member-messages">
          {o.notices.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('survey.noMessages')}
            </Typography>
          ) : (
            <List dense>
              {o.notices.map((n) => (
                <ListItemButton key={n.id} onClick={() => setNotice(n.id)}>
                  <ListItemText primary={n.title} secondary={n.releaseTime} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Panel>
      </Box>
      {meetings}
      {notice && <NoticeDialog id={notice} onClose={() => setNotice(null)} />}
    </Stack>
  )
}
