import type { SvgIconComponent } from '@mui/icons-material'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import FileDownloadIcon from '@mui/icons-material/FileDownload'
import RefreshIcon from '@mui/icons-material/Refresh'
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess'
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TablePagination from '@mui/material/TablePagination'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import {
  DataGrid,
  type GridColDef,
  type GridRowClassNameParams,
  type GridRowParams,
  type GridRowSelectionModel,
} from '@mui/x-data-grid'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { PAGE_SIZES } from '@ysjs/shared'
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { useGridLocaleText } from '@/lib/gridLocale'
import { toast } from '@/lib/notify'
import { usePermittedActions } from '@/lib/session/permissions'
import { useSession } from '@/lib/session/session'
import { GRID_SX, platformScrollbarSize, renderValue } from './gridParts'
import { ResourceDialog, type TDialogMode } from './ResourceDialog'
import { ROW_ACTIONS, RowActions, rowActionsWidth } from './RowActions'
import { SearchForm } from './SearchForm'
import { treePage } from './treeRows'
import type { TListQuery, TResource, TRow } from './types'
import { useListState } from './useListState'

/** The grid's "all rows" page size: it shows every row of the page it is given. */
const ALL_ROWS = -1
const SHOW_ALL_ROWS = { page: 0, pageSize: ALL_ROWS }
const AUTO_HEIGHT_MAX_ROWS = 30
const COLUMN_BUFFER_PX = 4000
const LONG_PAGE_HEIGHT = 'max(420px, calc(100vh - 320px))'

type TProps<Row extends TRow> = {
  resource: TResource<Row>
  title?: ReactNode
  /** Keeps this list's URL state apart from another list on the same page. */
  urlPrefix?: string
  onRowClick?: (row: Row) => void
  highlightRowId?: string | null
  gridHeight?: number | string
  /** Screen-specific row actions (e.g. 权限设置): `primary` ones before edit/view/delete, others after. */
  rowActions?: TRowAction<Row>[]
  /** Row actions that depend on the row (e.g. 上架 or 下架), after all others, in the ⋯ menu. */
  rowItems?: (row: Row, ctx: TScreenActions) => TRowItem[]
  /** The most actions `rowItems` gives one row (sizes the 操作 column; default 1). */
  rowItemsMax?: number
  /** Screen-specific toolbar content after add and delete: fixed, or built from the selection. */
  toolbar?: ReactNode | ((ctx: TScreenActions) => ReactNode)
  /** Conditions set outside the search form (e.g. the dept chosen in a tree), sent with every list call. */
  filter?: Record<string, string>
  /** Free-form content after the actions in each row (e.g. an 启用 switch). */
  rowButtons?: (row: Row, ctx: TScreenActions) => ReactNode
  /** Width of those free-form row buttons (default 0). */
  rowButtonsWidth?: number
}

/** A row button of one screen; hidden without its `permission` (a button code) or when `allowed` is false. */
export type TRowAction<Row extends TRow> = {
  key: string
  label: string
  Icon: SvgIconComponent
  permission?: string
  allowed?: boolean
  onClick: (row: Row) => void
  /** One of the row's most used actions: shown as a labelled button before 编辑/查看. */
  primary?: boolean
}

/** A row action that depends on the row (`rowItems`); hidden when `allowed` is false (or left out). */
export type TRowItem = {
  key: string
  label: string
  Icon?: SvgIconComponent
  danger?: boolean
  allowed?: boolean
  onClick: () => void
}

/** What custom buttons get: the selected ids and a way to reload the list after acting. */
export type TScreenActions = { selectedIds: string[]; refresh: () => Promise<unknown> }

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() }
const NO_ROWS: never[] = []

// The grid re-processes its rows when a function or object prop changes identity: these stay put.
const getRowId = (row: TRow) => row.id

/** The generic admin screen: search, server-paged grid, selection, view/add/edit dialogs, delete. */
export const CrudScreen = <Row extends TRow>({
  resource,
  title,
  urlPrefix = '',
  onRowClick,
  highlightRowId,
  gridHeight,
  rowActions = [],
  toolbar,
  filter,
  rowButtons,
  rowButtonsWidth = 0,
  rowItems,
  rowItemsMax = 1,
}: TProps<Row>) => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const can = usePermittedActions(resource.permissions)
  const permissions = useSession((s) => s.permissions)
  const searchFields = resource.fields.filter((f) => f.search)
  const list = useListState(
    urlPrefix,
    searchFields.map((f) => f.name),
  )
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION)
  const [dialog, setDialog] = useState<{ mode: TDialogMode; row: Row | null } | null>(null)
  const clientPaging = resource.paging === 'client'
  const [scrollbar] = useState(platformScrollbarSize)

  const search = filter ? { ...list.search, ...filter } : list.search
  const listOptions = (args: TListQuery) => ({
    queryKey: [resource.key, 'list', clientPaging ? { search: args.search } : args],
    queryFn: () => resource.api.list(args),
  })
  const listQuery = useQuery({
    ...listOptions({ current: list.current, size: list.size, search }),
    placeholderData: keepPreviousData,
  })
  const records: Row[] = listQuery.data?.records ?? NO_ROWS
  // A tree (rows with a depth) shows its top level, each node's children under it once opened, and pages
  // by top-level node, as the old platform's tree tables; a search shows every match opened.
  const isTree = clientPaging && records.some((r) => typeof r.depth === 'number')
  const searching = Object.values(search).some((v) => v !== '')
  const [opened, setOpened] = useState<{ all: boolean; ids: ReadonlySet<string> }>(() => ({
    all: !resource.treeCollapsed,
    ids: new Set(),
  }))
  const tree = useMemo(
    () =>
      isTree
        ? treePage(records, {
            current: list.current,
            size: list.size,
            isOpen: (id) => searching || opened.all !== opened.ids.has(id),
          })
        : null,
    [isTree, records, list.current, list.size, searching, opened],
  )
  const total = tree ? tree.total : clientPaging ? records.length : (listQuery.data?.total ?? 0)
  // The grid shows exactly the rows of the current page; paging (10 to 200 rows) is ours, because the
  // MIT DataGrid refuses page sizes above 100.
  const rows = useMemo(
    () =>
      tree
        ? (tree.rows as Row[])
        : clientPaging
          ? records.slice((list.current - 1) * list.size, list.current * list.size)
          : records,
    [tree, clientPaging, records, list.current, list.size],
  )
  /** Opens or closes one node (`ids` holds the exceptions to `all`). */
  const toggle = useCallback(
    (id: string) =>
      setOpened((o) => {
        const ids = new Set(o.ids)
        if (!ids.delete(id)) {
          ids.add(id)
        }
        return { ...o, ids }
      }),
    [],
  )
  // Short pages grow with their rows; long ones (up to 200) fill the viewport and render only the rows
  // in view (virtualised), so a 200-row page stays quick to show.
  const height = gridHeight ?? (rows.length > AUTO_HEIGHT_MAX_ROWS ? LONG_PAGE_HEIGHT : 'auto')

  const selectedIds = (): string[] =>
    rows
      .map((r) => r.id)
      .filter((id) => (selection.type === 'include' ? selection.ids.has(id) : !selection.ids.has(id)))

  /** The new page is asked for on the click, not after React has rendered the new URL. */
  const goToPage = (current: number, size: number) => {
    void queryClient.prefetchQuery(listOptions({ current, size, search }))
    list.setPage(current, size)
  }

  const refresh = () =>
    Promise.all(
      [resource.key, ...(resource.invalidates ?? [])].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    )

  const remove = async (ids: string[]) => {
    if (ids.length === 0) {
      toast.warning(t('msg.selectAtLeastOne'))
      return
    }
    if (!(await confirm({ message: t('msg.deleteConfirm') }))) {
      return
    }
    try {
      await resource.api.remove(ids)
    } catch {
      return
    }
    toast.success(t('msg.deleteSuccess'))
    setSelection(EMPTY_SELECTION)
    await refresh()
  }

  /** The row buttons call the latest `remove` without rebuilding the columns on every render. */
  const latest = useRef({ remove, rowActions, rowButtons, rowItems, refresh })
  latest.current = { remove, rowActions, rowButtons, rowItems, refresh }
  const extraKeys = rowActions
    .filter((a) => a.allowed !== false && (!a.permission || permissions[a.permission] === true))
    .map((a) => `${a.key}\t${a.label}\t${a.primary ? 1 : 0}`)
    .join('\n')
  const itemsMax = rowItems ? rowItemsMax : 0

  const allowedActions = ROW_ACTIONS.filter((a) => can[a.action])
    .map((a) => a.action)
    .join(',')

  const columns = useMemo<GridColDef<Row>[]>(() => {
    const visible = resource.fields.filter((f) => f.column !== false)
    const cols: GridColDef<Row>[] = visible.map((field, i) => ({
      field: field.name,
      headerName: t(field.labelKey),
      sortable: false,
      ...(field.column && field.column.width !== undefined
        ? { width: field.column.width }
        : { flex: (field.column ? field.column.flex : undefined) ?? 1, minWidth: 100 }),
      renderCell: ({ row, value }) => renderValue(field, row, value, i === 0, toggle),
    }))
    const standard = ROW_ACTIONS.filter((a) => allowedActions.split(',').includes(a.action))
    const extra = extraKeys
      .split('\n')
      .map((k) => latest.current.rowActions.find((a) => `${a.key}\t${a.label}\t${a.primary ? 1 : 0}` === k))
      .filter((a): a is TRowAction<Row> => !!a)
    // Translated once for every row.
    const labels = { view: t('common.view'), edit: t('common.edit'), delete: t('common.delete') }
    const ctxOf = (row: Row): TScreenActions => ({
      selectedIds: [row.id],
      refresh: () => latest.current.refresh(),
    })
    const count = standard.length + extra.length + itemsMax
    if (count > 0 || rowButtonsWidth > 0) {
      const screenButton =
        (row: Row) =>
        ({ key, label, Icon }: TRowAction<Row>) => ({
          key,
          label,
          Icon,
          color: 'primary' as const,
          onClick: () => latest.current.rowActions.find((a) => a.key === key)?.onClick(row),
        })
      cols.push({
        field: '__actions',
        headerName: t('common.actions'),
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        width: rowActionsWidth(count, rowButtonsWidth),
        renderCell: ({ row }) => (
          <RowActions
            buttons={[
              // The most used first: they are the labelled ones (ROW_SHOWN), the rest go to the ⋯ menu.
              ...extra.filter((a) => a.primary).map(screenButton(row)),
              ...standard.map(({ action, Icon, color }) => ({
                key: action,
                label: labels[action],
                Icon,
                color,
                onClick: () =>
                  action === 'delete'
                    ? void latest.current.remove([row.id])
                    : setDialog({ mode: action, row }),
              })),
              ...extra.filter((a) => !a.primary).map(screenButton(row)),
              ...(latest.current.rowItems?.(row, ctxOf(row)) ?? [])
                .filter((item) => item.allowed !== false)
                .map(({ key, label, Icon, danger, onClick }) => ({
                  key,
                  label,
                  Icon,
                  color: danger ? ('error' as const) : ('primary' as const),
                  onClick,
                })),
            ]}
          >
            {latest.current.rowButtons?.(row, ctxOf(row))}
          </RowActions>
        ),
      })
    }
    return cols
  }, [resource.fields, allowedActions, extraKeys, itemsMax, rowButtonsWidth, toggle, t])

  const localeText = useGridLocaleText()
  const handleRowClick = useMemo(
    () => (onRowClick ? ({ row }: GridRowParams<Row>) => onRowClick(row) : undefined),
    [onRowClick],
  )
  const getRowClassName = useCallback(
    ({ id }: GridRowClassNameParams<Row>) => (highlightRowId && id === highlightRowId ? 'row-highlight' : ''),
    [highlightRowId],
  )
  const selectedCount = selectedIds().length

  return (
    <Paper sx={{ p: 2, minWidth: 0 }} data-resource={resource.key}>
      {title && (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
      )}
      <SearchForm fields={searchFields} values={list.search} onSearch={list.setSearch} />
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center' }}>
        {can.add && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ mode: 'add', row: null })}
          >
            {t('common.add')}
          </Button>
        )}
        {can.delete && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => void remove(selectedIds())}
          >
            {t('common.delete')}
          </Button>
        )}
        {resource.api.exportFile && (
          <Button
            variant="outlined"
            startIcon={<FileDownloadIcon />}
            onClick={() => resource.api.exportFile?.(search)}
          >
            {t('common.export')}
          </Button>
        )}
        {typeof toolbar === 'function' ? toolbar({ selectedIds: selectedIds(), refresh }) : toolbar}
        {tree && !searching && (
          <Button
            variant="outlined"
            startIcon={opened.all && opened.ids.size === 0 ? <UnfoldLessIcon /> : <UnfoldMoreIcon />}
            onClick={() => setOpened((o) => ({ all: !(o.all && o.ids.size === 0), ids: new Set<string>() }))}
          >
            {opened.all && opened.ids.size === 0 ? t('crud.collapseAll') : t('crud.expandAll')}
          </Button>
        )}
        {selectedCount > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('crud.selected', { count: selectedCount })}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Tooltip title={t('common.refresh')}>
          <IconButton aria-label={t('common.refresh')} onClick={() => void refresh()}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ height, width: '100%' }}>
        <DataGrid<Row>
          rows={rows}
          columns={columns}
          getRowId={getRowId}
          loading={listQuery.isFetching}
          localeText={localeText}
          checkboxSelection
          disableRowSelectionOnClick
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          paginationMode="server"
          rowCount={rows.length}
          pageSizeOptions={[ALL_ROWS]}
          paginationModel={SHOW_ALL_ROWS}
          hideFooterPagination
          onRowClick={handleRowClick}
          getRowClassName={getRowClassName}
          disableColumnFilter
          density="compact"
          scrollbarSize={scrollbar}
          // Every column is rendered, so the sticky 操作 column is there however far the grid scrolls.
          columnBufferPx={COLUMN_BUFFER_PX}
          autoHeight={height === 'auto'}
          sx={onRowClick ? GRID_SX.clickable : GRID_SX.plain}
        />
      </Box>
      <TablePagination
        component="div"
        count={total}
        page={Math.min(list.current - 1, Math.max(0, Math.ceil(total / list.size) - 1))}
        rowsPerPage={list.size}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, page) => goToPage(page + 1, list.size)}
        onRowsPerPageChange={(event) => goToPage(1, Number(event.target.value))}
        labelRowsPerPage={localeText.paginationRowsPerPage}
        labelDisplayedRows={({ from, to, count }) =>
          localeText.paginationDisplayedRows?.({ from, to, count, estimated: undefined }) ??
          `${from}–${to} / ${count}`
        }
        data-testid="crud-pagination"
      />
      {dialog && (
        <ResourceDialog
          key={`${dialog.mode}-${dialog.row?.id ?? 'new'}`}
          resource={resource}
          mode={dialog.mode}
          row={dialog.row}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null)
            void refresh()
          }}
        />
      )}
    </Paper>
  )
}
