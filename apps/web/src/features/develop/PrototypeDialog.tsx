import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material'
import FormHelperText from '@mui/material/FormHelperText'
import {
  COMPONENT_TYPES,
  PROPERTY_TYPES,
  propertyTypesOfColumn,
  QUERY_TYPES,
  ZPrototypeListSubmitSchema,
  ZPrototypeRecordSchema,
} from '@ysjs/shared'
import { useEffect, useState } from 'react'
import { type FieldErrors, useController, useFieldArray, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormText } from '@/components/form/Fields'
import { RemoveRowButton } from '@/components/form/RowButtons'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { HeadRow } from '@/components/table/HeadRow'
import { toast } from '@/lib/notify'
import { developApi } from './developApi'

const FLAGS = ['isList', 'isForm', 'isQuery', 'isRequired'] as const

/** The grid's values are the server's records (a saved type may be any string); 保存 checks them with
 * the shared list rule, each message under its cell. */
const ZGridSchema = z.object({
  modelId: ZPrototypeListSubmitSchema.shape.modelId,
  prototypes: z
    .array(ZPrototypeRecordSchema)
    // The records go on as the submit rule's input: it reads each field again (the types as its enums).
    .transform((rows): unknown[] => rows)
    .pipe(ZPrototypeListSubmitSchema.shape.prototypes),
})
type TGrid = z.input<typeof ZGridSchema>

/** A select of one row's cell. */
const CellSelect = ({
  name,
  items,
  label,
  testId,
}: {
  name: string
  items: readonly string[]
  label: (v: string) => string
  testId: string
}) => (
  <FormText
    select
    name={name}
    label={null}
    size="small"
    variant="standard"
    htmlInput={{ 'data-testid': testId }}
  >
    {items.map((v) => (
      <MenuItem key={v} value={v}>
        {label(v)}
      </MenuItem>
    ))}
  </FormText>
)

/** A yes/no flag of one row (1 or 0). */
const FlagCell = ({ name }: { name: string }) => {
  const { field } = useController({ name })
  return (
    <Checkbox
      checked={field.value === 1}
      onChange={(e) => field.onChange(e.target.checked ? 1 : 0)}
      onBlur={field.onBlur}
    />
  )
}

/** The list's own message (no rows, names repeated), under the grid. */
const listMessage = (errors: FieldErrors<TGrid>): string | undefined => {
  const list = errors.prototypes
  return list?.message ?? list?.root?.message
}

/**
 * 模型配置: the model's fields, proposed from its table until saved, edited in one grid and saved at
 * once. 重新导入 reads the table again (keeping the edits of columns still there); a row can be removed,
 * e.g. a column of a type the generator cannot map.
 */
export const PrototypeDialog = ({ modelId, onClose }: { modelId: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const [loaded, setLoaded] = useState(false)
  const form = useZodForm(ZGridSchema, { defaultValues: { modelId, prototypes: [] } })
  const { fields, remove, replace } = useFieldArray({
    control: form.control,
    name: 'prototypes',
    keyName: 'key',
  })
  const rows = useWatch({ control: form.control, name: 'prototypes' })
  useEffect(() => {
    void developApi.prototypes(modelId).then((list) => {
      form.reset({ modelId, prototypes: list })
      setLoaded(true)
    })
  }, [modelId, form])
  // The table's columns again; what is being edited in the grid stays on the columns still there.
  const reimport = async () => {
    const fresh = await developApi.prototypes(modelId, true)
    const byName = new Map(form.getValues('prototypes').map((r) => [r.jdbcName, r]))
    replace(
      fresh.map((f) => {
        const e = byName.get(f.jdbcName)
        if (!e) {
          return f
        }
        const sameType = e.propertyType === f.propertyType
        return {
          ...f,
          comment: e.comment,
          propertyName: e.propertyName,
          isList: e.isList,
          isForm: e.isForm,
          isRow: e.isRow,
          isQuery: e.isQuery,
          isRequired: e.isRequired,
          dictCode: e.dictCode,
          componentType: sameType ? e.componentType : f.componentType,
          queryType: sameType ? e.queryType : f.queryType,
        }
      }),
    )
    toast.success(t('develop.model.reimported'))
  }
  const save = form.submit(async (data) => {
    await developApi.savePrototypes(data)
    toast.success(t('develop.model.saved'))
    onClose()
  })
  const busy = form.formState.isSubmitting
  const message = listMessage(form.formState.errors)
  const typeLabel = (v: string) => t(`develop.model.type.${v}`)
  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth>
      <form onSubmit={save} noValidate>
        <DialogTitle>{t('develop.model.setting')}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
            <Button variant="outlined" size="small" disabled={!loaded} onClick={() => void reimport()}>
              {t('develop.model.reimport')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('develop.model.reimportHint')}
            </Typography>
          </Box>
          <ZodFormProvider form={form}>
            <Table size="small" data-testid="prototype-grid">
              <HeadRow
                labels={[
                  ...['jdbcName', 'jdbcType', 'comment', 'propertyName', 'propertyType', 'componentType'],
                  ...FLAGS,
                  'queryType',
                  'dictCode',
                ].map((name) => `develop.model.${name}`)}
                trail={<TableCell />}
              />
              <TableBody>
                {fields.map((r, i) => {
                  const at = `prototypes.${i}`
                  const current = rows[i]?.propertyType ?? r.propertyType
                  // The column's own type, and the saved one when it no longer fits (to be changed).
                  const types = PROPERTY_TYPES.filter(
                    (p) => propertyTypesOfColumn(r.jdbcType).includes(p) || p === current,
                  )
                  return (
                    <TableRow key={r.key} data-testid={`prototype-${r.jdbcName}`}>
                      <TableCell>{r.jdbcName}</TableCell>
                      <TableCell>{r.jdbcType}</TableCell>
                      <TableCell>
                        <FormText name={`${at}.comment`} label={null} size="small" variant="standard" />
                      </TableCell>
                      <TableCell>
                        <FormText name={`${at}.propertyName`} label={null} size="small" variant="standard" />
                      </TableCell>
                      <TableCell>
                        <CellSelect
                          name={`${at}.propertyType`}
                          items={types}
                          label={typeLabel}
                          testId={`type-${r.jdbcName}`}
                        />
                      </TableCell>
                      <TableCell>
                        <CellSelect
                          name={`${at}.componentType`}
                          items={COMPONENT_TYPES}
                          label={(v) => t(`develop.model.component.${v}`)}
                          testId={`component-${r.jdbcName}`}
                        />
                      </TableCell>
                      {FLAGS.map((f) => (
                        <TableCell key={f} padding="checkbox">
                          <FlagCell name={`${at}.${f}`} />
                        </TableCell>
                      ))}
                      <TableCell>
                        <CellSelect
                          name={`${at}.queryType`}
                          items={QUERY_TYPES}
                          label={(v) => t(`develop.model.query.${v}`)}
                          testId={`query-${r.jdbcName}`}
                        />
                      </TableCell>
                      <TableCell>
                        <FormText name={`${at}.dictCode`} label={null} size="small" variant="standard" />
                      </TableCell>
                      <TableCell padding="checkbox">
                        <RemoveRowButton label={t('develop.model.removeField')} onClick={() => remove(i)} />
                      </TableCell>
                    </TableRow>
                  )
                })}
              </TableBody>
            </Table>
          </ZodFormProvider>
          {message && (
            <FormHelperText error data-testid="prototype-message">
              {message}
            </FormHelperText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('develop.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!loaded || busy} {...keepFocus}>
            {t('develop.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
