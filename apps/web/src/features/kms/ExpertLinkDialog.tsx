import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  TextField,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TOption } from '@/components/crud/types'
import { expertOptions } from '@/features/expert/expertApi'
import { toast } from '@/lib/notify'
import { mainApi, type TMainRow } from './kmsApi'
import { mainResource } from './resources'

/** 关联专家: picks the entry's experts (in order) and replaces them with `expertAssociate`. */
export const ExpertLinkDialog = ({ row, onClose }: { row: TMainRow; onClose: () => void }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const options = useQuery({ queryKey: ['field-options', 'expert-options'], queryFn: expertOptions })
  const detail = useQuery({
    queryKey: ['kms-main', 'detail', row.id],
    queryFn: () => mainApi.detail?.(row.id),
  })
  const [chosen, setChosen] = useState<TOption[] | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (detail.data && chosen === null) {
      setChosen((detail.data.experts ?? []).map((e) => ({ value: e.id, label: e.name })))
    }
  }, [detail.data, chosen])
  const save = async () => {
    setBusy(true)
    try {
      await mainApi.associateExperts(
        row.id,
        (chosen ?? []).map((o) => o.value),
      )
      toast.success(t('msg.updateSuccess'))
      await queryClient.invalidateQueries({ queryKey: [mainResource.key] })
      onClose()
    } catch {
      // The HTTP client shows the message.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        {t('expert.associate')}：{row.title}
      </DialogTitle>
      {(detail.isLoading || options.isLoading) && <LinearProgress />}
      <DialogContent>
        <Autocomplete<TOption, true>
          multiple
          sx={{ mt: 1 }}
          options={options.data ?? []}
          value={chosen ?? []}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          getOptionLabel={(o) => o.label ?? o.value}
          onChange={(_e, v) => setChosen(v)}
          renderInput={(params) => <TextField {...params} label={t('expert.experts')} />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || chosen === null}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
