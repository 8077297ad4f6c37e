import { CrudScreen } from '@/components/crud/CrudScreen'
import { equityResource } from './equityResource'

export const EquityPage = () => <CrudScreen resource={equityResource} />
