import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  Link,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  APPRAISE_DEFAULTS,
  formatDate,
  RESULTS_STATUS,
  RESULTS_STATUS_LABELS,
  resultsEventText,
  ZResultsMessageSchema,
  ZResultsVOSubmitSchema,
} from '@ysjs/shared'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { DateField } from '@/components/date/DateField'
import { DictSelect } from '@/components/dict/DictSelect'
import { RichTextEditor } from '@/components/richtext/RichTextEditor'
import { fileUrl } from '@/features/resource/fileLink'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { appraiseApi, fetchFile } from './appraiseApi'
import { EquityTab } from './EquityTab'
import { MeetingTab, NoticeTab, ReportTab } from './FormTabs'
import { IndexSetEditor } from './IndexTemplatePage'

type TRow = Record<string, string>
type TValues = {
  id?: string
  agreementNumber?: string
  name: string
  firstParty: string
  signingLocation: string
  signingDate: string
  resultsSource: string
  outcomeType: string
  synopsis: string
  appraiseType: string
  meetingType: string
  meetingTime: string
  meetingVenue: string
  unitEntityList: TRow[]
  peopleEntityList: TRow[]
  principal: TRow
}

const blankValues = (): TValues => ({
  name: '',
  firstParty: '',
  signingLocation: '',
  signingDate: formatDate(new Date()),
  resultsSource: '',
  outcomeType: '',
  synopsis: '',
  appraiseType: APPRAISE_DEFAULTS.APPRAISE_TYPE,
  meetingType: String(APPRAISE_DEFAULTS.MEETING_TYPE),
  meetingTime: '',
  meetingVenue: APPRAISE_DEFAULTS.MEETING_VENUE,
  unitEntityList: [],
  peopleEntityList: [],
  principal: {},
})

/** Tabs of the application itself (saved by 暂存/提交 at the bottom of the editor). */
const APPLICATION_TABS = ['basic', 'principal', 'units', 'people']

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const rowOf = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, str(v)]))

const PRINCIPAL_FIELDS = [
  ['unitName', 'unitName'],
  ['dutyNumber', 'dutyNumber'],
  ['legalPerson', 'legalPerson'],
  ['address', 'address'],
  ['agent', 'agent'],
  ['phone', 'phone'],
  ['name', 'contact'],
  ['cardNumber', 'cardNumber'],
  ['postcode', 'postcode'],
  ['accountNumber', 'accountNumber'],
  ['fax', 'fax'],
  ['personMail', 'personMail'],
] as const
const UNIT_FIELDS = [
  ['unitName', 'companyName'],
  ['postcode', 'unitPostcode'],
  ['address', 'unitAddress'],
  ['name', 'contact'],
  ['phone', 'unitPhone'],
] as const

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
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const [currentId, setCurrentId] = useState(id)
  const [tab, setTab] = useState(initialTab ?? 'basic')
  const permissions = useSession((s) => s.permissions)
  const [values, setValues] = useState<TValues>(blankValues)
  const [busy, setBusy] = useState(false)
  const detail = useQuery({
    queryKey: ['appraise-vo', currentId],
    queryFn: () => appraiseApi.detailVO(currentId!),
    enabled: !!currentId,
  })
  const record = detail.data
  const canEdit = currentId ? (record?.canEdit ?? false) : true
  const status = record?.status ?? RESULTS_STATUS.DRAFT

  useEffect(() => {
    if (!record) {
      return
    }
    setValues({
      id: record.id,
      agreementNumber: str(record.agreementNumber),
      name: record.name,
      firstParty: str(record.firstParty),
      signingLocation: str(record.signingLocation),
      signingDate: str(record.signingDate),
      resultsSource: str(record.resultsSource),
      outcomeType: str(record.outcomeType),
      synopsis: str(record.synopsis),
      appraiseType: str(record.appraiseType),
      meetingType: str(record.meetingType),
      meetingTime: str(record.meetingTime),
      meetingVenue: str(record.meetingVenue),
      unitEntityList: record.unitEntityList.map((u) => rowOf(u)),
      peopleEntityList: record.peopleEntityList.map((p) => rowOf(p)),
      principal: record.principal ? rowOf(record.principal) : {},
    })
  }, [record])

  const set = <K extends keyof TValues>(key: K, value: TValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }))

  /** 暂存: the shared draft schema first (the first message as a warning), then the server. */
  const save = async (): Promise<string | null> => {
    const body = { ...values, id: currentId ?? undefined }
    const checked = ZResultsVOSubmitSchema.safeParse(body)
    if (!checked.success) {
      toast.warning(checked.error.issues[0]?.message ?? '')
      return null
    }
    setBusy(true)
    try {
      const saved = await appraiseApi.save(body)
      setCurrentId(saved.id)
      await queryClient.invalidateQueries({ queryKey: ['appraise-vo', saved.id] })
      toast.success(t('msg.operateSuccess'))
      return saved.id
    } catch {
      // The HTTP client has shown the server's message.
      return null
    } finally {
      setBusy(false)
    }
  }
  const submit = async () => {
    const savedId = await save()
    if (!savedId) {
      return
    }
    try {
      await appraiseApi.status(savedId, RESULTS_STATUS.PENDING)
    } catch {
      return
    }
    toast.success(t('msg.operateSuccess'))
    onClose()
  }

  /** Row deletion of spec section 5: a saved row is confirmed by name and removed on the server. */
  const removeSaved = async (message: string, call: () => Promise<unknown>) => {
    if (!(await confirm({ message }))) {
      return false
    }
    try {
      await call()
    } catch {
      return false
    }
    toast.success(t('msg.operateSuccess'))
    return true
  }
  const removeUnit = async (row: TRow) => {
    const removed = await removeSaved(t('appraise.removeUnit', { unit: row.unitName || row.id }), () =>
      appraiseApi.removeUnits([row.id!]),
    )
    if (removed) {
      // Its people keep their rows without a unit (the server cleared it too).
      setValues((v) => ({
        ...v,
        peopleEntityList: v.peopleEntityList.map((p) => (p.workUnit === row.id ? { ...p, workUnit: '' } : p)),
      }))
    }
    return removed
  }
  const removePerson = (row: TRow) =>
    removeSaved(t('appraise.removePerson', { name: row.name || row.id }), () =>
      appraiseApi.removePeople([row.id!]),
    )

  // Tabs whose calls the user may make; the others are hidden, not answered with 403 toasts. The
  // permission map holds button codes: a menu counts through its view button.
  const can = (...codes: string[]) => codes.some((c) => permissions[c] === true)
  const allowed: Record<string, boolean> = {
    equity: can('appraise_equity_view'),
    attach: can('appraise_attach_view', 'appraise_results_view'),
    meeting: can('appraise_meeting_view', 'appraise_meeting_create'),
    notice: can('appraise_notice_view', 'appraise_notice_create'),
    report: can('appraise_report_view', 'appraise_report_create'),
    experts: staff,
  }
  const tabs = (
    [
      ['basic', t('appraise.tab.basic')],
      ['principal', t('appraise.tab.principal')],
      ['units', t('appraise.tab.units')],
      ['people', t('appraise.tab.people')],
      ['equity', t('appraise.tab.equity')],
      ['attach', t('appraise.tab.attach')],
      ['meeting', t('appraise.tab.meeting')],
      ['notice', t('appraise.tab.notice')],
      ['report', t('appraise.tab.report')],
      ['experts', t('appraise.tab.experts')],
      ['dossier', t('appraise.tab.dossier')],
    ] as const
  ).filter(([key]) => allowed[key] !== false)
  const field = (
    key: keyof TValues,
    label: string,
    extra: { type?: string; span?: number; readOnly?: boolean } = {},
  ) => (
    <Grid size={{ xs: 12, md: extra.span ?? 6 }}>
      <TextField
        fullWidth
        size="small"
        label={label}
        type={extra.type}
        value={str(values[key])}
        onChange={(e) => set(key, e.target.value as never)}
        disabled={!canEdit || extra.readOnly}
        slotProps={extra.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
      />
    </Grid>
  )

  return (
    <Dialog open onClose={onClose} fullScreen>
      <DialogTitle>
        {values.name || t('appraise.add')}
        {record && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 2 }}>
            {RESULTS_STATUS_LABELS[status]}
            {record.totalScore !== null &&
              ` · ${t('appraise.totalScore')} ${record.totalScore} · ${record.grade}`}
          </Typography>
        )}
      </DialogTitle>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" sx={{ px: 2 }}>
        {tabs.map(([key, label]) => (
          <Tab key={key} value={key} label={label} disabled={!currentId && !APPLICATION_TABS.includes(key)} />
        ))}
      </Tabs>
      <DialogContent dividers>
        {!canEdit && APPLICATION_TABS.includes(tab) && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('appraise.readOnly')}
          </Alert>
        )}
        {tab === 'basic' && (
          <Grid container spacing={2}>
            {field('agreementNumber', t('appraise.field.agreementNumber'), { readOnly: !staff })}
            {field('name', t('appraise.field.name'))}
            {field('firstParty', t('appraise.field.firstParty'))}
            {field('signingLocation', t('appraise.field.signingLocation'))}
            {field('signingDate', t('appraise.field.signingDate'), { type: 'date' })}
            <Grid size={{ xs: 12, md: 6 }}>
              <DictSelect
                fullWidth
                size="small"
                code="achievement_type"
                label={t('appraise.field.outcomeType')}
                value={values.outcomeType}
                onChange={(v) => set('outcomeType', v)}
                disabled={!canEdit}
              />
            </Grid>
            {field('appraiseType', t('appraise.field.appraiseType'))}
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                select
                fullWidth
                size="small"
                label={t('appraise.field.meetingType')}
                value={values.meetingType}
                onChange={(e) => set('meetingType', e.target.value)}
                disabled={!canEdit}
              >
                <MenuItem value="1">{t('appraise.meetingTypes.online')}</MenuItem>
                <MenuItem value="2">{t('appraise.meetingTypes.offline')}</MenuItem>
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <DateField
                kind="datetime"
                name="meetingTime"
                label={t('appraise.field.meetingTime')}
                value={str(values.meetingTime)}
                onChange={(v) => set('meetingTime', v)}
                disabled={!canEdit}
              />
            </Grid>
            {field('meetingVenue', t('appraise.field.meetingVenue'))}
            <Grid size={12}>
              <RichTextEditor
                label={t('appraise.field.resultsSource')}
                value={values.resultsSource}
                onChange={(v) => set('resultsSource', v)}
                disabled={!canEdit}
              />
            </Grid>
            <Grid size={12}>
              <RichTextEditor
                label={t('appraise.field.synopsis')}
                value={values.synopsis}
                onChange={(v) => set('synopsis', v)}
                rows={5}
                disabled={!canEdit}
              />
            </Grid>
          </Grid>
        )}
        {tab === 'principal' && (
          <Grid container spacing={2}>
            {PRINCIPAL_FIELDS.map(([key, label]) => (
              <Grid key={key} size={{ xs: 12, md: 6 }}>
                <TextField
                  fullWidth
                  size="small"
                  label={t(`appraise.field.${label}`)}
                  value={values.principal[key] ?? ''}
                  onChange={(e) => set('principal', { ...values.principal, [key]: e.target.value })}
                  disabled={!canEdit}
                />
              </Grid>
            ))}
          </Grid>
        )}
        {tab === 'units' && (
          <Rows
            rows={values.unitEntityList}
            canEdit={canEdit}
            onChange={(rows) => set('unitEntityList', rows)}
            columns={UNIT_FIELDS.map(([key, label]) => [key, t(`appraise.field.${label}`)])}
            testId="unit"
            onRemoveSaved={removeUnit}
          />
        )}
        {tab === 'people' && (
          <Rows
            rows={values.peopleEntityList}
            canEdit={canEdit}
            onChange={(rows) => set('peopleEntityList', rows)}
            columns={[
              ['name', t('appraise.field.personName')],
              ['birthTime', t('appraise.field.birthTime')],
              ['jobName', t('appraise.field.jobName'), 'technical_title'],
              ['educationalLevel', t('appraise.field.educationalLevel'), 'educational_level'],
              [
                'workUnit',
                t('appraise.field.workUnit'),
                values.unitEntityList
                  .map((u) => u.id || u.unitName)
                  .filter(Boolean)
                  .join('|'),
              ],
              ['contribution', t('appraise.field.contribution')],
            ]}
            unitLabels={Object.fromEntries(
              values.unitEntityList.map((u) => [u.id || u.unitName, u.unitName]),
            )}
            testId="person"
            onRemoveSaved={removePerson}
          />
        )}
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
          <Button variant="outlined" disabled={busy} onClick={() => void save()}>
            {t('appraise.saveDraft')}
          </Button>
        )}
        {canEdit && !staff && APPLICATION_TABS.includes(tab) && (
          <Button variant="contained" disabled={busy} onClick={() => void submit()}>
            {t('appraise.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}

/** Editable rows (units, people); a third column entry names a dictionary, or `a|b` unit choices. */
const Rows = ({
  rows,
  columns,
  canEdit,
  onChange,
  unitLabels,
  testId,
  onRemoveSaved,
}: {
  rows: TRow[]
  columns: (readonly [string, string] | readonly [string, string, string])[]
  canEdit: boolean
  onChange: (rows: TRow[]) => void
  unitLabels?: Record<string, string>
  testId: string
  /** A saved row (with an id) is removed on the server first; false keeps it. */
  onRemoveSaved: (row: TRow) => Promise<boolean>
}) => {
  const { t } = useTranslation()
  const setCell = (i: number, key: string, value: string) =>
    onChange(rows.map((r, n) => (n === i ? { ...r, [key]: value } : r)))
  const control = (row: TRow, i: number, col: (typeof columns)[number]): ReactNode => {
    const [key, label, source] = col
    if (source && key === 'workUnit') {
      return (
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          value={row[key] ?? ''}
          onChange={(e) => setCell(i, key, e.target.value)}
          disabled={!canEdit}
        >
          {source
            .split('|')
            .filter(Boolean)
            .map((v) => (
              <MenuItem key={v} value={v}>
                {unitLabels?.[v] ?? v}
              </MenuItem>
            ))}
        </TextField>
      )
    }
    if (source) {
      return (
        <DictSelect
          fullWidth
          size="small"
          code={source}
          label={label}
          value={row[key]}
          onChange={(v) => setCell(i, key, v)}
          disabled={!canEdit}
        />
      )
    }
    return (
      <TextField
        fullWidth
        size="small"
        label={label}
        value={row[key] ?? ''}
        onChange={(e) => setCell(i, key, e.target.value)}
        disabled={!canEdit}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-${i}-${key}` } }}
      />
    )
  }
  return (
    <Stack spacing={1}>
      {rows.map((row, i) => (
        <Stack key={row.id || `new-${i}`} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {columns.map((col) => (
            <Box key={col[0]} sx={{ flex: 1 }}>
              {control(row, i, col)}
            </Box>
          ))}
          {canEdit && (
            <IconButton
              aria-label={t('appraise.remove')}
              data-testid={`${testId}-${i}-remove`}
              onClick={async () => {
                // An unsaved row is dropped without a call (spec section 5).
                if (row.id && !(await onRemoveSaved(row))) {
                  return
                }
                onChange(rows.filter((_r, n) => n !== i))
              }}
            >
              ×
            </IconButton>
          )}
        </Stack>
      ))}
      {canEdit && (
        <Box>
          <Button onClick={() => onChange([...rows, {}])} data-testid={`${testId}-add`}>
            {t('appraise.addRow')}
          </Button>
        </Box>
      )}
    </Stack>
  )
}

/** 附件: the application's files under the attachment categories (assort/list, 12–17 seeded). */
const FilesTab = ({ resultsId, canEdit }: { resultsId: string; canEdit: boolean }) => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  const assorts = useQuery({ queryKey: ['appraise-assorts'], queryFn: () => appraiseApi.assorts() })
  const files = useQuery({
    queryKey: ['appraise-files', resultsId],
    queryFn: () => appraiseApi.files(resultsId),
  })
  const upload = async (assortId: string, file: File | undefined) => {
    if (!file) {
      return
    }
    try {
      await appraiseApi.upload(resultsId, assortId, file)
    } catch {
      return
    }
    toast.success(t('msg.operateSuccess'))
    await files.refetch()
  }
  const remove = async (id: string) => {
    if (!(await confirm({ message: t('msg.deleteConfirm') }))) {
      return
    }
    try {
      await appraiseApi.removeFiles([id])
    } catch {
      return
    }
    toast.success(t('msg.deleteSuccess'))
    await files.refetch()
  }
  return (
    <Table size="small">
      <TableBody>
        {(assorts.data ?? []).map((assort) => (
          <TableRow key={assort.id}>
            <TableCell sx={{ width: 160 }}>{assort.name}</TableCell>
            <TableCell>
              {(files.data ?? [])
                .filter((f) => f.assortId === assort.id)
                .map((f) => (
                  <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Link href={fileUrl(f.link)} target="_blank" rel="noopener">
                      {f.name}
                    </Link>
                    {canEdit && (
                      <IconButton
                        size="small"
                        aria-label={t('appraise.remove')}
                        onClick={() => void remove(f.id)}
                      >
                        ×
                      </IconButton>
                    )}
                  </Stack>
                ))}
            </TableCell>
            <TableCell align="right">
              {canEdit && (
                <Button component="label" size="small">
                  {t('appraise.upload')}
                  <input hidden type="file" onChange={(e) => void upload(assort.id, e.target.files?.[0])} />
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

const ExpertsTab = ({ resultsId }: { resultsId: string }) => {
  const { t } = useTranslation()
  const indexes = useQuery({
    queryKey: ['appraise-indexes-staff', resultsId],
    queryFn: () => appraiseApi.indexes(resultsId),
  })
  const experts = useQuery({
    queryKey: ['appraise-pushed', resultsId],
    queryFn: () => appraiseApi.pushed(resultsId),
  })
  const names = experts.data?.map((e) => e.expertName) ?? []
  return (
    <Stack spacing={2}>
      <IndexSetEditor
        resultsId={resultsId}
        locked={(experts.data ?? []).some((e) => e.scored)}
        onSaved={() => void indexes.refetch()}
      />
      <Typography variant="body2">
        {(experts.data ?? [])
          .map((e) => `${e.expertName}（${e.scored ? t('appraise.scored') : t('appraise.notScored')}）`)
          .join('，')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('appraise.indexName')}</TableCell>
            <TableCell>{t('appraise.weight')}</TableCell>
            {names.map((n) => (
              <TableCell key={n}>{n}</TableCell>
            ))}
            <TableCell>{t('appraise.meanScore')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(indexes.data?.records ?? []).map((i) => (
            <TableRow key={i.id}>
              <TableCell>{i.name}</TableCell>
              <TableCell>{i.weight}</TableCell>
              {(experts.data ?? []).map((e) => (
                <TableCell key={e.id}>
                  {i.expertScores.find((s) => s.expertId === e.expertId)?.score ?? '—'}
                </TableCell>
              ))}
              <TableCell>{i.score ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography>
        {t('appraise.totalScore')}：{indexes.data?.totalScore ?? '—'} {t('appraise.grade')}：
        {indexes.data?.grade ?? '—'}
      </Typography>
    </Stack>
  )
}

/**
 * The dossier: every status change with its opinion, message, document, file, push and score of the
 * application in time order, with who and when (the zip download carries the same as an appendix).
 */
const DossierTab = ({ resultsId }: { resultsId: string }) => {
  const { t } = useTranslation()
  const events = useQuery({
    queryKey: ['appraise-dossier', resultsId],
    queryFn: () => appraiseApi.dossier(resultsId),
  })
  const [message, setMessage] = useState('')
  const [sending, setSending] = useState(false)
  const send = async () => {
    const checked = ZResultsMessageSchema.safeParse({ resultsId, content: message })
    if (!checked.success) {
      toast.warning(checked.error.issues[0]?.message ?? '')
      return
    }
    setSending(true)
    try {
      await appraiseApi.postMessage(resultsId, checked.data.content)
    } catch {
      // The HTTP client has shown the server's message.
      return
    } finally {
      setSending(false)
    }
    toast.success(t('msg.operateSuccess'))
    setMessage('')
    await events.refetch()
  }
  const rows = events.data ?? []
  return (
    <Stack spacing={2}>
      <Table size="small" aria-label={t('appraise.tab.dossier')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 170 }}>{t('appraise.dossier.time')}</TableCell>
            <TableCell sx={{ width: 120 }}>{t('appraise.dossier.user')}</TableCell>
            <TableCell sx={{ width: 110 }}>{t('appraise.dossier.kind')}</TableCell>
            <TableCell>{t('appraise.dossier.content')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((e) => (
            <TableRow key={e.id} data-testid={`dossier-${e.kind}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.createTime}</TableCell>
              <TableCell>{e.userName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {t(`appraise.event.${e.kind}`, { defaultValue: e.kind })}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{resultsEventText(e)}</TableCell>
            </TableRow>
          ))}
          {!events.isLoading && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>{t('appraise.dossier.empty')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          fullWidth
          label={t('appraise.message')}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          disabled={sending}
        />
        <Button variant="outlined" disabled={sending} onClick={() => void send()}>
          {t('appraise.send')}
        </Button>
      </Stack>
    </Stack>
  )
}
