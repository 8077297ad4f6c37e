import { CrudScreen } from '@/components/crud/CrudScreen'
import { labelResource } from './resources'

export const KmsLabelPage = () => <CrudScreen resource={labelResource} />
