import {
  Alert,
  Box,
  Button,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import {
  AGREEMENT_NUMBER_MAX,
  APPRAISE_DEFAULTS,
  ZMeetingDraftSchema,
  ZMeetingFormSchema,
  ZNoticeDraftSchema,
  ZNoticeFormSchema,
  ZReportDraftSchema,
  ZReportFormSchema,
} from '@ysjs/shared'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateField } from '@/components/date/DateField'
import { DictSelect } from '@/components/dict/DictSelect'
import { RichTextEditor } from '@/components/richtext/RichTextEditor'
import { toast } from '@/lib/notify'
import { appraiseApi, downloadDocument, fetchFile, type TFormKind } from './appraiseApi'

type TData = Record<string, unknown>

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const lines = (v: unknown) => (Array.isArray(v) ? v.map(str).join('\n') : str(v))
const toLines = (v: string) =>
  v
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)

const SCHEMAS = {
  notice: { draft: ZNoticeDraftSchema, full: ZNoticeFormSchema, create: 'notice/createNoticeFile' },
  report: { draft: ZReportDraftSchema, full: ZReportFormSchema, create: 'report/createReportFile' },
  meeting: { draft: ZMeetingDraftSchema, full: ZMeetingFormSchema, create: 'results/haveMeeting' },
} as const

/**
 * One of the application's forms (notice, report, meeting): the saved draft or the server's prefill,
 * 暂存 (only filled fields checked, nothing reset) and 生成 (every field checked, the docx made).
 */
const useDocForm = (kind: TFormKind, resultsId: string, onDone: () => void) => {
  const { t } = useTranslation()
  const form = useQuery({
    queryKey: ['appraise-form', kind, resultsId],
    queryFn: () => appraiseApi.formDetail(kind, resultsId),
  })
  const [data, setData] = useState<TData>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (form.data) {
      setData(form.data.data)
    }
  }, [form.data])
  const set = (key: string, value: unknown) => setData((d) => ({ ...d, [key]: value }))
  const body = () => ({ ...data, resultsId })
  const check = (full: boolean) => {
    const parsed = (full ? SCHEMAS[kind].full : SCHEMAS[kind].draft).safeParse(body())
    if (!parsed.success) {
      toast.warning(parsed.error.issues[0]?.message ?? '')
    }
    return parsed.success
  }
  const run = async (work: () => Promise<boolean>) => {
    setBusy(true)
    try {
      if (await work()) {
        toast.success(t('msg.operateSuccess'))
        await form.refetch()
        onDone()
      }
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }
  const saveDraft = () =>
    check(false) &&
    run(async () => {
      await appraiseApi.saveDraft(kind, body())
      return true
    })
  const generate = () => check(true) && run(() => fetchFile(SCHEMAS[kind].create, { body: body() }))
  return {
    data,
    set,
    busy,
    loaded: !!form.data,
    canEdit: form.data?.canEdit ?? false,
    generated: form.data?.generated ?? false,
    saveDraft,
    generate,
  }
}

type TForm = ReturnType<typeof useDocForm>

const Field = ({
  form,
  name,
  label,
  type,
  readOnly,
  maxLength,
  span = 6,
}: {
  form: TForm
  name: string
  label: string
  type?: 'date'
  readOnly?: boolean
  maxLength?: number
  span?: number
}) => (
  <Grid size={{ xs: 12, md: span }}>
    <TextField
      fullWidth
      size="small"
      label={label}
      type={type}
      value={str(form.data[name])}
      onChange={(e) => form.set(name, e.target.value)}
      disabled={!form.canEdit || readOnly}
      slotProps={{
        ...(type ? { inputLabel: { shrink: true } } : {}),
        htmlInput: { maxLength, 'data-testid': `form-${name}` },
      }}
    />
  </Grid>
)

const MeetingTypeSelect = ({ form, name = 'meetingType' }: { form: TForm; name?: string }) => {
  const { t } = useTranslation()
  return (
    <Grid size={{ xs: 12, md: 6 }}>
      <TextField
        select
        fullWidth
        size="small"
        label={t('appraise.field.meetingType')}
        value={str(form.data[name] ?? APPRAISE_DEFAULTS.MEETING_TYPE)}
        onChange={(e) => form.set(name, e.target.value)}
        disabled={!form.canEdit}
      >
        <MenuItem value="1">{t('appraise.meetingTypes.online')}</MenuItem>
        <MenuItem value="2">{t('appraise.meetingTypes.offline')}</MenuItem>
      </TextField>
    </Grid>
  )
}

const ListField = ({ form, name, label }: { form: TForm; name: string; label: string }) => {
  // The text as typed; the list the server takes is derived from it on every change.
  const [textValue, setTextValue] = useState<string | null>(null)
  return (
    <TextField
      label={label}
      multiline
      minRows={2}
      value={textValue ?? lines(form.data[name])}
      onChange={(e) => {
        setTextValue(e.target.value)
        form.set(name, toLines(e.target.value))
      }}
      disabled={!form.canEdit}
      slotProps={{ htmlInput: { 'data-testid': `form-${name}` } }}
    />
  )
}

const Rich = ({ form, name, label }: { form: TForm; name: string; label: string }) => (
  <RichTextEditor
    label={label}
    value={str(form.data[name])}
    onChange={(v) => form.set(name, v)}
    disabled={!form.canEdit}
  />
)

const Buttons = ({ form, kind, resultsId }: { form: TForm; kind: TFormKind; resultsId: string }) => {
  const { t } = useTranslation()
  const title = t(`appraise.document.${kind}`)
  return (
    <Stack direction="row" spacing={1}>
      {form.canEdit && (
        <>
          <Button variant="outlined" disabled={form.busy} onClick={() => void form.saveDraft()}>
            {t('appraise.saveDraft')}
          </Button>
          <Button variant="contained" disabled={form.busy} onClick={() => void form.generate()}>
            {t('appraise.generate')}
            {title}
          </Button>
        </>
      )}
      {form.generated && (
        <Button variant="outlined" onClick={() => void downloadDocument(resultsId, kind)}>
          {t('appraise.download')}
          {title}
        </Button>
      )}
    </Stack>
  )
}

const ReadOnlyHint = ({ form }: { form: TForm }) => {
  const { t } = useTranslation()
  return form.loaded && !form.canEdit ? <Alert severity="info">{t('appraise.formReadOnly')}</Alert> : null
}

type TTabProps = { resultsId: string; onDone: () => void }

/** 评价通知 (spec sections 3 and 5). */
export const NoticeTab = ({ resultsId, onDone }: TTabProps) => {
  const { t } = useTranslation()
  const form = useDocForm('notice', resultsId, onDone)
  const f = (name: string, extra: { type?: 'date'; label?: string; maxLength?: number } = {}) => (
    <Field
      form={form}
      name={name}
      label={extra.label ?? t(`appraise.field.${name}`)}
      type={extra.type}
      maxLength={extra.maxLength}
    />
  )
  return (
    <Stack spacing={2}>
      <ReadOnlyHint form={form} />
      <Grid container spacing={2}>
        {f('agreementNumber', { label: t('appraise.field.fileNumber'), maxLength: AGREEMENT_NUMBER_MAX })}
        {f('name', { label: t('appraise.field.outcomeName') })}
        {f('unit')}
        {f('evaluationDate', { type: 'date' })}
        {f('sendDate', { type: 'date' })}
        <MeetingTypeSelect form={form} />
        {f('meetingCode')}
        {f('contact')}
        {f('phone')}
      </Grid>
      <ListField form={form} name="list" label={t('appraise.field.list')} />
      <Buttons form={form} kind="notice" resultsId={resultsId} />
    </Stack>
  )
}

type TIndexRow = { name: string; weight: number; score: number | null }
type TUnitRow = { unitName: string; postcode: string | null; address: string | null; name: string | null }
type TPersonRow = {
  name: string
  birthTime: string | null
  workUnitName: string
  contribution: string | null
}

const SimpleTable = ({ head, rows, label }: { head: string[]; rows: ReactNode[][]; label: string }) => (
  <Stack spacing={0.5}>
    <Typography variant="subtitle2">{label}</Typography>
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in the server's order
          <TableRow key={i}>
            {r.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <TableCell key={j}>{c}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Stack>
)

const PRINCIPAL_GROUP = [
  ['unitName', 'unitName'],
  ['address', 'address'],
  ['agent', 'principalHead'],
  ['name', 'contact'],
  ['phone', 'phone'],
  ['fax', 'fax'],
  ['postcode', 'postcode'],
  ['personMail', 'personMail'],
] as const

/** 评价报告 (spec section 2): the form, with the scores, rows and principal group from the server. */
export const ReportTab = ({ resultsId, onDone }: TTabProps) => {
  const { t } = useTranslation()
  const form = useDocForm('report', resultsId, onDone)
  const d = form.data
  const times = (Array.isArray(d.times) ? d.times : ['', '']) as string[]
  const setTime = (i: number, v: string) =>
    form.set('times', i === 0 ? [v, times[1] ?? ''] : [times[0] ?? '', v])
  const f = (name: string, extra: { type?: 'date'; readOnly?: boolean; maxLength?: number } = {}) => (
    <Field form={form} name={name} label={t(`appraise.field.${name}`)} {...extra} />
  )
  const principal = (d.principal ?? {}) as Record<string, string | null>
  const index = (d.indexList ?? []) as TIndexRow[]
  const units = (d.unitList ?? []) as TUnitRow[]
  const people = (d.peopleList ?? []) as TPersonRow[]
  return (
    <Stack spacing={2}>
      <ReadOnlyHint form={form} />
      <Grid container spacing={2}>
        {/* Bound to the application's agreement number (spec section 2). */}
        {f('reportNum', { readOnly: true, maxLength: AGREEMENT_NUMBER_MAX })}
        {f('outcomeName')}
        <Grid size={{ xs: 12, md: 6 }}>
          <DictSelect
            fullWidth
            size="small"
            code="achievement_type"
            label={t('appraise.field.outcomeType')}
            value={str(d.outcomeType)}
            onChange={(v) => form.set('outcomeType', v)}
            disabled={!form.canEdit}
          />
        </Grid>
        {f('firstParty')}
        {f('commissionDate', { type: 'date' })}
        {f('appraiseType')}
        {f('appraiseUnit')}
        {f('completeDate', { type: 'date' })}
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack direction="row" spacing={1}>
            {[0, 1].map((i) => (
              <TextField
                key={i}
                fullWidth
                size="small"
                type="date"
                label={t(i === 0 ? 'appraise.field.timesFrom' : 'appraise.field.timesTo')}
                value={str(times[i])}
                onChange={(e) => setTime(i, e.target.value)}
                disabled={!form.canEdit}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ))}
          </Stack>
        </Grid>
      </Grid>
      <Rich form={form} name="projectSource" label={t('appraise.field.projectSource')} />
      <Rich form={form} name="statement" label={t('appraise.field.statement')} />
      <Rich form={form} name="technical" label={t('appraise.field.technical')} />
      <Rich form={form} name="sources" label={t('appraise.field.sources')} />
      <Rich form={form} name="conclusion" label={t('appraise.field.conclusion')} />
      <ListField form={form} name="list" label={t('appraise.field.list')} />

      <Typography variant="subtitle2">{t('appraise.principalGroup')}</Typography>
      <Grid container spacing={2}>
        {PRINCIPAL_GROUP.map(([key, label]) => (
          <Grid key={key} size={{ xs: 12, md: 3 }}>
            <TextField
              fullWidth
              size="small"
              label={t(`appraise.field.${label}`)}
              value={str(principal[key])}
              disabled
            />
          </Grid>
        ))}
      </Grid>

      <SimpleTable
        label={t('appraise.indexList')}
        head={[t('appraise.indexName'), t('appraise.weight'), t('appraise.meanScore')]}
        rows={[
          ...index.map((i) => [i.name, i.weight, i.score ?? '—']),
          [
            t('appraise.totalScore'),
            '',
            <span key="total" data-testid="report-total">
              {str(d.totalScore)} {str(d.grade)}
            </span>,
          ],
        ]}
      />
      <SimpleTable
        label={t('appraise.tab.units')}
        head={[
          t('appraise.field.companyName'),
          t('appraise.field.unitPostcode'),
          t('appraise.field.unitAddress'),
        ]}
        rows={units.map((u) => [u.unitName, u.postcode, u.address])}
      />
      <SimpleTable
        label={t('appraise.tab.people')}
        head={[
          t('appraise.field.personName'),
          t('appraise.field.birthTime'),
          t('appraise.field.workUnit'),
          t('appraise.field.contribution'),
        ]}
        rows={people.map((p) => [p.name, p.birthTime, p.workUnitName, p.contribution])}
      />
      <Buttons form={form} kind="report" resultsId={resultsId} />
    </Stack>
  )
}

type TLeader = { id?: string; name?: string; workUnit?: string; technical?: string | number }

/** 评价会 (spec section 2, the appraisal meeting form). */
export const MeetingTab = ({ resultsId, onDone }: TTabProps) => {
  const { t } = useTranslation()
  const form = useDocForm('meeting', resultsId, onDone)
  const d = form.data
  const leaders = (d.leaders ?? []) as TLeader[]
  const setLeader = (i: number, key: keyof TLeader, value: string) =>
    form.set(
      'leaders',
      leaders.map((l, n) => (n === i ? { ...l, [key]: value } : l)),
    )
  const units = (d.unitList ?? []) as TUnitRow[]
  return (
    <Stack spacing={2}>
      <ReadOnlyHint form={form} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            size="small"
            label={t('appraise.field.projectName')}
            value={str(d.projectName)}
            disabled
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DateField
            kind="datetime"
            name="meetingTime"
            label={t('appraise.field.meetingTime')}
            value={str(d.meetingTime)}
            onChange={(v) => form.set('meetingTime', v)}
            disabled={!form.canEdit}
          />
        </Grid>
        <MeetingTypeSelect form={form} />
        <Field form={form} name="meetingNo" label={t('appraise.field.meetingNo')} />
        <Field form={form} name="direct" label={t('appraise.field.direct')} />
      </Grid>
      <Rich form={form} name="meetingAgenda" label={t('appraise.field.meetingAgenda')} />
      <SimpleTable
        label={t('appraise.tab.units')}
        head={[t('appraise.field.companyName'), t('appraise.field.unitAddress'), t('appraise.field.contact')]}
        rows={units.map((u) => [u.unitName, u.address, u.name])}
      />
      <ListField form={form} name="enterpriseList" label={t('appraise.field.list')} />
      <Typography variant="subtitle2">{t('appraise.field.leaders')}</Typography>
      {leaders.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until the form is saved
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            label={t('appraise.field.personName')}
            value={str(l.name)}
            onChange={(e) => setLeader(i, 'name', e.target.value)}
            disabled={!form.canEdit}
            slotProps={{ htmlInput: { 'data-testid': `leader-${i}-name` } }}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            label={t('appraise.field.workUnit')}
            value={str(l.workUnit)}
            onChange={(e) => setLeader(i, 'workUnit', e.target.value)}
            disabled={!form.canEdit}
            slotProps={{ htmlInput: { 'data-testid': `leader-${i}-workUnit` } }}
            sx={{ flex: 2 }}
          />
          <Box sx={{ flex: 1 }}>
            <DictSelect
              fullWidth
              size="small"
              code="technical_title"
              label={t('appraise.field.jobName')}
              value={str(l.technical)}
              onChange={(v) => setLeader(i, 'technical', v)}
              disabled={!form.canEdit}
            />
          </Box>
          {form.canEdit && (
            <IconButton
              aria-label={t('appraise.remove')}
              onClick={() =>
                form.set(
                  'leaders',
                  leaders.filter((_l, n) => n !== i),
                )
              }
            >
              ×
            </IconButton>
          )}
        </Stack>
      ))}
      {form.canEdit && (
        <Box>
          <Button data-testid="leader-add" onClick={() => form.set('leaders', [...leaders, {}])}>
            {t('appraise.addRow')}
          </Button>
        </Box>
      )}
      <Buttons form={form} kind="meeting" resultsId={resultsId} />
    </Stack>
  )
}
