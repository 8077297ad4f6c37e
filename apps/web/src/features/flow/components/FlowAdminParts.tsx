import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { FlowMsg, type TPage } from '@ysjs/shared'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { useListState } from '@/components/crud/useListState'
import { PagedTable } from '@/components/page/PagedTable'
import { toast } from '@/lib/notify'
import { flowApi, type TPaging } from '../flowApi'
import { useFlowCategories } from '../useFlowCategories'
import { FlowSearch, type TFlowSearchField } from './FlowSearch'

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
        // A multiple select answers its list (typed as its value's string).
        const v: unknown = e.target.value
        onChange(Array.isArray(v) ? v.map(String) : String(v).split(',').filter(Boolean))
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

/**
 * Where a deployment goes: its category (flow_1 first) and tenants, their two fields, and `ready()`, false
 * (with the warning) while no category is chosen.
 */
export const useDeployTarget = () => {
  const [category, setCategory] = useState('flow_1')
  const [tenantIds, setTenantIds] = useState<string[]>([])
  const ready = () => {
    if (!category) {
      toast.warning(FlowMsg.CATEGORY)
    }
    return !!category
  }
  const fields = (
    <>
      <CategoryField value={category} onChange={setCategory} />
      <TenantsField value={tenantIds} onChange={setTenantIds} />
    </>
  )
  return { category, tenantIds, ready, fields }
}

export type TColumn<R> = { label: string; render: (row: R) => ReactNode }

/** A paged table with a toolbar: the administration screens are small lists with row buttons. */
export const FlowAdminTable = <R,>(props: {
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
      <PagedTable
        testId={props.testId}
        head={
          <TableHead>
            <TableRow>
              {props.columns.map((c) => (
                <TableCell key={c.label}>{c.label}</TableCell>
              ))}
              <TableCell>{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
        }
        empty={rows.length === 0}
        total={list.data?.total ?? 0}
        current={state.current}
        size={state.size}
        onPage={state.setPage}
      >
        {rows.map((row) => (
          <TableRow key={props.rowKey(row)} hover>
            {props.columns.map((c) => (
              <TableCell key={c.label}>{c.render(row)}</TableCell>
            ))}
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{props.actions(row, reload)}</TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Paper>
  )
}

/** A row's 删除: asked first, then the row is removed and the list reloaded. */
export const RemoveButton = ({ remove, reload }: { remove: () => Promise<unknown>; reload: () => void }) => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  return (
    <Button
      size="small"
      color="error"
      onClick={async () => {
        if (await confirm({ message: t('msg.deleteConfirm') })) {
          await remove()
          toast.success(t('msg.deleteSuccess'))
          reload()
        }
      }}
    >
      {t('flow.action.remove')}
    </Button>
  )
}
