import { CrudScreen } from '@/components/crud/CrudScreen'
import { dealResource } from './dealResource'

export const DealPage = () => <CrudScreen resource={dealResource} />
