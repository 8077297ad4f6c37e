import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RemotePicker, type TPickOption } from '@/components/picker/RemotePicker'
import { expertSource } from '@/components/picker/sources'
import { toast } from '@/lib/notify'
import { mainApi, type TMainRow } from './kmsApi'
import { mainResource } from './resources'

/** 关联专家: picks the entry's experts (in order) and replaces them with `expertAssociate`. */
export const ExpertLinkDialog = ({ row, onClose }: { row: TMainRow; onClose: () => void }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const detail = useQuery({
    queryKey: ['kms-main', 'detail', row.id],
    queryFn: () => mainApi.detail?.(row.id),
  })
  const [chosen, setChosen] = useState<TPickOption[] | null>(null)
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
      {detail.isLoading && <LinearProgress />}
      <DialogContent>
        <Box sx={{ mt: 1 }}>
          <RemotePicker
            source={expertSource}
            multiple
            label={t('expert.experts')}
            value={(chosen ?? []).map((o) => o.value)}
            known={Object.fromEntries((chosen ?? []).map((o) => [o.value, o.label]))}
            onChange={setChosen}
          />
        </Box>
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
