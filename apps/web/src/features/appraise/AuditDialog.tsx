import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material'
import type { TResultsRecord } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { appraiseApi } from './appraiseApi'

/** 审核: accept (the agreement is signed, its number given) or return an application. */
export const AuditDialog = ({ row, onClose }: { row: TResultsRecord; onClose: () => void }) => {
  const { t } = useTranslation()
  const [opinion, setOpinion] = useState('')
  const [agreementNumber, setAgreementNumber] = useState('')
  const [busy, setBusy] = useState(false)
  const decide = async (pass: boolean) => {
    setBusy(true)
    try {
      await appraiseApi.audit({
        id: row.id,
        pass,
        opinion: opinion || undefined,
        agreementNumber: agreementNumber || undefined,
      })
      toast.success(t('msg.operateSuccess'))
      onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        {t('appraise.audit')}：{row.name}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('appraise.field.agreementNumber')}
            value={agreementNumber}
            onChange={(e) => setAgreementNumber(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 12 } }}
            helperText="YS + 年份 + 序号 (留空自动编号)"
          />
          <TextField
            label={t('appraise.opinion')}
            value={opinion}
            onChange={(e) => setOpinion(e.target.value)}
            multiline
            minRows={3}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('appraise.close')}</Button>
        <Button color="warning" disabled={busy} onClick={() => decide(false)}>
          {t('appraise.refuse')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => decide(true)}>
          {t('appraise.pass')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
