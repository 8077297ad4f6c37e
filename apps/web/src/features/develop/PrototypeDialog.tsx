import DeleteIcon from '@mui/icons-material/Delete'
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import {
  COMPONENT_TYPES,
  PROPERTY_TYPES,
  propertyTypesOfColumn,
  QUERY_TYPES,
  type TPrototype,
  ZPrototypeListSubmitSchema,
} from '@ysjs/shared'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { developApi } from './developApi'

const FLAGS = ['isList', 'isForm', 'isQuery', 'isRequired'] as const

const cellSelect = (
  value: string,
  items: readonly string[],
  onChange: (v: string) => void,
  label: (v: string) => string,
  testId: string,
) => (
  <TextField
    select
    size="small"
    variant="standard"
    value={value}
    onChange={(e) => onChange(e.target.value)}
    slotProps={{ htmlInput: { 'data-testid': testId } }}
  >
    {items.map((v) => (
      <MenuItem key={v} value={v}>
        {label(v)}
      </MenuItem>
    ))}
  </TextField>
)

/**
 * 模型配置: the model's fields, proposed from its table until saved, edited in one grid and saved at
 * once. 重新导入 reads the table again (keeping the edits of columns still there); a row can be removed,
 * e.g. a column of a type the generator cannot map.
 */
export const PrototypeDialog = ({ modelId, onClose }: { modelId: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const [rows, setRows] = useState<TPrototype[] | null>(null)
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    void developApi.prototypes(modelId).then(setRows)
  }, [modelId])
  const change = (i: number, patch: Partial<TPrototype>) =>
    setRows((list) => list?.map((r, j) => (j === i ? { ...r, ...patch } : r)) ?? null)
  // The table's columns again; what is being edited in the grid stays on the columns still there.
  const reimport = async () => {
    const fresh = await developApi.prototypes(modelId, true)
    setRows((editing) => {
      const byName = new Map((editing ?? []).map((r) => [r.jdbcName, r]))
      return fresh.map((f) => {
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
      })
    })
    toast.success(t('develop.model.reimported'))
  }
  const save = async () => {
    if (!rows) {
      return
    }
    // The same rules as the server, so a mistake is named before the request.
    const checked = ZPrototypeListSubmitSchema.safeParse({ modelId, prototypes: rows })
    if (!checked.success) {
      toast.error(checked.error.issues[0]?.message ?? '')
      return
    }
    setSaving(true)
    try {
      await developApi.savePrototypes(modelId, rows)
      toast.success(t('develop.model.saved'))
      onClose()
    } finally {
      setSaving(false)
    }
  }
  const typeLabel = (v: string) => t(`develop.model.type.${v}`)
  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth>
      <DialogTitle>{t('develop.model.setting')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
          <Button variant="outlined" size="small" disabled={!rows} onClick={() => void reimport()}>
            {t('develop.model.reimport')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('develop.model.reimportHint')}
          </Typography>
        </Box>
        <Table size="small" data-testid="prototype-grid">
          <TableHead>
            <TableRow>
              <TableCell>{t('develop.model.jdbcName')}</TableCell>
              <TableCell>{t('develop.model.jdbcType')}</TableCell>
              <TableCell>{t('develop.model.comment')}</TableCell>
              <TableCell>{t('develop.model.propertyName')}</TableCell>
              <TableCell>{t('develop.model.propertyType')}</TableCell>
              <TableCell>{t('develop.model.componentType')}</TableCell>
              {FLAGS.map((f) => (
                <TableCell key={f}>{t(`develop.model.${f}`)}</TableCell>
              ))}
              <TableCell>{t('develop.model.queryType')}</TableCell>
              <TableCell>{t('develop.model.dictCode')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((r, i) => {
              // The column's own type, and the saved one when it no longer fits (to be changed).
              const types = PROPERTY_TYPES.filter(
                (p) => propertyTypesOfColumn(r.jdbcType).includes(p) || p === r.propertyType,
              )
              return (
                <TableRow key={r.jdbcName} data-testid={`prototype-${r.jdbcName}`}>
                  <TableCell>{r.jdbcName}</TableCell>
                  <TableCell>{r.jdbcType}</TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      variant="standard"
                      value={r.comment}
                      onChange={(e) => change(i, { comment: e.target.value })}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      variant="standard"
                      value={r.propertyName}
                      onChange={(e) => change(i, { propertyName: e.target.value })}
                    />
                  </TableCell>
                  <TableCell>
                    {cellSelect(
                      r.propertyType,
                      types,
                      (propertyType) => change(i, { propertyType }),
                      typeLabel,
                      `type-${r.jdbcName}`,
                    )}
                  </TableCell>
                  <TableCell>
                    {cellSelect(
                      r.componentType,
                      COMPONENT_TYPES,
                      (componentType) => change(i, { componentType }),
                      (v) => t(`develop.model.component.${v}`),
                      `component-${r.jdbcName}`,
                    )}
                  </TableCell>
                  {FLAGS.map((f) => (
                    <TableCell key={f} padding="checkbox">
                      <Checkbox
                        checked={r[f] === 1}
                        onChange={(e) => change(i, { [f]: e.target.checked ? 1 : 0 })}
                      />
                    </TableCell>
                  ))}
                  <TableCell>
                    {cellSelect(
                      r.queryType,
                      QUERY_TYPES,
                      (queryType) => change(i, { queryType }),
                      (v) => t(`develop.model.query.${v}`),
                      `query-${r.jdbcName}`,
                    )}
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      variant="standard"
                      value={r.dictCode}
                      onChange={(e) => change(i, { dictCode: e.target.value })}
                    />
                  </TableCell>
                  <TableCell padding="checkbox">
                    <IconButton
                      size="small"
                      aria-label={t('develop.model.removeField')}
                      title={t('develop.model.removeField')}
                      onClick={() => setRows((list) => list?.filter((_, j) => j !== i) ?? null)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('develop.cancel')}</Button>
        <Button variant="contained" disabled={!rows || saving} onClick={() => void save()}>
          {t('develop.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
