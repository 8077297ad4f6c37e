import { CrudScreen } from '@/components/crud/CrudScreen'
import { catalogResource } from './resources'

export const KmsCatalogPage = () => <CrudScreen resource={catalogResource} />
