import { CrudScreen } from '@/components/crud/CrudScreen'
import { deptResource } from './deptResource'

export const DeptPage = () => <CrudScreen resource={deptResource} />
