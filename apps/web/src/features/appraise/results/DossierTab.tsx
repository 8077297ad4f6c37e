import { Button, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { resultsEventText, ZResultsMessageSchema } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { FormText } from '@/components/form/Fields'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { useResourceMutation } from '@/lib/resource/hooks'
import { queryKeys } from '@/lib/resource/queryKeys'
import { appraiseApi } from '../appraiseApi'

/**
 * The dossier: every status change with its opinion, message, document, file, push and score of the
 * application in time order, with who and when (the zip download carries the same as an appendix).
 */
export const DossierTab = ({ resultsId }: { resultsId: string }) => {
  const { t } = useTranslation()
  const eventsKey = queryKeys.call('appraise', 'dossier', resultsId)
  const events = useQuery({ queryKey: eventsKey, queryFn: () => appraiseApi.dossier(resultsId) })
  const form = useZodForm(ZResultsMessageSchema, { defaultValues: { resultsId, content: '' } })
  const send = useResourceMutation((content: string) => appraiseApi.postMessage(resultsId, content), {
    invalidates: [eventsKey],
    onSuccess: () => form.reset({ resultsId, content: '' }),
  })
  const rows = events.data ?? []
  return (
    <Stack spacing={2}>
      <Table size="small" aria-label={t('appraise.tab.dossier')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 170 }}>{t('appraise.dossier.time')}</TableCell>
            <TableCell sx={{ width: 120 }}>{t('appraise.dossier.user')}</TableCell>
            <TableCell sx={{ width: 110 }}>{t('appraise.dossier.kind')}</TableCell>
            <TableCell>{t('appraise.dossier.content')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((e) => (
            <TableRow key={e.id} data-testid={`dossier-${e.kind}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.createTime}</TableCell>
              <TableCell>{e.userName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {t(`appraise.event.${e.kind}`, { defaultValue: e.kind })}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{resultsEventText(e)}</TableCell>
            </TableRow>
          ))}
          {!events.isLoading && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>{t('appraise.dossier.empty')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <ZodFormProvider form={form}>
        <Stack
          component="form"
          noValidate
          direction="row"
          spacing={1}
          onSubmit={form.submit((values) => send.runOrThrow(values.content))}
        >
          <FormText name="content" label={t('appraise.message')} disabled={send.busy} />
          <Button type="submit" variant="outlined" disabled={send.busy} sx={{ alignSelf: 'flex-start' }}>
            {t('appraise.send')}
          </Button>
        </Stack>
      </ZodFormProvider>
    </Stack>
  )
}
