import AccountTreeIcon from '@mui/icons-material/AccountTree'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { type TLeaveRecord, taskUserOf, userIdOfTaskUser, ZLeaveStartSchema } from '@ysjs/shared'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import type { z } from 'zod'
import { FormDate, FormText } from '@/components/form/Fields'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { HeadRow } from '@/components/table/HeadRow'
import { navigateTo } from '@/lib/navigation'
import { toast } from '@/lib/notify'
import { useResourceMutation } from '@/lib/resource/hooks'
import { useSession } from '@/lib/session/session'
import { flowApi } from '../flowApi'
import { FlowTrackDialog } from './FlowTrackDialog'

/** The instance's steps (history-flow-list), without the sequence flows. */
const HistoryTable = ({ processInstanceId }: { processInstanceId: string }) => {
  const history = useQuery({
    queryKey: ['flow', 'history', processInstanceId],
    queryFn: () => flowApi.history(processInstanceId),
  })
  const steps = (history.data ?? []).filter(
    (h) => h.historyActivityType !== 'sequenceFlow' && h.historyActivityName,
  )
  return (
    <Table size="small" data-testid="flow-history">
      <HeadRow
        labels={[
          'flow.history.activity',
          'flow.history.assignee',
          'flow.history.start',
          'flow.history.end',
          'flow.history.duration',
          'flow.history.comment',
        ]}
      />
      <TableBody>
        {steps.map((h) => (
          <TableRow key={`${h.historyActivityId}-${h.createTime}-${h.endTime ?? ''}`}>
            <TableCell>{h.historyActivityName}</TableCell>
            <TableCell>{h.assigneeName ?? ''}</TableCell>
            <TableCell>{h.createTime}</TableCell>
            <TableCell>{h.endTime ?? ''}</TableCell>
            <TableCell>{h.historyActivityDurationTime}</TableCell>
            <TableCell>{h.comment ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

const Field = ({ label, value }: { label: string; value: string | number | null | undefined }) => (
  <Stack direction="row" spacing={2}>
    <Typography sx={{ width: 96, color: 'text.secondary' }}>{label}</Typography>
    <Typography data-testid={`leave-${label}`}>{value ?? ''}</Typography>
  </Stack>
)

const LeaveSummary = ({
  businessId,
  processInstanceId,
}: {
  businessId: string
  processInstanceId: string
}) => {
  const { t } = useTranslation()
  const [track, setTrack] = useState(false)
  const leave = useQuery({
    queryKey: ['flow', 'leave', businessId],
    queryFn: () => flowApi.leaveDetail(businessId),
  })
  const d = leave.data
  return (
    <Card>
      <CardHeader
        title={t('flow.leave.detailTitle')}
        action={
          <Button startIcon={<AccountTreeIcon />} onClick={() => setTrack(true)}>
            {t('flow.action.image')}
          </Button>
        }
      />
      <CardContent>
        <Stack spacing={1}>
          <Field label={t('flow.leave.applicant')} value={d?.flow.assigneeName} />
          <Field label={t('flow.leave.applyTime')} value={d?.applyTime} />
          <Field label={t('flow.leave.startTime')} value={d?.startTime} />
          <Field label={t('flow.leave.endTime')} value={d?.endTime} />
          <Field label={t('flow.leave.days')} value={d?.days} />
          <Field label={t('flow.leave.reason')} value={d?.reason} />
        </Stack>
        <Typography variant="subtitle1" sx={{ mt: 2 }}>
          {t('flow.leave.history')}
        </Typography>
        <HistoryTable processInstanceId={processInstanceId} />
      </CardContent>
      <FlowTrackDialog target={track ? { processInstanceId } : null} onClose={() => setTrack(false)} />
    </Card>
  )
}

type TLeaveValues = z.input<typeof ZLeaveStartSchema>
type TLeaveStart = z.infer<typeof ZLeaveStartSchema>

/** The leave's form, checked with the server's own schema (same messages, under each field). */
const useLeaveForm = (initial: TLeaveValues) => useZodForm(ZLeaveStartSchema, { defaultValues: initial })

const LeaveFields = () => {
  const { t } = useTranslation()
  const users = useQuery({ queryKey: ['flow', 'users'], queryFn: flowApi.userList })
  return (
    <>
      <FormText
        name="taskUser"
        select
        label={t('flow.leave.taskUser')}
        htmlInput={{ 'data-testid': 'leave-task-user' }}
      >
        {(users.data ?? []).map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {u.realName ?? u.account} ({u.account})
          </MenuItem>
        ))}
      </FormText>
      <FormDate kind="datetime" name="startTime" label={t('flow.leave.startTime')} />
      <FormDate kind="datetime" name="endTime" label={t('flow.leave.endTime')} />
      <FormText name="reason" label={t('flow.leave.reason')} multiline rows={3} />
    </>
  )
}

/** `/work/process/leave/form/{processDefinitionId}`: the leave request. */
export const LeaveFormPage = () => {
  const { t } = useTranslation()
  const { processDefinitionId = '' } = useParams()
  const form = useLeaveForm({ processDefinitionId, taskUser: '', startTime: '', endTime: '', reason: '' })
  const start = useResourceMutation((body: TLeaveStart) => flowApi.leaveStart(body), {
    onSuccess: () => navigateTo('/work/send'),
  })
  const busy = start.busy
  return (
    <Card sx={{ maxWidth: 720 }}>
      <CardHeader title={t('flow.leave.title')} />
      <CardContent>
        <ZodFormProvider form={form}>
          <Stack
            spacing={2}
            component="form"
            noValidate
            onSubmit={form.submit((body) => start.runOrThrow(body))}
          >
            <LeaveFields />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={busy}>
                {t('flow.action.submit')}
              </Button>
              <Button onClick={() => navigateTo('/work/start')}>{t('flow.action.back')}</Button>
            </Stack>
          </Stack>
        </ZodFormProvider>
      </CardContent>
    </Card>
  )
}

/** Completes the task in hand (after `before`, e.g. the adjusted leave saved), then back to 待办. */
const useCompleteTask = (taskId: string, processInstanceId: string) => {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const complete = async (fields: { comment: string; flag?: string }, before?: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await before?.()
      await flowApi.complete({ taskId, processInstanceId, ...fields })
      toast.success(t('msg.operateSuccess'))
      navigateTo('/work/todo')
    } finally {
      setBusy(false)
    }
  }
  return { busy, complete }
}

/** A step of the leave in hand: what it shows, the comment, its two actions and 返回. */
const TaskStepCard = ({
  title,
  testId,
  comment,
  children,
  actions,
}: {
  title: string
  testId?: string
  comment: { value: string; onChange: (value: string) => void; error?: string; required?: boolean }
  children?: ReactNode
  actions: ReactNode
}) => {
  const { t } = useTranslation()
  return (
    <Card data-testid={testId}>
      <CardHeader title={title} />
      <CardContent>
        <Stack spacing={2}>
          {children}
          <TextField
            label={t('flow.leave.comment')}
            value={comment.value}
            onChange={(e) => comment.onChange(e.target.value)}
            error={!!comment.error}
            helperText={comment.error}
            required={comment.required}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { name: 'comment' } }}
          />
          <Stack direction="row" spacing={1}>
            {actions}
            <Button onClick={() => navigateTo('/work/todo')}>{t('flow.action.back')}</Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  )
}

/**
 * The applicant's 调整申请 step (contract 10.3): edit the leave (dates, reason, approver) and
 * resubmit it to the first approval, or withdraw it (the process ends).
 */
const LeaveAdjust = ({
  leave,
  taskId,
  processInstanceId,
}: {
  leave: TLeaveRecord
  taskId: string
  processInstanceId: string
}) => {
  const { t } = useTranslation()
  const form = useLeaveForm({
    id: leave.id,
    processDefinitionId: leave.processDefinitionId ?? '',
    taskUser: userIdOfTaskUser(leave.taskUser) ?? '',
    startTime: leave.startTime ?? '',
    endTime: leave.endTime ?? '',
    reason: leave.reason ?? '',
  })
  const [comment, setComment] = useState('')
  const { busy, complete } = useCompleteTask(taskId, processInstanceId)
  const act = (resubmit: boolean, body: TLeaveStart | null) =>
    complete(
      {
        comment: comment.trim() || t(resubmit ? 'flow.leave.resubmitComment' : 'flow.leave.withdrawComment'),
        ...(resubmit ? { flag: 'ok' } : {}),
      },
      body ? () => flowApi.leaveStart(body) : undefined,
    )
  return (
    <TaskStepCard
      title={t('flow.leave.adjustTitle')}
      testId="leave-adjust"
      comment={{ value: comment, onChange: setComment }}
      actions={
        <>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void form.submit((body) => act(true, body))()}
          >
            {t('flow.action.resubmit')}
          </Button>
          <Button variant="contained" color="error" disabled={busy} onClick={() => void act(false, null)}>
            {t('flow.action.withdraw')}
          </Button>
        </>
      }
    >
      <ZodFormProvider form={form}>
        <LeaveFields />
      </ZodFormProvider>
    </TaskStepCard>
  )
}

/** `/work/process/leave/handle/{taskId}/{processInstanceId}/{businessId}`: approve or reject with a comment. */
export const LeaveHandlePage = () => {
  const { t } = useTranslation()
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams()
  const me = useSession((s) => String(s.user?.user_id ?? ''))
  const leave = useQuery({
    queryKey: ['flow', 'leave', businessId],
    queryFn: () => flowApi.leaveDetail(businessId),
  })
  const [comment, setComment] = useState('')
  const [error, setError] = useState('')
  const { busy, complete: completeTask } = useCompleteTask(taskId, processInstanceId)
  const d = leave.data
  // The task in hand is the applicant's own (调整申请): they adjust or withdraw, not approve.
  const adjusting =
    !!d && d.flow.taskId === taskId && d.flow.assignee === taskUserOf(me) && String(d.createUser) === me
  const complete = async (flag?: string) => {
    if (!comment.trim()) {
      setError(t('flow.leave.commentRequired'))
      return
    }
    setError('')
    await completeTask({ comment: comment.trim(), ...(flag ? { flag } : {}) })
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <LeaveSummary businessId={businessId} processInstanceId={processInstanceId} />
      {d && adjusting && <LeaveAdjust leave={d} taskId={taskId} processInstanceId={processInstanceId} />}
      {d && !adjusting && (
        <TaskStepCard
          title={t('flow.leave.handleTitle')}
          comment={{ value: comment, onChange: setComment, error, required: true }}
          actions={
            <>
              <Button variant="contained" color="success" disabled={busy} onClick={() => void complete('ok')}>
                {t('flow.action.approve')}
              </Button>
              <Button variant="contained" color="error" disabled={busy} onClick={() => void complete()}>
                {t('flow.action.reject')}
              </Button>
            </>
          }
        />
      )}
    </Stack>
  )
}

/** `/work/process/leave/detail/{processInstanceId}/{businessId}`. */
export const LeaveDetailPage = () => {
  const { processInstanceId = '', businessId = '' } = useParams()
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <LeaveSummary businessId={businessId} processInstanceId={processInstanceId} />
    </Stack>
  )
}
