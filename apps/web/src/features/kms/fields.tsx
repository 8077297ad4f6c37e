import AttachFileIcon from '@mui/icons-material/AttachFile'
import { Box, Chip, FormHelperText } from '@mui/material'
import { useController } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'
import { FileButton } from '@/components/upload/FileButton'
import { useUploading } from '@/components/upload/useUploading'
import { fileUrl } from '@/lib/fileLink'
import { uploadAttachment } from '@/lib/upload'

/** An attachment as the entry detail answers it (and the upload, once recorded). */
export type TEntryAttachment = { id: string; link: string; originalName: string | null }

/**
 * Attachments through `put-file-attach`, which records each file as an attachment row: the value is
 * the attachment ids, comma separated (the platform's form). Names and links live beside it in the
 * form's `attachments` (seeded from the entry detail), which the submit schema does not send.
 */
export const AttachField = ({
  label,
  value,
  onChange,
  disabled,
  helperText,
  error,
  control,
}: TCustomFieldProps) => {
  const { t } = useTranslation()
  const known = useController({ name: 'attachments', control })
  const { busy, failure, upload } = useUploading()
  const ids = String(value ?? '')
    .split(',')
    .filter(Boolean)
  const files = (Array.isArray(known.field.value) ? known.field.value : []) as TEntryAttachment[]
  const byId = new Map(files.map((f) => [f.id, f]))
  const add = (file: File) =>
    upload(async () => {
      const saved = await uploadAttachment(file)
      if (!saved.attachId) {
        return
      }
      const attachId = saved.attachId
      known.field.onChange([...files, { id: attachId, link: saved.link, originalName: saved.originalName }])
      onChange([...ids, attachId].join(','))
    })
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {!disabled && (
          <FileButton
            variant="outlined"
            size="small"
            startIcon={<AttachFileIcon />}
            disabled={busy}
            inputTestId="kms-attach-input"
            onFile={(file) => void add(file)}
          >
            {label}：{t('kms.upload')}
          </FileButton>
        )}
        {ids.map((id) => {
          const file = byId.get(id)
          return (
            <Chip
              key={id}
              data-testid="kms-attachment"
              icon={<AttachFileIcon />}
              label={file?.originalName || file?.link.split('/').pop() || id}
              {...(file
                ? {
                    component: 'a',
                    href: fileUrl(file.link),
                    target: '_blank',
                    rel: 'noopener',
                    clickable: true,
                  }
                : {})}
              {...(disabled ? {} : { onDelete: () => onChange(ids.filter((x) => x !== id).join(',')) })}
            />
          )
        })}
        {disabled && !ids.length && <FormHelperText>{t('kms.noAttachment')}</FormHelperText>}
      </Box>
      {(failure || helperText) && (
        <FormHelperText error={error || !!failure}>{failure ?? helperText}</FormHelperText>
      )}
    </Box>
  )
}
