import {
  Alert,
  Button,
  Grid,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { type ReactNode, useState } from 'react'
import { useController } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormDate, FormText } from '@/components/form/Fields'
import { keepFocus, REQUIRED_LABEL_CLASS } from '@/components/form/requiredLabel'
import { useRequired } from '@/components/form/ZodFormProvider'
import { translateMessage } from '@/lib/i18n/messages'
import { text } from '@/lib/text'
import { downloadDocument, type TFormKind } from '../appraiseApi'
import type { TDocForm } from './useDocForm'

/** A text field of a document form, half width by default; `data-testid` is `form-<name>`. */
export const DocField = ({
  doc,
  name,
  label,
  type,
  readOnly,
  maxLength,
  span = 6,
}: {
  doc: TDocForm
  name: string
  label: string
  type?: 'date'
  readOnly?: boolean
  maxLength?: number
  span?: number
}) => (
  <Grid size={{ xs: 12, md: span }}>
    {type === 'date' ? (
      <FormDate name={name} label={label} disabled={!doc.canEdit || readOnly} />
    ) : (
      <FormText
        name={name}
        label={label}
        disabled={!doc.canEdit || readOnly}
        htmlInput={{ maxLength, 'data-testid': `form-${name}` }}
      />
    )}
  </Grid>
)

export const MeetingTypeSelect = ({ doc }: { doc: TDocForm }) => {
  const { t } = useTranslation()
  return (
    <Grid size={{ xs: 12, md: 6 }}>
      <FormText name="meetingType" select label={t('appraise.field.meetingType')} disabled={!doc.canEdit}>
        <MenuItem value="1">{t('appraise.meetingTypes.online')}</MenuItem>
        <MenuItem value="2">{t('appraise.meetingTypes.offline')}</MenuItem>
      </FormText>
    </Grid>
  )
}

const lines = (v: unknown) => (Array.isArray(v) ? v.map(text).join('\n') : text(v))
const toLines = (v: string) =>
  v
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)

/** A list typed one item a line (the suggested enterprises); the form holds the list. */
export const ListField = ({ doc, name, label }: { doc: TDocForm; name: string; label: string }) => {
  const { field, fieldState } = useController({ name })
  const required = useRequired(name)
  // The text as typed; the list the server takes is derived from it on every change.
  const [typed, setTyped] = useState<string | null>(null)
  return (
    <TextField
      label={label}
      multiline
      minRows={2}
      name={field.name}
      inputRef={field.ref}
      value={typed ?? lines(field.value)}
      onChange={(e) => {
        setTyped(e.target.value)
        field.onChange(toLines(e.target.value))
      }}
      onBlur={field.onBlur}
      disabled={!doc.canEdit}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
      slotProps={{
        inputLabel: { className: required ? REQUIRED_LABEL_CLASS : undefined },
        htmlInput: { 'data-testid': `form-${name}`, 'aria-required': required || undefined },
      }}
    />
  )
}

export const DocButtons = ({
  doc,
  kind,
  resultsId,
}: {
  doc: TDocForm
  kind: TFormKind
  resultsId: string
}) => {
  const { t } = useTranslation()
  const title = t(`appraise.document.${kind}`)
  return (
    <Stack direction="row" spacing={1}>
      {doc.canEdit && (
        <>
          <Button variant="outlined" disabled={doc.busy} onClick={() => void doc.saveDraft()} {...keepFocus}>
            {t('appraise.saveDraft')}
          </Button>
          <Button variant="contained" disabled={doc.busy} onClick={() => void doc.generate()} {...keepFocus}>
            {t('appraise.generate')}
            {title}
          </Button>
        </>
      )}
      {doc.generated && (
        <Button
          variant="outlined"
          onClick={() => void downloadDocument(resultsId, kind).catch(() => undefined)}
        >
          {t('appraise.download')}
          {title}
        </Button>
      )}
    </Stack>
  )
}

export const ReadOnlyHint = ({ doc }: { doc: TDocForm }) => {
  const { t } = useTranslation()
  return doc.loaded && !doc.canEdit ? <Alert severity="info">{t('appraise.formReadOnly')}</Alert> : null
}

/** Rows the server fills in (indexes, units, people), shown read-only. */
export const SimpleTable = ({
  head,
  rows,
  label,
}: {
  head: string[]
  rows: ReactNode[][]
  label: string
}) => (
  <Stack spacing={0.5}>
    <Typography variant="subtitle2">{label}</Typography>
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in the server's order
          <TableRow key={i}>
            {r.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <TableCell key={j}>{c}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Stack>
)

export type TTabProps = { resultsId: string; onDone: () => void }
