import { CrudScreen } from '@/components/crud/CrudScreen'
import { tradingProjectResource } from './tradingProjectResource'

export const TradingProjectPage = () => <CrudScreen resource={tradingProjectResource} />
