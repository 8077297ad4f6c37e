import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { getStore, setStore } from '@/lib/session/storage'
import { en } from './en'
import { zh } from './zh'

export const LANGUAGES = ['zh', 'en'] as const
export type TLanguage = (typeof LANGUAGES)[number]
export const LANGUAGE_KEY = 'language'

const storedLanguage = (): TLanguage => {
  const stored = getStore<string>(LANGUAGE_KEY)
  return LANGUAGES.find((l) => l === stored) ?? 'zh'
}

export const initI18n = () =>
  i18next.use(initReactI18next).init({
    resources: { zh: { translation: zh }, en: { translation: en } },
    lng: storedLanguage(),
    fallbackLng: 'zh',
    interpolation: { escapeValue: false },
    // A text without a translation (in either language) shows its key: say so where it is seen, so the
    // screen sweep (e2e/screens.spec.ts) fails on it.
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => console.error(`i18n: no text for the key ${key}`),
  })

/** Switches the language and remembers it across visits. */
export const changeLanguage = async (lng: TLanguage): Promise<void> => {
  setStore(LANGUAGE_KEY, lng)
  await i18next.changeLanguage(lng)
  document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en'
}

export const currentLanguage = (): TLanguage => LANGUAGES.find((l) => l === i18next.language) ?? 'zh'
