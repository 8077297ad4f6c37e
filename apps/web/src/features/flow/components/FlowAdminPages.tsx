import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { FlowMsg, type TFlowModel, type TPage } from '@ysjs/shared'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { ListPager } from '@/components/crud/ListPager'
import { useListState } from '@/components/crud/useListState'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { flowApi, type TPaging } from '../flowApi'
import { categoryLabel, useFlowCategories } from '../useFlowCategories'
import { BpmnModelerDialog } from './BpmnModelerDialog'
import { FlowSearch, type TFlowSearchField } from './FlowSearch'
import { FlowTrackDialog } from './FlowTrackDialog'

/** Process categories (dictionary `flow`) to pick from; the first one by default. */
const CategoryField = ({ value, onChange }: { value: string; onChange: (v: string) => void }) => {
  const { t } = useTranslation()
  const categories = useFlowCategories()
  return (
    <TextField
      select
      label={t('flow.model.category')}
      value={categories.some((c) => c.value === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      required
      slotProps={{ htmlInput: { name: 'category' } }}
    >
      {categories.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  )
}

/** Tenants a deployment is bound to: none is a common deployment (contract 10.1 mode 1). */
const TenantsField = ({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) => {
  const { t } = useTranslation()
  const tenants = useQuery({ queryKey: ['flow', 'tenants'], queryFn: flowApi.tenantSelect })
  return (
    <TextField
      select
      label={t('flow.model.tenantIds')}
      helperText={t('flow.model.tenantHint')}
      value={value}
      onChange={(e) => {
        const v = e.target.value as unknown as string[] | string
        onChange(typeof v === 'string' ? v.split(',').filter(Boolean) : v)
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) =>
            (selected as string[])
              .map((id) => tenants.data?.find((x) => x.tenantId === id)?.tenantName ?? id)
              .join(', '),
        },
        htmlInput: { name: 'tenantIds' },
      }}
    >
      {(tenants.data ?? []).map((x) => (
        <MenuItem key={x.tenantId} value={x.tenantId}>
          {x.tenantName} ({x.tenantId})
        </MenuItem>
      ))}
    </TextField>
  )
}

type TColumn<R> = { label: string; render: (row: R) => ReactNode }

/** A paged table with a toolbar: the administration screens are small lists with row buttons. */
const PagedTable = <R,>(props: {
  queryKey: unknown[]
  load: (q: TPaging & { [filter: string]: string | number }) => Promise<TPage<R>>
  columns: TColumn<R>[]
  rowKey: (row: R) => string
  actions: (row: R, reload: () => void) => ReactNode
  toolbar?: (reload: () => void) => ReactNode
  /** Filters, kept in the URL with the page (list state lives in the URL). */
  search?: TFlowSearchField[]
  testId: string
}) => {
  const { t } = useTranslation()
  const fields = props.search ?? []
  const state = useListState(
    '',
    fields.flatMap((f) => (f === 'dates' ? ['beginDate', 'endDate'] : [f])),
  )
  const filters = Object.fromEntries(Object.entries(state.search).filter(([, v]) => v !== ''))
  const list = useQuery({
    queryKey: [...props.queryKey, state.current, state.size, filters],
    queryFn: () => props.load({ current: state.current, size: state.size, ...filters }),
    placeholderData: keepPreviousData,
  })
  const reload = () => void list.refetch()
  const rows = list.data?.records ?? []
  return (
    <Paper sx={{ p: 2 }}>
      {props.toolbar && (
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          {props.toolbar(reload)}
        </Stack>
      )}
      {fields.length > 0 && <FlowSearch fields={fields} values={state.search} onSearch={state.setSearch} />}
      <Table size="small" data-testid={props.testId}>
        <TableHead>
          <TableRow>
            {props.columns.map((c) => (
              <TableCell key={c.label}>{c.label}</TableCell>
            ))}
            <TableCell>{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={props.columns.length + 1} align="center">
                {t('flow.empty')}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={props.rowKey(row)} hover>
              {props.columns.map((c) => (
                <TableCell key={c.label}>{c.render(row)}</TableCell>
              ))}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{props.actions(row, reload)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ListPager
        total={list.data?.total ?? 0}
        current={state.current}
        size={state.size}
        onChange={state.setPage}
      />
    </Paper>
  )
}

const DeployDialog = ({ model, onClose }: { model: TFlowModel; onClose: () => void }) => {
  const { t } = useTranslation()
  const [category, setCategory] = useState('flow_1')
  const [tenantIds, setTenantIds] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const deploy = async () => {
    if (!category) {
      toast.warning(FlowMsg.CATEGORY)
      return
    }
    setBusy(true)
    try {
      await flowApi.modelDeploy({
        modelId: model.id,
        category,
        ...(tenantIds.length ? { tenantIds: tenantIds.join(',') } : {}),
      })
      toast.success(t('msg.operateSuccess'))
      onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        {t('flow.action.deploy')} · {model.name}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <CategoryField value={category} onChange={setCategory} />
          <TenantsField value={tenantIds} onChange={setTenantIds} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('flow.action.back')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void deploy()}>
          {t('flow.action.deploy')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** 模型管理: models, edited in the bpmn-js modeler, deployed per tenant. */
export const FlowModelPage = () => {
  const { t } = useTranslation()
  const can = useSession((s) => s.permissions)
  const confirm = useConfirm()
  const [editing, setEditing] = useState<TFlowModel | 'new' | null>(null)
  const [deploying, setDeploying] = useState<TFlowModel | null>(null)
  const [reloadList, setReloadList] = useState<() => void>(() => () => {})
  const download = async (m: TFlowModel) => {
    const full = await flowApi.modelDetail(m.id)
    const url = URL.createObjectURL(new Blob([full.xml ?? ''], { type: 'text/xml' }))
    const a = document.createElement('a')
    a.href = url
    a.download = `${m.modelKey}.bpmn20.xml`
    a.click()
    URL.revokeObjectURL(url)
  }
  return (
    <>
      <PagedTable<TFlowModel>
        testId="flow-models"
        queryKey={['flow', 'models']}
        load={flowApi.modelList}
        search={['name', 'modelKey']}
        rowKey={(m) => m.id}
        columns={[
          { label: t('flow.model.name'), render: (m) => m.name },
          { label: t('flow.model.key'), render: (m) => m.modelKey },
          { label: t('flow.col.version'), render: (m) => m.version },
          { label: t('flow.model.updated'), render: (m) => m.lastUpdated },
        ]}
        toolbar={(reload) =>
          can.flow_model_create && (
            <Button
              variant="contained"
              onClick={() => {
                setReloadList(() => reload)
                setEditing('new')
              }}
            >
              {t('flow.action.create')}
            </Button>
          )
        }
        actions={(m, reload) => (
          <>
            {can.flow_model_update && (
              <Button
                size="small"
                onClick={() => {
                  setReloadList(() => reload)
                  setEditing(m)
                }}
              >
                {t('flow.action.edit')}
              </Button>
            )}
            {can.flow_model_deploy && (
              <Button size="small" onClick={() => setDeploying(m)}>
                {t('flow.action.deploy')}
              </Button>
            )}
            {can.flow_model_download && (
              <Button size="small" onClick={() => void download(m)}>
                {t('flow.action.download')}
              </Button>
            )}
            {can.flow_model_delete && (
              <Button
                size="small"
                color="error"
                onClick={async () => {
                  if (await confirm({ message: t('msg.deleteConfirm') })) {
                    await flowApi.modelRemove(m.id)
                    toast.success(t('msg.deleteSuccess'))
                    reload()
                  }
                }}
              >
                {t('flow.action.remove')}
              </Button>
            )}
          </>
        )}
      />
      {editing && (
        <BpmnModelerDialog
          model={editing}
          onClose={(saved) => {
            setEditing(null)
            if (saved) {
              reloadList()
            }
          }}
        />
      )}
      {deploying && <DeployDialog model={deploying} onClose={() => setDeploying(null)} />}
    </>
  )
}

/** 流程部署: upload `.bpmn` / `.bpmn20.xml` files for a category and tenants. */
export const FlowDeployPage = () => {
  const { t } = useTranslation()
  const [category, setCategory] = useState('flow_1')
  const [tenantIds, setTenantIds] = useState<string[]>([])
  const [files, setFiles] = useState<File[]>([])
  const [busy, setBusy] = useState(false)
  const upload = async () => {
    if (!category) {
      toast.warning(FlowMsg.CATEGORY)
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
      await flowApi.deployUpload(form)
      toast.success(t('msg.operateSuccess'))
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
          <CategoryField value={category} onChange={setCategory} />
          <TenantsField value={tenantIds} onChange={setTenantIds} />
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

/** 部署管理: the latest version of each definition; activate, suspend, diagram, delete. */
export const FlowManagerPage = () => {
  const { t } = useTranslation()
  const can = useSession((s) => s.permissions)
  const confirm = useConfirm()
  const categories = useFlowCategories()
  // Contract 10.1 mode, in the URL beside the list's page and filters.
  const modeState = useListState('', ['mode'])
  const mode = modeState.search.mode === '2' ? 2 : 1
  const setMode = (v: number) => modeState.setSearch({ mode: v === 2 ? '2' : '' })
  const [track, setTrack] = useState<{ processDefinitionId: string } | null>(null)
  return (
    <>
      <PagedTable
        testId="flow-manager"
        queryKey={['flow', 'manager', mode]}
        load={(q) => flowApi.managerList({ ...q, mode })}
        search={['category']}
        rowKey={(d) => d.id}
        toolbar={() => (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_, v: number | null) => v && setMode(v)}
          >
            <ToggleButton value={1}>{t('flow.mode.common')}</ToggleButton>
            <ToggleButton value={2}>{t('flow.mode.custom')}</ToggleButton>
          </ToggleButtonGroup>
        )}
        columns={[
          { label: t('flow.col.tenant'), render: (d) => d.tenantId },
          { label: t('flow.col.name'), render: (d) => d.name },
          { label: t('flow.col.key'), render: (d) => d.key },
          {
            label: t('flow.col.category'),
            render: (d) => categoryLabel(categories, d.category, d.categoryName),
          },
          { label: t('flow.col.version'), render: (d) => `v${d.version}` },
          {
            label: t('flow.col.state'),
            render: (d) => t(d.suspensionState === 1 ? 'flow.active' : 'flow.suspended'),
          },
          { label: t('flow.col.deploymentTime'), render: (d) => d.deploymentTime },
        ]}
        actions={(d, reload) => (
          <>
            {can.flow_manager_state && (
              <Button
                size="small"
                onClick={async () => {
                  await flowApi.changeState(d.id, d.suspensionState === 1 ? 'suspend' : 'active')
                  toast.success(t('msg.operateSuccess'))
                  reload()
                }}
              >
                {t(d.suspensionState === 1 ? 'flow.action.suspend' : 'flow.action.active')}
              </Button>
            )}
            {can.flow_manager_image && (
              <Button size="small" onClick={() => setTrack({ processDefinitionId: d.id })}>
                {t('flow.action.image')}
              </Button>
            )}
            {can.flow_manager_remove && (
              <Button
                size="small"
                color="error"
                onClick={async () => {
                  if (await confirm({ message: t('msg.deleteConfirm') })) {
                    await flowApi.deleteDeployment(d.deploymentId)
                    toast.success(t('msg.deleteSuccess'))
                    reload()
                  }
                }}
              >
                {t('flow.action.remove')}
              </Button>
            )}
          </>
        )}
      />
      <FlowTrackDialog target={track} onClose={() => setTrack(null)} />
    </>
  )
}

/** 流程监控: running instances; diagram and delete with a reason. */
export const FlowFollowPage = () => {
  const { t } = useTranslation()
  const can = useSession((s) => s.permissions)
  const [track, setTrack] = useState<{ processInstanceId: string } | null>(null)
  const [deleting, setDeleting] = useState<{ id: string; reload: () => void } | null>(null)
  const [reason, setReason] = useState('')
  return (
    <>
      <PagedTable
        testId="flow-follow"
        queryKey={['flow', 'follow']}
        load={flowApi.followList}
        search={['processInstanceId', 'processDefinitionKey']}
        rowKey={(r) => r.id}
        columns={[
          { label: t('flow.col.instance'), render: (r) => r.processInstanceId },
          { label: t('flow.col.tenant'), render: (r) => r.tenantId },
          { label: t('flow.col.category'), render: (r) => r.categoryName ?? r.category },
          { label: t('flow.col.name'), render: (r) => r.name },
          { label: t('flow.col.startUser'), render: (r) => r.startUser },
          { label: t('flow.col.taskName'), render: (r) => r.taskName ?? r.taskDefinitionKey },
          { label: t('flow.col.createTime'), render: (r) => r.startTime },
        ]}
        actions={(r, reload) => (
          <>
            <Button size="small" onClick={() => setTrack({ processInstanceId: r.processInstanceId })}>
              {t('flow.action.image')}
            </Button>
            {can.flow_follow_delete && (
              <Button
                size="small"
                color="error"
                onClick={() => setDeleting({ id: r.processInstanceId, reload })}
              >
                {t('flow.action.remove')}
              </Button>
            )}
          </>
        )}
      />
      <FlowTrackDialog target={track} onClose={() => setTrack(null)} />
      {deleting && (
        <Dialog open onClose={() => setDeleting(null)} fullWidth maxWidth="xs">
          <DialogTitle>{t('common.tip')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('msg.deleteConfirm')}</DialogContentText>
            <TextField
              sx={{ mt: 1 }}
              fullWidth
              label={t('flow.deleteReason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button
              color="error"
              variant="contained"
              onClick={async () => {
                if (!reason.trim()) {
                  toast.warning(FlowMsg.DELETE_REASON)
                  return
                }
                await flowApi.deleteInstance(deleting.id, reason.trim())
                toast.success(t('msg.deleteSuccess'))
                deleting.reload()
                setDeleting(null)
                setReason('')
              }}
            >
              {t('common.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  )
}
