import { screen, type TScreenRegistry } from '@/app/router/screen'

/** The seeded menu paths of the trading screens. */
export const tradingScreens: TScreenRegistry = {
  '/trading/project': screen(
    () => import('./project/TradingProjectPage'),
    'TradingProjectPage',
    'trading.route.project',
  ),
  '/trading/deal': screen(() => import('./deal/DealPage'), 'DealPage', 'trading.route.deal'),
}
