import { Button, IconButton, Link, Stack, Table, TableBody, TableCell, TableRow } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { fileUrl } from '@/lib/fileLink'
import { useResourceMutation } from '@/lib/resource/hooks'
import { queryKeys } from '@/lib/resource/queryKeys'
import { appraiseApi } from '../appraiseApi'

const A = 'appraise'

/** 附件: the application's files under the attachment categories (assort/list, 12–17 seeded). */
export const FilesTab = ({ resultsId, canEdit }: { resultsId: string; canEdit: boolean }) => {
  const { t } = useTranslation()
  const assorts = useQuery({ queryKey: queryKeys.call(A, 'assorts'), queryFn: () => appraiseApi.assorts() })
  const filesKey = queryKeys.call(A, 'files', resultsId)
  const files = useQuery({ queryKey: filesKey, queryFn: () => appraiseApi.files(resultsId) })
  const upload = useResourceMutation(
    (assortId: string, file: File) => appraiseApi.upload(resultsId, assortId, file),
    { invalidates: [filesKey] },
  )
  const remove = useResourceMutation((id: string) => appraiseApi.removeFiles([id]), {
    confirm: 'msg.deleteConfirm',
    success: 'msg.deleteSuccess',
    invalidates: [filesKey],
  })
  return (
    <Table size="small">
      <TableBody>
        {(assorts.data ?? []).map((assort) => (
          <TableRow key={assort.id}>
            <TableCell sx={{ width: 160 }}>{assort.name}</TableCell>
            <TableCell>
              {(files.data ?? [])
                .filter((f) => f.assortId === assort.id)
                .map((f) => (
                  <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Link href={fileUrl(f.link)} target="_blank" rel="noopener">
                      {f.name}
                    </Link>
                    {canEdit && (
                      <IconButton
                        size="small"
                        aria-label={t('appraise.remove')}
                        onClick={() => void remove.run(f.id)}
                        disabled={remove.busy}
                      >
                        ×
                      </IconButton>
                    )}
                  </Stack>
                ))}
            </TableCell>
            <TableCell align="right">
              {canEdit && (
                <Button component="label" size="small">
                  {t('appraise.upload')}
                  <input
                    hidden
                    type="file"
                    onChange={(e) => {
                      const file = e.target.files?.[0]
                      if (file) {
                        void upload.run(assort.id, file)
                      }
                    }}
                  />
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
