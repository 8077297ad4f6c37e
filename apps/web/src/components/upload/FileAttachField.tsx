import AttachFileIcon from '@mui/icons-material/AttachFile'
import Button from '@mui/material/Button'
import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { useRef, useState } from 'react'
import { useController } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'
import { fileUrl } from '@/lib/fileLink'
import { toast } from '@/lib/notify'
import { uploadAttachment } from '@/lib/upload'
import { ATTACHMENT_ACCEPT, attachmentProblem } from './attachment'

/**
 * One attachment (spec section 5: 1 file, at most 20480 KB, pdf/doc/docx/xls/xlsx/jpg/png), uploaded
 * through `put-file-attach`. The field holds the file's link; its original name goes to `fileName`.
 */
export const FileAttachField = ({
  name,
  label,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  helperText,
  control,
}: TCustomFieldProps) => {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const fileName = useController({ name: 'fileName', control })
  const link = typeof value === 'string' ? value : ''

  const choose = async (file: File | undefined) => {
    if (!file) {
      return
    }
    const problem = attachmentProblem(file)
    if (problem) {
      toast.warning(t(problem === 'type' ? 'trading.file.badType' : 'trading.file.tooLarge'))
      return
    }
    setBusy(true)
    try {
      const uploaded = await uploadAttachment(file)
      onChange(uploaded.link)
      fileName.field.onChange(uploaded.originalName)
      onBlur()
    } catch {
      // The HTTP client has already shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormControl error={error} fullWidth data-field={name}>
      <FormLabel sx={{ fontSize: 12 }}>{label}</FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 40 }}>
        {link ? (
          <Link href={fileUrl(link)} target="_blank" rel="noopener" data-testid="attached-file">
            <AttachFileIcon fontSize="inherit" /> {String(fileName.field.value || link.split('/').pop())}
          </Link>
        ) : null}
        {!disabled && (
          <>
            <Button size="small" variant="outlined" disabled={busy} onClick={() => input.current?.click()}>
              {busy ? t('trading.file.uploading') : t('trading.file.upload')}
            </Button>
            {link && (
              <Button
                size="small"
                color="inherit"
                onClick={() => {
                  onChange('')
                  fileName.field.onChange('')
                }}
              >
                {t('trading.file.remove')}
              </Button>
            )}
            <input
              ref={input}
              type="file"
              hidden
              accept={ATTACHMENT_ACCEPT}
              data-testid={`${name}-input`}
              onChange={(e) => {
                void choose(e.target.files?.[0])
                e.target.value = ''
              }}
            />
          </>
        )}
      </Stack>
      <FormHelperText>{helperText ?? t('trading.file.hint')}</FormHelperText>
    </FormControl>
  )
}
