import { CrudScreen } from '@/components/crud/CrudScreen'
import { assortResource } from './assortResource'

export const AssortPage = () => <CrudScreen resource={assortResource} />
