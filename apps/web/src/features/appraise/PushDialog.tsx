import {
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { appraiseApi } from './appraiseApi'

/** 推送专家: search the expert library, pick experts not yet pushed, push them. */
export const PushDialog = ({ resultsId, onClose }: { resultsId: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const [keyword, setKeyword] = useState('')
  const [search, setSearch] = useState('')
  const [picked, setPicked] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const candidates = useQuery({
    queryKey: ['appraise-candidates', resultsId, search],
    queryFn: () => appraiseApi.candidates(resultsId, search),
  })
  const pushed = useQuery({
    queryKey: ['appraise-pushed', resultsId],
    queryFn: () => appraiseApi.pushed(resultsId),
  })
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]))
  const push = async () => {
    if (!picked.length) {
      toast.warning('请选择专家')
      return
    }
    setBusy(true)
    try {
      await appraiseApi.push(resultsId, picked)
      toast.success('操作成功')
      onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('appraise.push')}</DialogTitle>
      <DialogContent>
        {!!pushed.data?.length && (
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
            {pushed.data.map((p) => (
              <Chip
                key={p.id}
                label={`${p.expertName} · ${p.scored ? t('appraise.scored') : t('appraise.notScored')}`}
                color={p.scored ? 'success' : 'default'}
              />
            ))}
          </Stack>
        )}
        <Stack direction="row" spacing={1} sx={{ mb: 1, pt: 1 }}>
          <TextField
            size="small"
            label={t('appraise.keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && setSearch(keyword)}
          />
          <Button variant="outlined" onClick={() => setSearch(keyword)}>
            {t('appraise.search')}
          </Button>
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{t('appraise.field.personName')}</TableCell>
              <TableCell>{t('appraise.field.workUnit')}</TableCell>
              <TableCell>专业</TableCell>
              <TableCell>级别</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(candidates.data?.records ?? []).map((e) => (
              <TableRow key={e.id} hover onClick={() => toggle(e.id)} sx={{ cursor: 'pointer' }}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={picked.includes(e.id)}
                    slotProps={{ input: { 'aria-label': e.name ?? e.id } }}
                  />
                </TableCell>
                <TableCell>
                  {e.name}
                  {!e.hasAccount && (
                    <Typography component="span" variant="caption" color="warning.main" sx={{ ml: 1 }}>
                      {t('appraise.noAccount')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{e.workUnit}</TableCell>
                <TableCell>{e.profession}</TableCell>
                <TableCell>{e.level}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('appraise.close')}</Button>
        <Button variant="contained" disabled={busy} onClick={push}>
          {t('appraise.pushSelected')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
