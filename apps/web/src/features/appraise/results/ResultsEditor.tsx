import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import {
  PERMISSIONS,
  RESULTS_STATUS,
  RESULTS_STATUS_LABELS,
  type TResultsVO,
  ZResultsVOFullSchema,
  ZResultsVOSubmitSchema,
} from '@ysjs/shared'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { useResourceMutation } from '@/lib/resource/hooks'
import { queryKeys } from '@/lib/resource/queryKeys'
import { useSession } from '@/lib/session/session'
import { appraiseApi, fetchFile } from '../appraiseApi'
import { EquityTab } from '../EquityTab'
import { MeetingTab } from '../forms/MeetingTab'
import { NoticeTab } from '../forms/NoticeTab'
import { ReportTab } from '../forms/ReportTab'
import { BasicSection, PeopleSection, PrincipalSection, UnitsSection } from './ApplicationSections'
import {
  APPLICATION_TABS,
  applicationOf,
  blankApplication,
  type TRowValues,
  tabOfField,
} from './applicationForm'
import { DossierTab } from './DossierTab'
import { ExpertsTab } from './ExpertsTab'
import { FilesTab } from './FilesTab'

/** The application editor: tabs for the agreement, its rows, files, forms, experts and the dossier. */
export const ResultsEditor = ({
  id,
  staff,
  initialTab,
  onClose,
}: {
  id: string | null
  staff: boolean
  /** The tab shown first (a stage menu opens its own). */
  initialTab?: string
  onClose: () => void
}) => {
  const { t } = useTranslation()
  const [currentId, setCurrentId] = useState(id)
  const [tab, setTab] = useState(initialTab ?? 'basic')
  const permissions = useSession((s) => s.permissions)
  const detailKey = queryKeys.detail('appraise-vo', currentId)
  const detail = useQuery({
    queryKey: detailKey,
    queryFn: () => appraiseApi.detailVO(currentId ?? ''),
    enabled: !!currentId,
  })
  const record = detail.data
  const canEdit = currentId ? (record?.canEdit ?? false) : true
  const status = record?.status ?? RESULTS_STATUS.DRAFT

  // 暂存 checks what is filled (the draft schema), 提交 everything (the full one); the full one marks
  // the required fields. A failure opens the tab of the first failed field and focuses it.
  const form = useZodForm(ZResultsVOSubmitSchema, {
    defaultValues: blankApplication(),
    requiredSchema: ZResultsVOFullSchema,
    onInvalid: (first) => {
      setTab(tabOfField(first.path))
      setTimeout(() => form.setFocus(first.path as 'name'), 50)
    },
  })
  useEffect(() => {
    if (record) {
      form.reset(applicationOf(record))
    }
  }, [record, form])

  const save = useResourceMutation((body: unknown) => appraiseApi.save(body), {
    onSuccess: (saved: TResultsVO) => setCurrentId(saved.id),
    invalidates: (saved: TResultsVO) => [queryKeys.detail('appraise-vo', saved.id)],
  })
  const pending = useResourceMutation(
    (savedId: string) => appraiseApi.status(savedId, RESULTS_STATUS.PENDING),
    {
      onSuccess: onClose,
    },
  )
  const busy = save.busy || pending.busy
  // The controls' values, as before: a cleared field is sent blank, so the draft clears it too.
  const saveDraft = form.submit(() => save.runOrThrow({ ...form.getValues(), id: currentId ?? undefined }))
  const submit = form.submit(async () => {
    const saved = await save.runOrThrow({ ...form.getValues(), id: currentId ?? undefined })
    await pending.run(saved.id)
  }, ZResultsVOFullSchema)

  /** Row deletion of spec section 5: a saved row is confirmed by name and removed on the server. */
  const removeUnit = useResourceMutation((row: TRowValues) => appraiseApi.removeUnits([row.id ?? '']), {
    confirm: (row) => t('appraise.removeUnit', { unit: row.unitName || row.id }),
    // Its people keep their rows without a unit (the server cleared it too).
    onSuccess: (_r, row) =>
      form.setValue(
        'peopleEntityList',
        ((form.getValues('peopleEntityList') ?? []) as TRowValues[]).map((p) =>
          p.workUnit === row.id ? { ...p, workUnit: '' } : p,
        ),
      ),
  })
  const removePerson = useResourceMutation((row: TRowValues) => appraiseApi.removePeople([row.id ?? '']), {
    confirm: (row) => t('appraise.removePerson', { name: row.name || row.id }),
  })

  // Tabs whose calls the user may make; the others are hidden, not answered with 403 toasts. The
  // permission map holds button codes: a menu counts through its view button.
  const can = (...codes: string[]) => codes.some((c) => permissions[c] === true)
  const allowed: Record<string, boolean> = {
    equity: can(PERMISSIONS.appraiseEquityView),
    attach: can(PERMISSIONS.appraiseAttachView, PERMISSIONS.appraiseResultsView),
    meeting: can(PERMISSIONS.appraiseMeetingView, PERMISSIONS.appraiseMeetingCreate),
    notice: can(PERMISSIONS.appraiseNoticeView, PERMISSIONS.appraiseNoticeCreate),
    report: can(PERMISSIONS.appraiseReportView, PERMISSIONS.appraiseReportCreate),
    experts: staff,
  }
  const tabs = (
    [
      'basic',
      'principal',
      'units',
      'people',
      'equity',
      'attach',
      'meeting',
      'notice',
      'report',
      'experts',
      'dossier',
    ] as const
  ).filter((key) => allowed[key] !== false)
  const name = form.watch('name')

  return (
    <Dialog open onClose={onClose} fullScreen>
      <DialogTitle>
        {(typeof name === 'string' && name) || t('appraise.add')}
        {record && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 2 }}>
            {RESULTS_STATUS_LABELS[status]}
            {record.totalScore !== null &&
              ` · ${t('appraise.totalScore')} ${record.totalScore} · ${record.grade}`}
          </Typography>
        )}
      </DialogTitle>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" sx={{ px: 2 }}>
        {tabs.map((key) => (
          <Tab
            key={key}
            value={key}
            label={t(`appraise.tab.${key}`)}
            disabled={!currentId && !APPLICATION_TABS.includes(key)}
          />
        ))}
      </Tabs>
      <DialogContent dividers>
        {!canEdit && APPLICATION_TABS.includes(tab) && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('appraise.readOnly')}
          </Alert>
        )}
        <ZodFormProvider form={form}>
          {tab === 'basic' && <BasicSection canEdit={canEdit} staff={staff} />}
          {tab === 'principal' && <PrincipalSection canEdit={canEdit} />}
          {tab === 'units' && <UnitsSection canEdit={canEdit} onRemoveSaved={removeUnit.run} />}
          {tab === 'people' && <PeopleSection canEdit={canEdit} onRemoveSaved={removePerson.run} />}
        </ZodFormProvider>
        {tab === 'equity' && currentId && <EquityTab resultsId={currentId} canEdit={canEdit} />}
        {tab === 'attach' && currentId && <FilesTab resultsId={currentId} canEdit={canEdit || staff} />}
        {tab === 'meeting' && currentId && (
          <MeetingTab resultsId={currentId} onDone={() => detail.refetch()} />
        )}
        {tab === 'notice' && currentId && <NoticeTab resultsId={currentId} onDone={() => detail.refetch()} />}
        {tab === 'report' && currentId && <ReportTab resultsId={currentId} onDone={() => detail.refetch()} />}
        {tab === 'experts' && currentId && <ExpertsTab resultsId={currentId} />}
        {tab === 'dossier' && currentId && <DossierTab resultsId={currentId} />}
      </DialogContent>
      <DialogActions>
        {currentId && status >= RESULTS_STATUS.ACCEPTED && status !== RESULTS_STATUS.RETURNED && (
          <Button onClick={() => fetchFile('results/protocol', { params: { id: currentId } })}>
            {t('appraise.download')}
            {t('appraise.document.protocol')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('appraise.close')}</Button>
        {/* The application's own buttons; the forms of the other tabs have theirs. */}
        {canEdit && APPLICATION_TABS.includes(tab) && (
          <Button variant="outlined" disabled={busy} onClick={() => void saveDraft()} {...keepFocus}>
            {t('appraise.saveDraft')}
          </Button>
        )}
        {canEdit && !staff && APPLICATION_TABS.includes(tab) && (
          <Button variant="contained" disabled={busy} onClick={() => void submit()} {...keepFocus}>
            {t('appraise.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}
