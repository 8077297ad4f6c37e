import { CrudScreen } from '@/components/crud/CrudScreen'
import { associationResource, mainExpertResource, personResource, unitResource } from './resources'

export const UnitPage = () => <CrudScreen resource={unitResource} />
export const AssociationPage = () => <CrudScreen resource={associationResource} />
export const PersonPage = () => <CrudScreen resource={personResource} />
export const MainExpertPage = () => <CrudScreen resource={mainExpertResource} />
