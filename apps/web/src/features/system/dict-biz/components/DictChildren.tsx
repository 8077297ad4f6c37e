import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TResource } from '@/components/crud/types'
import type { TDictRow } from '../api/dictBizApi'

/** The items of the chosen dictionary, or a hint to choose one first. */
export const DictChildren = ({
  parent,
  resource,
}: {
  parent: TDictRow | null
  resource: TResource<TDictRow> | null
}) => {
  const { t } = useTranslation()
  if (!parent || !resource) {
    return (
      <Paper sx={{ p: 6, textAlign: 'center' }} data-testid="dict-children-empty">
        <Typography color="text.secondary">{t('system.dict.pickParent')}</Typography>
      </Paper>
    )
  }
  return (
    <CrudScreen
      key={parent.id}
      resource={resource}
      urlPrefix="c"
      title={t('system.dict.currentParent', { name: `${parent.dictValue} (${parent.code})` })}
    />
  )
}
