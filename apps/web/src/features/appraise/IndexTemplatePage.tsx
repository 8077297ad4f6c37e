import {
  Box,
  Button,
  FormHelperText,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { PERMISSIONS, type TPage, ZIndexConfigSchema, ZIndexTemplateSubmitSchema } from '@ysjs/shared'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TCustomFieldProps, TResource, TRow, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'

const P = '/api/ysjs-appraise'
type TItem = { name: string; weight: string | number; meaning?: string | null }
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const ZIndexList = ZIndexConfigSchema.shape.indexList

/** Indicator rows (name, weight, meaning) edited in place. */
const IndexRows = ({
  items,
  onChange,
  disabled,
}: {
  items: TItem[]
  onChange: (items: TItem[]) => void
  disabled: boolean
}) => {
  const { t } = useTranslation()
  const set = (i: number, key: keyof TItem, value: string) =>
    onChange(items.map((item, n) => (n === i ? { ...item, [key]: value } : item)))
  return (
    <Stack spacing={1}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: indicators have no id until saved
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            label={t('appraise.indexName')}
            value={str(item.name)}
            onChange={(e) => set(i, 'name', e.target.value)}
            disabled={disabled}
            slotProps={{ htmlInput: { 'data-testid': `index-${i}-name` } }}
            sx={{ flex: 2 }}
          />
          <TextField
            size="small"
            type="number"
            label={t('appraise.weight')}
            value={str(item.weight)}
            onChange={(e) => set(i, 'weight', e.target.value)}
            disabled={disabled}
            slotProps={{ htmlInput: { 'data-testid': `index-${i}-weight` } }}
            sx={{ width: 110 }}
          />
          <TextField
            size="small"
            label={t('appraise.meaning')}
            value={str(item.meaning)}
            onChange={(e) => set(i, 'meaning', e.target.value)}
            disabled={disabled}
            sx={{ flex: 3 }}
          />
          {!disabled && (
            <IconButton
              aria-label={t('appraise.remove')}
              onClick={() => onChange(items.filter((_x, n) => n !== i))}
            >
              ×
            </IconButton>
          )}
        </Stack>
      ))}
      {!disabled && (
        <Box>
          <Button data-testid="index-add" onClick={() => onChange([...items, { name: '', weight: '' }])}>
            {t('appraise.addRow')}
          </Button>
        </Box>
      )}
    </Stack>
  )
}

const IndexListField = ({ label, value, onChange, disabled, error, helperText }: TCustomFieldProps) => (
  <Box>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <IndexRows
      items={(Array.isArray(value) ? value : []) as TItem[]}
      onChange={onChange}
      disabled={disabled}
    />
    {error && <FormHelperText error>{helperText}</FormHelperText>}
  </Box>
)

/** The form's schema: the indicator rows' first message is the field's (the dialog toasts it). */
const ZTemplateForm = ZIndexTemplateSubmitSchema.extend({
  indexList: z.unknown().transform((v, ctx) => {
    const parsed = ZIndexList.safeParse(v)
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' })
      return z.NEVER
    }
    return parsed.data
  }),
})

const templateResource: TResource = {
  key: 'appraise-index-template',
  nameKey: 'appraise.template',
  schema: ZTemplateForm as unknown as TResource['schema'],
  api: {
    list: async ({ current, size, search }) => {
      const page = await http.get<TPage<TRow>>(`${P}/cofig/list`, { current, size, ...search })
      return { records: page.records, total: page.total }
    },
    detail: (id: string) => http.get<TRow>(`${P}/cofig/detail`, { id }),
    submit: (values: TValues) => http.post(`${P}/cofig/submit`, values),
    remove: (ids: string[]) => http.post(`${P}/cofig/remove`, undefined, { params: { ids: ids.join(',') } }),
  },
  permissions: {
    codes: {
      add: PERMISSIONS.appraiseCofigAdd,
      edit: PERMISSIONS.appraiseCofigEdit,
      delete: PERMISSIONS.appraiseCofigDelete,
      view: PERMISSIONS.appraiseCofigView,
    },
  },
  dialogWidth: 'md',
  fields: [
    { name: 'keyword', labelKey: 'appraise.templateName', search: true, form: false, column: false },
    { name: 'name', labelKey: 'appraise.templateName', column: { flex: 1 }, span: 6 },
    {
      name: 'outcomeType',
      labelKey: 'appraise.field.outcomeType',
      kind: 'dict',
      dictCode: 'achievement_type',
      search: true,
      span: 6,
      column: { width: 140, render: (row) => str(row.outcomeTypeName) || '—' },
    },
    { name: 'indexNames', labelKey: 'appraise.indexName', form: false, column: { flex: 3 } },
    {
      name: 'indexList',
      labelKey: 'appraise.indexList',
      kind: 'custom',
      component: IndexListField,
      span: 12,
      column: false,
    },
    { name: 'remark', labelKey: 'appraise.remark', kind: 'textarea', span: 12, column: false },
  ],
  defaults: () => ({ indexList: [{ name: '', weight: '' }] }),
  toForm: (row) => ({
    id: row.id,
    name: str(row.name),
    outcomeType: str(row.outcomeType),
    indexList: row.indexList,
    remark: str(row.remark),
  }),
}

/** 评价配置: the indicator templates, one per outcome type (or a general one). */
export const IndexTemplatePage = () => <CrudScreen resource={templateResource} />

/**
 * The indicator set of one application (`defaultConfig`, saved by `cofig/saves`), editable until an
 * expert has scored; a template of any outcome type can be loaded into it.
 */
export const IndexSetEditor = ({
  resultsId,
  locked,
  onSaved,
}: {
  resultsId: string
  locked: boolean
  onSaved: () => void
}) => {
  const { t } = useTranslation()
  const canSave = useSession(
    (s) =>
      s.permissions[PERMISSIONS.appraiseCofigAdd] === true ||
      s.permissions[PERMISSIONS.appraiseCofigEdit] === true,
  )
  const current = useQuery({
    queryKey: ['appraise-default-config', resultsId],
    queryFn: () => http.get<TItem[]>(`${P}/results/defaultConfig`, { resultsId }),
  })
  const templates = useQuery({
    queryKey: ['appraise-index-templates'],
    queryFn: () => http.get<TPage<TRow>>(`${P}/cofig/list`, { current: 1, size: 200 }),
    enabled: canSave && !locked,
  })
  const [items, setItems] = useState<TItem[]>([])
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (current.data) {
      setItems(current.data)
    }
  }, [current.data])
  const editable = canSave && !locked
  const save = async () => {
    const parsed = ZIndexList.safeParse(items)
    if (!parsed.success) {
      toast.warning(parsed.error.issues[0]?.message ?? '')
      return
    }
    setBusy(true)
    try {
      await http.post(`${P}/cofig/saves`, { resultsId, indexList: parsed.data })
      toast.success(t('msg.operateSuccess'))
      await current.refetch()
      onSaved()
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack spacing={1} data-testid="index-set">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('appraise.indexList')}
          {locked && ` (${t('appraise.indexLocked')})`}
        </Typography>
        {editable && (
          <TextField
            select
            size="small"
            label={t('appraise.applyTemplate')}
            value=""
            onChange={(e) => {
              const chosen = templates.data?.records.find((r) => r.id === e.target.value)
              if (chosen) {
                setItems(chosen.indexList as TItem[])
              }
            }}
            sx={{ width: 240 }}
          >
            {(templates.data?.records ?? []).map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {str(r.name)}
                {r.outcomeTypeName ? `（${str(r.outcomeTypeName)}）` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        {editable && (
          <Button variant="outlined" disabled={busy} onClick={() => void save()}>
            {t('appraise.saveIndexes')}
          </Button>
        )}
      </Stack>
      <IndexRows items={items} onChange={setItems} disabled={!editable} />
    </Stack>
  )
}
