import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PERMISSIONS } from '@ysjs/shared'
import {
  expandWorkCalendarFile,
  WORK_CALENDAR_KIND_LABELS,
  WorkCalendarKind,
  ZWorkCalendarSubmitSchema,
} from '@ysjs/shared/job'
import { type ChangeEvent, useRef, useState } from 'react'
import { useFieldArray } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { FormText } from '@/components/form/Fields'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { HeadRow } from '@/components/table/HeadRow'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { type TCalendarCheck, type TCalendarDayRow, workCalendarApi } from '../jobApi'

const KEY = ['work-calendar']

/** One year's days in an editable table; saved whole (the API replaces the year). */
const YearDialog = ({
  year: initialYear,
  days: initialDays,
  fresh,
  onClose,
}: {
  year: number
  days: TCalendarDayRow[]
  fresh: boolean
  onClose: (saved: boolean) => void
}) => {
  const { t } = useTranslation()
  const form = useZodForm(ZWorkCalendarSubmitSchema, {
    defaultValues: {
      year: String(initialYear),
      days: initialDays.map(({ date, kind, name }) => ({ date, kind, name })),
    },
  })
  const days = useFieldArray({ control: form.control, name: 'days' })
  const year = form.watch('year')
  const save = form.submit(async (checked) => {
    await workCalendarApi.submit(checked.year, checked.days)
    toast.success(t('msg.operateSuccess'))
    onClose(true)
  })
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="md" fullWidth>
      <DialogTitle>
        {t('job.calendar.editYear')} {fresh ? '' : String(year)}
      </DialogTitle>
      <DialogContent>
        <ZodFormProvider form={form}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {fresh && <FormText name="year" label={t('job.calendar.year')} sx={{ width: 160 }} />}
            <Table size="small" data-testid="calendar-days">
              <HeadRow
                labels={['job.calendar.date', 'job.calendar.kind', 'job.calendar.name']}
                trail={<TableCell />}
              />
              <TableBody>
                {days.fields.map((d, i) => (
                  <TableRow key={d.id}>
                    <TableCell>
                      <FormText name={`days.${i}.date`} label="" placeholder="yyyy-MM-dd" />
                    </TableCell>
                    <TableCell>
                      <FormText name={`days.${i}.kind`} label="" select parse={Number} sx={{ minWidth: 140 }}>
                        {Object.entries(WORK_CALENDAR_KIND_LABELS).map(([k, label]) => (
                          <MenuItem key={k} value={k}>
                            {label}
                          </MenuItem>
                        ))}
                      </FormText>
                    </TableCell>
                    <TableCell>
                      <FormText name={`days.${i}.name`} label="" />
                    </TableCell>
                    <TableCell>
                      <IconButton aria-label={t('common.delete')} onClick={() => days.remove(i)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Box>
              <Button
                startIcon={<AddIcon />}
                onClick={() => days.append({ date: `${year}-`, kind: WorkCalendarKind.HOLIDAY, name: '' })}
              >
                {t('job.calendar.addDay')}
              </Button>
            </Box>
          </Stack>
        </ZodFormProvider>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} {...keepFocus}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** Is a day a working day, its next working day and n working days later (the service other modules use). */
const CheckBox = () => {
  const { t } = useTranslation()
  const [date, setDate] = useState('')
  const [n, setN] = useState('1')
  const [answer, setAnswer] = useState<TCalendarCheck | null>(null)
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <TextField
          size="small"
          label={t('job.calendar.date')}
          placeholder="yyyy-MM-dd"
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
        <TextField
          size="small"
          label={t('job.calendar.n')}
          value={n}
          onChange={(e) => setN(e.target.value)}
          sx={{ width: 120 }}
        />
        <Button
          variant="outlined"
          onClick={() => void workCalendarApi.check(date, Number(n) || 0).then(setAnswer)}
        >
          {t('job.calendar.check')}
        </Button>
        {answer && (
          <Typography data-testid="calendar-check">
            {answer.date} {answer.workingDay ? t('job.calendar.working') : t('job.calendar.off')}
            {answer.name ? ` (${answer.name})` : ''} · {t('job.calendar.next')} {answer.nextWorkingDay} ·{' '}
            {t('job.calendar.plus', { n })} {answer.addWorkingDays}
            {answer.covered ? '' : ` · ${t('job.calendar.uncovered')}`}
          </Typography>
        )}
      </Stack>
    </Paper>
  )
}

/** 工作日历: the years loaded, upload of a yearly data file, editing a year day by day, removal. */
export const WorkCalendarPage = () => {
  const { t } = useTranslation()
  const permissions = useSession((s) => s.permissions)
  const confirm = useConfirm()
  const client = useQueryClient()
  const years = useQuery({ queryKey: KEY, queryFn: workCalendarApi.years })
  const [editing, setEditing] = useState<{ year: number; days: TCalendarDayRow[]; fresh: boolean } | null>(
    null,
  )
  const file = useRef<HTMLInputElement>(null)
  const refresh = () => void client.invalidateQueries({ queryKey: KEY })

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0]
    e.target.value = ''
    if (!f) {
      return
    }
    let json: unknown
    try {
      json = JSON.parse(await f.text())
    } catch {
      toast.error(t('job.calendar.badFile'))
      return
    }
    const expanded = expandWorkCalendarFile(json)
    if (!expanded.ok) {
      toast.error(expanded.message)
      return
    }
    const { year, days } = expanded.value
    const exists = years.data?.some((y) => y.year === year)
    if (exists && !(await confirm({ message: t('job.calendar.replaceConfirm', { year }) }))) {
      return
    }
    await workCalendarApi.submit(year, days)
    toast.success(t('job.calendar.uploaded', { year, count: days.length }))
    refresh()
  }
  const edit = async (year: number) => {
    const detail = await workCalendarApi.detail(year)
    setEditing({ year, days: detail.days, fresh: false })
  }
  const remove = async (year: number) => {
    if (!(await confirm({ message: t('msg.deleteConfirm') }))) {
      return
    }
    await workCalendarApi.remove([year])
    refresh()
  }
  const canEdit = !!permissions[PERMISSIONS.jobCalendarEdit]
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('job.calendar.intro')}
      </Typography>
      {canEdit && (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => file.current?.click()}>
            {t('job.calendar.upload')}
          </Button>
          <Button
            startIcon={<AddIcon />}
            onClick={() => setEditing({ year: new Date().getFullYear() + 1, days: [], fresh: true })}
          >
            {t('job.calendar.addYear')}
          </Button>
          <input
            ref={file}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="calendar-file"
            onChange={(e) => void upload(e)}
          />
        </Stack>
      )}
      <Paper variant="outlined">
        <Table size="small" data-testid="calendar-years">
          <HeadRow
            labels={[
              'job.calendar.year',
              'job.calendar.holidays',
              'job.calendar.workdays',
              'job.calendar.updateTime',
              'common.actions',
            ]}
          />
          <TableBody>
            {(years.data ?? []).map((y) => (
              <TableRow key={y.year} hover>
                <TableCell>{y.year}</TableCell>
                <TableCell>{y.holidays}</TableCell>
                <TableCell>{y.workdays}</TableCell>
                <TableCell>{y.updateTime ?? ''}</TableCell>
                <TableCell>
                  <Button size="small" startIcon={<EditIcon />} onClick={() => void edit(y.year)}>
                    {canEdit ? t('common.edit') : t('common.view')}
                  </Button>
                  {permissions[PERMISSIONS.jobCalendarDelete] && (
                    <Button size="small" color="error" onClick={() => void remove(y.year)}>
                      {t('common.delete')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <CheckBox />
      {editing && (
        <YearDialog
          year={editing.year}
          days={editing.days}
          fresh={editing.fresh}
          onClose={(saved) => {
            setEditing(null)
            if (saved) {
              refresh()
            }
          }}
        />
      )}
    </Stack>
  )
}
