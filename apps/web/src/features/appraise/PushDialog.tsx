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
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { PERMISSIONS } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { EmptyRow } from '@/components/crud/EmptyRow'
import { SearchButtons } from '@/components/crud/SearchButtons'
import { HeadRow } from '@/components/table/HeadRow'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { appraiseApi, type TPushed } from './appraiseApi'

/** 推送专家: search the expert library, pick experts not yet pushed, push them. */
export const PushDialog = ({ resultsId, onClose }: { resultsId: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  const canRemove = useSession((s) => s.permissions[PERMISSIONS.appraiseBasicDelete] === true)
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
  /** A push not scored yet can be withdrawn (an expert who cannot attend). */
  const withdraw = async (p: TPushed) => {
    if (!(await confirm({ message: t('msg.deleteConfirm') }))) {
      return
    }
    try {
      await appraiseApi.removePushed([p.id])
    } catch {
      return
    }
    toast.success(t('msg.operateSuccess'))
    await Promise.all([pushed.refetch(), candidates.refetch()])
  }
  const push = async () => {
    if (!picked.length) {
      toast.warning('请选择专家')
      return
    }
    setBusy(true)
    try {
      await appraiseApi.push(resultsId, picked)
      toast.success(t('msg.operateSuccess'))
      onClose()
    } catch {
      // The HTTP client has shown the server's message.
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
                data-testid={`pushed-${p.expertName}`}
                {...(canRemove && !p.scored ? { onDelete: () => void withdraw(p) } : {})}
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
          <SearchButtons
            onSearch={() => setSearch(keyword)}
            onReset={() => {
              setKeyword('')
              setSearch('')
            }}
          />
        </Stack>
        <Table size="small">
          <HeadRow
            labels={[
              'appraise.field.personName',
              'appraise.field.workUnit',
              'appraise.profession',
              'appraise.level',
            ]}
            lead={<TableCell padding="checkbox" />}
          />
          <TableBody>
            {(candidates.data?.records ?? []).map((e) => (
              <TableRow
                key={e.id}
                hover
                onClick={() => e.hasAccount && toggle(e.id)}
                sx={{ cursor: e.hasAccount ? 'pointer' : 'default' }}
              >
                <TableCell padding="checkbox">
                  {/* Without a login account the expert could never score: not pushable. */}
                  <Checkbox
                    checked={picked.includes(e.id)}
                    disabled={!e.hasAccount}
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
            {candidates.data && !candidates.data.records.length && <EmptyRow />}
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
