import { PERMISSIONS } from '@ysjs/shared'
import { CrudScreen } from '@/components/crud/CrudScreen'
import {
  calendarResource,
  carResource,
  escortResource,
  invoicingResource,
  registrantResource,
} from './resources'

const cars = carResource(PERMISSIONS.meetingCarMaintenance)
const upkeep = carResource(PERMISSIONS.meetingUpkeepList)

export const CalendarPage = () => <CrudScreen resource={calendarResource} />
export const RegistrantsPage = () => <CrudScreen resource={registrantResource} />
export const InvoicingPage = () => <CrudScreen resource={invoicingResource} />
export const EscortPage = () => <CrudScreen resource={escortResource} />
export const CarMaintenancePage = () => <CrudScreen resource={cars} />
/** 车辆保养: the vehicles with their upkeep date, item and cost. */
export const UpkeepListPage = () => <CrudScreen resource={upkeep} />
