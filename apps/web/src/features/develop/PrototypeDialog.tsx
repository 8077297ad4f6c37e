import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material'
import type { TPrototype } from '@ysjs/shared'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { developApi } from './developApi'

const FLAGS = ['isList', 'isForm', 'isQuery', 'isRequired'] as const

/** 模型配置: the model's fields, proposed from its table until saved, edited in one grid and saved at once. */
export const PrototypeDialog = ({ modelId, onClose }: { modelId: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const [rows, setRows] = useState<TPrototype[] | null>(null)
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    void developApi.prototypes(modelId).then(setRows)
  }, [modelId])
  const change = (i: number, patch: Partial<TPrototype>) =>
    setRows((list) => list?.map((r, j) => (j === i ? { ...r, ...patch } : r)) ?? null)
  const save = async () => {
    if (!rows) {
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
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{t('develop.model.setting')}</DialogTitle>
      <DialogContent>
        <Table size="small" data-testid="prototype-grid">
          <TableHead>
            <TableRow>
              <TableCell>{t('develop.model.jdbcName')}</TableCell>
              <TableCell>{t('develop.model.jdbcType')}</TableCell>
              <TableCell>{t('develop.model.comment')}</TableCell>
              <TableCell>{t('develop.model.propertyName')}</TableCell>
              {FLAGS.map((f) => (
                <TableCell key={f}>{t(`develop.model.${f}`)}</TableCell>
              ))}
              <TableCell>{t('develop.model.dictCode')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((r, i) => (
              <TableRow key={r.jdbcName}>
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
                {FLAGS.map((f) => (
                  <TableCell key={f} padding="checkbox">
                    <Checkbox
                      checked={r[f] === 1}
                      onChange={(e) => change(i, { [f]: e.target.checked ? 1 : 0 })}
                    />
                  </TableCell>
                ))}
                <TableCell>
                  <TextField
                    size="small"
                    variant="standard"
                    value={r.dictCode}
                    onChange={(e) => change(i, { dictCode: e.target.value })}
                  />
                </TableCell>
              </TableRow>
            ))}
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
