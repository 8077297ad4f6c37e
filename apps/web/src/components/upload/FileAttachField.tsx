import AttachFileIcon from '@mui/icons-material/AttachFile'
import Button from '@mui/material/Button'
import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { extensionOf, type TUploadedFile, UPLOAD } from '@ysjs/shared'
import { useRef, useState } from 'react'
import { useController } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'
import { fileUrl } from '@/lib/fileLink'
import { http } from '@/lib/http'
import { toast } from '@/lib/notify'

const PUT_FILE_ATTACH_URL = '/api/ysjs-resource/oss/endpoint/put-file-attach'
const ACCEPT = UPLOAD.ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')

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
    if (!(UPLOAD.ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
      toast.warning(t('trading.file.badType'))
      return
    }
    if (file.size > UPLOAD.ATTACHMENT_MAX_BYTES) {
      toast.warning(t('trading.file.tooLarge'))
      return
    }
    setBusy(true)
    try {
      const body = new FormData()
      body.append('file', file)
      const uploaded = await http.post<TUploadedFile>(PUT_FILE_ATTACH_URL, body)
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
              accept={ACCEPT}
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
