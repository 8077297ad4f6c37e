import { CrudScreen } from '@/components/crud/CrudScreen'
import { authorResource } from './resources'

export const KmsAuthorPage = () => <CrudScreen resource={authorResource} />
