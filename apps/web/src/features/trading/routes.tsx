import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const TradingProjectPage = lazyScreen(() => import('./project/TradingProjectPage'), 'TradingProjectPage')
const DealPage = lazyScreen(() => import('./deal/DealPage'), 'DealPage')
const EquityPage = lazyScreen(() => import('./equity/EquityPage'), 'EquityPage')

/** The seeded menu paths of the trading screens and of 成果评价 › 知识产权. */
export const tradingScreens: TScreenRegistry = {
  '/trading/project': { component: TradingProjectPage, titleKey: 'trading.route.project' },
  '/trading/deal': { component: DealPage, titleKey: 'trading.route.deal' },
  '/appraise/equity': { component: EquityPage, titleKey: 'trading.route.equity' },
}
