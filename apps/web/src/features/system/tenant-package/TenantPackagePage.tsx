import { CrudScreen } from '@/components/crud/CrudScreen'
import { tenantPackageResource } from './tenantPackageResource'

export const TenantPackagePage = () => <CrudScreen resource={tenantPackageResource} />
