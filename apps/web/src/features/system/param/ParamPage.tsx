import { CrudScreen } from '@/components/crud/CrudScreen'
import { paramResource } from './paramResource'

export const ParamPage = () => <CrudScreen resource={paramResource} />
