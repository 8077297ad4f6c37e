import { CrudScreen } from '@/components/crud/CrudScreen'
import { templateResource } from './templateResource'

export const TemplatePage = () => <CrudScreen resource={templateResource} />
