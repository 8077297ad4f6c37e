import { CrudScreen } from '@/components/crud/CrudScreen'
import { clientResource } from './clientResource'

export const ClientPage = () => <CrudScreen resource={clientResource} />
