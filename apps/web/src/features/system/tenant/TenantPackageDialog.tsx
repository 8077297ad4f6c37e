import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { PackageSelect } from './PackageSelect'
import { saveTenantPackage, type TTenantDialogProps } from './tenantApi'

/** 产品包配置: points the tenant at a package (its non-administrator users see at most its menus). */
export const TenantPackageDialog = ({ tenant, onClose, onSaved }: TTenantDialogProps) => {
  const { t } = useTranslation()
  const [packageId, setPackageId] = useState(tenant.packageId ?? '')
  const [busy, setBusy] = useState(false)
  const save = async () => {
    setBusy(true)
    try {
      await saveTenantPackage(tenant.tenantId, packageId)
    } catch {
      setBusy(false)
      return
    }
    toast.success(t('msg.operateSuccess'))
    onSaved()
  }
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="tenant-package-title"
    >
      <DialogTitle id="tenant-package-title">
        {t('system.tenant.packageTitle', { name: tenant.tenantName })}
      </DialogTitle>
      <DialogContent dividers>
        <PackageSelect
          name="packageId"
          label={t('system.tenant.packageId')}
          value={packageId}
          onChange={(v) => setPackageId(String(v ?? ''))}
          onBlur={() => {}}
          disabled={busy}
          error={false}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
