import Grid from '@mui/material/Grid'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { dictTables, type TDictTable } from '../api/dictBizApi'
import { useDictWorkbench } from '../useDictWorkbench'
import { DictChildren } from './DictChildren'

/** `/dict-horizontal/index`: dictionaries on the left, the chosen one's items on the right. */
export const DictHorizontalPage = ({ table = dictTables.business }: { table?: TDictTable }) => {
  const { t } = useTranslation()
  const { parents, children, parent, select } = useDictWorkbench(table)
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <CrudScreen
          resource={parents}
          urlPrefix="p"
          title={t('system.dict.parents')}
          onRowClick={select}
          highlightRowId={parent?.id}
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <DictChildren parent={parent} resource={children} />
      </Grid>
    </Grid>
  )
}

/** `/system/dict`: the system dictionary (the platform's, one set for every tenant), side by side. */
export const SystemDictPage = () => <DictHorizontalPage table={dictTables.system} />
