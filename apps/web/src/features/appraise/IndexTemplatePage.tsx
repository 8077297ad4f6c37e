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
import {
  PERMISSIONS,
  type TPage,
  ZIndexConfigSchema,
  type ZIndexItemSchema,
  type ZIndexTemplateRecordSchema,
  ZIndexTemplateSubmitSchema,
} from '@ysjs/shared'
import { get, useFormState } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TCustomFieldProps, TResource, TRow, TValues } from '@/components/crud/types'
import { keepFocus, REQUIRED_LABEL_CLASS } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { http } from '@/lib/http'
import { translateMessage } from '@/lib/i18n/messages'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'

const P = '/api/ysjs-appraise'
type TItem = z.input<typeof ZIndexItemSchema>
type TTemplate = z.infer<typeof ZIndexTemplateRecordSchema>
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))
/** The message of one indicator row's field, from the list's errors. */
const rowMessage = (errors: unknown, i: number, key: keyof TItem): string | undefined => {
  const message: unknown = get(errors, `${i}.${key}.message`)
  return typeof message === 'string' ? translateMessage(message) : undefined
}

/** Indicator rows (name, weight, meaning) edited in place; each field shows its own message. */
const IndexRows = ({
  items,
  onChange,
  disabled,
  errors,
}: {
  items: TItem[]
  onChange: (items: TItem[]) => void
  disabled: boolean
  /** The form's errors of the list (one entry per row). */
  errors?: unknown
}) => {
  const { t } = useTranslation()
  const set = (i: number, key: keyof TItem, value: string) =>
    onChange(items.map((item, n) => (n === i ? { ...item, [key]: value } : item)))
  const cell = (i: number, key: keyof TItem) => ({
    value: str(items[i]?.[key]),
    onChange: (e: { target: { value: string } }) => set(i, key, e.target.value),
    error: !!rowMessage(errors, i, key),
    helperText: rowMessage(errors, i, key),
    disabled,
  })
  const marks = (testId?: string) => ({
    inputLabel: { className: REQUIRED_LABEL_CLASS },
    htmlInput: { 'aria-required': true, ...(testId ? { 'data-testid': testId } : {}) },
  })
  return (
    <Stack spacing={1}>
      {items.map((_item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: indicators have no id until saved
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('appraise.indexName')}
            {...cell(i, 'name')}
            slotProps={marks(`index-${i}-name`)}
            sx={{ flex: 2 }}
          />
          <TextField
            size="small"
            type="number"
            label={t('appraise.weight')}
            {...cell(i, 'weight')}
            slotProps={marks(`index-${i}-weight`)}
            sx={{ width: 110 }}
          />
          <TextField size="small" label={t('appraise.meaning')} {...cell(i, 'meaning')} sx={{ flex: 3 }} />
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

/** The list's own message (no row), e.g. an empty set. */
const ListMessage = ({ errors }: { errors?: unknown }) => {
  const message: unknown = get(errors, 'message')
  return typeof message === 'string' ? (
    <FormHelperText error>{translateMessage(message)}</FormHelperText>
  ) : null
}

const IndexListField = ({ label, value, onChange, disabled, control }: TCustomFieldProps) => {
  const { errors } = useFormState({ control, name: 'indexList' })
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <IndexRows
        items={Array.isArray(value) ? value : []}
        onChange={onChange}
        disabled={disabled}
        errors={errors.indexList}
      />
      <ListMessage errors={errors.indexList} />
    </Box>
  )
}

const templateResource: TResource = {
  key: 'appraise-index-template',
  nameKey: 'appraise.template',
  schema: ZIndexTemplateSubmitSchema,
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
    queryFn: () => http.get<TPage<TTemplate>>(`${P}/cofig/list`, { current: 1, size: 200 }),
    enabled: canSave && !locked,
  })
  const form = useZodForm(ZIndexConfigSchema, { values: { resultsId, indexList: current.data ?? [] } })
  const items = form.watch('indexList')
  const setItems = (list: TItem[]) =>
    form.setValue('indexList', list, { shouldValidate: form.formState.isSubmitted })
  const busy = form.formState.isSubmitting
  const editable = canSave && !locked
  const save = form.submit(async (body) => {
    await http.post(`${P}/cofig/saves`, body)
    toast.success(t('msg.operateSuccess'))
    await current.refetch()
    onSaved()
  })
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
                setItems(chosen.indexList)
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
          <Button variant="outlined" disabled={busy} onClick={() => void save()} {...keepFocus}>
            {t('appraise.saveIndexes')}
          </Button>
        )}
      </Stack>
      <IndexRows
        items={items}
        onChange={setItems}
        disabled={!editable}
        errors={form.formState.errors.indexList}
      />
      <ListMessage errors={form.formState.errors.indexList} />
    </Stack>
  )
}
