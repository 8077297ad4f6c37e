import { CrudScreen } from '@/components/crud/CrudScreen'
import { logResource } from './logResources'

const usual = logResource('usual')
const api = logResource('api')
const error = logResource('error')

export const UsualLogPage = () => <CrudScreen resource={usual} />
export const ApiLogPage = () => <CrudScreen resource={api} />
export const ErrorLogPage = () => <CrudScreen resource={error} />
