import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const TradingProjectPage = lazyScreen(() => import('./project/TradingProjectPage'), 'TradingProjectPage')
const DealPage = lazyScreen(() => import('./deal/DealPage'), 'DealPage')

/** The seeded menu paths of the trading screens. */
export const tradingScreens: TScreenRegistry = {
  '/trading/project': { component: TradingProjectPage, titleKey: 'trading.route.project' },
  '/trading/deal': { component: DealPage, titleKey: 'trading.route.deal' },
}
