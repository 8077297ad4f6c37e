import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { dictTables, type TDictTable } from '../api/dictBizApi'
import { useDictWorkbench } from '../useDictWorkbench'
import { DictChildren } from './DictChildren'

/** The dictionaries and the chosen one's items: side by side on a wide screen, or one above the other. */
export const DictPanes = ({
  table = dictTables.business,
  vertical = false,
}: {
  table?: TDictTable
  vertical?: boolean
}) => {
  const { t } = useTranslation()
  const { parents, children, parent, select } = useDictWorkbench(table)
  const parentsGrid = (
    <CrudScreen
      resource={parents}
      urlPrefix="p"
      title={t('system.dict.parents')}
      onRowClick={select}
      highlightRowId={parent?.id}
    />
  )
  const childrenGrid = <DictChildren parent={parent} resource={children} />
  if (vertical) {
    return (
      <Stack spacing={2}>
        {parentsGrid}
        {childrenGrid}
      </Stack>
    )
  }
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>{parentsGrid}</Grid>
      <Grid size={{ xs: 12, lg: 6 }}>{childrenGrid}</Grid>
    </Grid>
  )
}
