import i18next from 'i18next'
import { appraiseEn, appraiseZh } from '@/features/appraise/i18n'
import { developEn, developZh } from '@/features/develop/i18n'
import { expertEn, expertZh } from '@/features/expert/i18n'
import { flowEn, flowZh } from '@/features/flow/i18n'
import { generatedEn, generatedZh } from '@/features/generated/i18n'
import { issuerEn, issuerZh } from '@/features/issuer/i18n'
import { jobEn, jobZh } from '@/features/job/i18n'
import { kmsEn, kmsZh } from '@/features/kms/i18n'
import { logEn, logZh } from '@/features/log/i18n'
import { meetingEn, meetingZh } from '@/features/meeting/i18n'
import { reportEn, reportZh } from '@/features/report/i18n'
import { resourceEn, resourceZh } from '@/features/resource/i18n'
import { smsEn, smsZh } from '@/features/resource/sms/i18n'
import { surveyEn, surveyZh } from '@/features/survey/i18n'
import { en as authorityEn, zh as authorityZh } from '@/features/system/authority/i18n'
import { tenancyEn, tenancyZh } from '@/features/system/tenant/i18n'
import { orgEn, orgZh } from '@/features/system/user/i18n'
import { tradingEn, tradingZh } from '@/features/trading/i18n'

/**
 * Texts of the screens behind the login. They load with the layout's code (fetched while the user types
 * on the login form), not with the login route, whose initial JavaScript has a budget: a module adds
 * its texts here, not to zh.ts/en.ts, which hold what the login, the shell and the shared components say.
 */
export const screensZh = {
  ...authorityZh,
  ...orgZh,
  system: { ...tenancyZh },
  log: logZh,
  report: reportZh,
  sms: smsZh,
  resource: resourceZh,
  job: jobZh,
  trading: tradingZh,
  kms: kmsZh,
  meeting: meetingZh,
  appraise: appraiseZh,
  issuer: issuerZh,
  survey: surveyZh,
  expert: expertZh,
  flow: { ...flowZh },
  generated: generatedZh,
  develop: developZh,
}

type TDeep<T> = { -readonly [K in keyof T]: T[K] extends string ? string : TDeep<T[K]> }
export const screensEn: TDeep<typeof screensZh> = {
  ...authorityEn,
  ...orgEn,
  system: { ...tenancyEn },
  log: logEn,
  report: reportEn,
  sms: smsEn,
  resource: resourceEn,
  job: jobEn,
  trading: tradingEn,
  kms: kmsEn,
  meeting: meetingEn,
  appraise: appraiseEn,
  issuer: issuerEn,
  survey: surveyEn,
  expert: expertEn,
  flow: { ...flowEn },
  generated: generatedEn,
  develop: developEn,
}

/** Merged into the one `translation` namespace (deep), so keys read the same as the shell's. */
const register = () => {
  i18next.addResourceBundle('zh', 'translation', screensZh, true, true)
  i18next.addResourceBundle('en', 'translation', screensEn, true, true)
}

if (i18next.isInitialized) {
  register()
} else {
  i18next.on('initialized', register)
}
