import UploadFileIcon from '@mui/icons-material/UploadFile'
import {
  Alert,
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import type { TImportReport } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TField, TResource } from '@/components/crud/types'
import { FileButton } from '@/components/upload/FileButton'
import { fileUrl } from '@/lib/fileLink'
import { usePermittedActions } from '@/lib/session/permissions'
import { downloadTemplate, importExperts, type TExpertRow } from './expertApi'
import { expertResource } from './resources'

/** The list shows the photo first; the dialog keeps its upload control. */
const photoColumn: TField = {
  name: 'photo',
  labelKey: 'expert.f.pictureUrl',
  form: false,
  column: {
    width: 64,
    render: (row) => (
      <Avatar
        variant="rounded"
        src={row.pictureUrl ? fileUrl(String(row.pictureUrl)) : undefined}
        alt={String(row.name ?? '')}
        sx={{ width: 32, height: 32, my: 0.5 }}
      />
    ),
  },
}
const listResource: TResource<TExpertRow> = {
  ...expertResource,
  fields: [photoColumn, ...expertResource.fields],
}

const DETAIL_FIELDS = [
  'sex',
  'birty',
  'workUnit',
  'position',
  'level',
  'profession',
  'direction',
  'educational',
  'degree',
  'school',
  'mobilePhone',
  'email',
  'address',
  'userAccount',
  'contributions',
  'introduction',
] as const

const ExpertDrawer = ({ row, onClose }: { row: TExpertRow; onClose: () => void }) => {
  const { t } = useTranslation()
  const value = (key: (typeof DETAIL_FIELDS)[number]) => {
    const v = row[key]
    if (key === 'sex') {
      return v === 1 ? t('expert.f.male') : v === 0 ? t('expert.f.female') : ''
    }
    return v === null || v === undefined ? '' : String(v)
  }
  const honours = (['isSupervisor', 'isSciences', 'isEngineering'] as const).filter((k) => row[k] === 1)
  return (
    <Drawer anchor="right" open onClose={onClose}>
      <Box sx={{ width: 380, p: 3 }} role="dialog" aria-label={t('expert.detail')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar
            variant="rounded"
            src={row.pictureUrl ? fileUrl(row.pictureUrl) : undefined}
            alt={row.name ?? ''}
            sx={{ width: 96, height: 96 }}
          />
          <Box>
            <Typography variant="h6">{row.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[row.level, row.workUnit].filter(Boolean).join(' · ')}
            </Typography>
            <Typography variant="body2" color="primary">
              {honours.map((k) => t(`expert.f.${k}`)).join('、')}
            </Typography>
          </Box>
        </Stack>
        <Divider />
        <List dense>
          {DETAIL_FIELDS.filter((k) => value(k) !== '').map((k) => (
            <ListItem key={k} disableGutters>
              <ListItemText
                primary={value(k)}
                secondary={t(k === 'userAccount' ? 'expert.f.userId' : `expert.f.${k}`)}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
              />
            </ListItem>
          ))}
        </List>
      </Box>
    </Drawer>
  )
}

const ImportDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [report, setReport] = useState<TImportReport | null>(null)
  const send = async (file: File) => {
    setBusy(true)
    try {
      const answer = await importExperts(file)
      setReport(answer)
      await queryClient.invalidateQueries({ queryKey: [expertResource.key] })
    } catch {
      // The HTTP client shows the message.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('expert.importTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('expert.importHint')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={downloadTemplate}>
            {t('expert.downloadTemplate')}
          </Button>
          <FileButton
            variant="contained"
            startIcon={<UploadFileIcon />}
            disabled={busy}
            accept=".xlsx"
            inputLabel={t('expert.chooseFile')}
            onFile={(file) => void send(file)}
          >
            {t('expert.chooseFile')}
          </FileButton>
        </Stack>
        {report && (
          <Box sx={{ mt: 2 }} data-testid="import-report">
            <Alert severity={report.errors.length ? 'warning' : 'success'}>
              {t('expert.importDone', { total: report.total, imported: report.imported })}
            </Alert>
            {report.errors.length > 0 && (
              <>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('expert.importErrors')}
                </Typography>
                <List dense sx={{ maxHeight: 240, overflow: 'auto' }}>
                  {report.errors.map((e) => (
                    <ListItem key={e.row} disableGutters>
                      <ListItemText primary={`${t('expert.row', { row: e.row })}: ${e.message}`} />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

/** 专家库: experts with their photos, a detail drawer, the form, export and import. */
export const ExpertPage = () => {
  const { t } = useTranslation()
  const can = usePermittedActions(expertResource.permissions)
  const [shown, setShown] = useState<TExpertRow | null>(null)
  const [importing, setImporting] = useState(false)
  return (
    <>
      <CrudScreen
        resource={listResource}
        onRowClick={setShown}
        toolbar={
          can.add ? (
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
              {t('expert.import')}
            </Button>
          ) : null
        }
      />
      {shown && <ExpertDrawer row={shown} onClose={() => setShown(null)} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </>
  )
}
