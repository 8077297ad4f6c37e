import { enUS, zhCN } from '@mui/x-data-grid/locales'
import { useTranslation } from 'react-i18next'

/** The DataGrid's own texts (pager, column menu, "no rows") in the interface language. */
export const useGridLocaleText = () => {
  const { i18n } = useTranslation()
  return (i18n.language === 'en' ? enUS : zhCN).components.MuiDataGrid.defaultProps.localeText
}
