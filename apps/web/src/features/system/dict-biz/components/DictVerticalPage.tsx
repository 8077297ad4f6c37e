import Stack from '@mui/material/Stack'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { useDictWorkbench } from '../useDictWorkbench'
import { DictChildren } from './DictChildren'

/** `/dict-vertical/index`: dictionaries above, the chosen one's items below. */
export const DictVerticalPage = () => {
  const { t } = useTranslation()
  const { parents, children, parent, select } = useDictWorkbench()
  return (
    <Stack spacing={2}>
      <CrudScreen
        resource={parents}
        urlPrefix="p"
        title={t('system.dict.parents')}
        onRowClick={select}
        highlightRowId={parent?.id}
      />
      <DictChildren parent={parent} resource={children} />
    </Stack>
  )
}
