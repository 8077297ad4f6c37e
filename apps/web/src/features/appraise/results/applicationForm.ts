import { APPRAISE_DEFAULTS, formatDate, type TResultsVO, type ZResultsVOSubmitSchema } from '@ysjs/shared'
import type { z } from 'zod'
import { text } from '@/lib/text'

/** The application form's values: what `saveResultsVO` takes, as the controls hold it. */
export type TApplicationValues = z.input<typeof ZResultsVOSubmitSchema>

/** A unit or person row as the row controls hold it (every cell a string). */
export type TRowValues = Record<string, string>

export const blankApplication = (): TApplicationValues => ({
  agreementNumber: undefined,
  name: '',
  firstParty: '',
  signingLocation: '',
  signingDate: formatDate(new Date()),
  resultsSource: '',
  outcomeType: '',
  synopsis: '',
  appraiseType: APPRAISE_DEFAULTS.APPRAISE_TYPE,
  meetingType: String(APPRAISE_DEFAULTS.MEETING_TYPE),
  meetingTime: '',
  meetingVenue: APPRAISE_DEFAULTS.MEETING_VENUE,
  unitEntityList: [],
  peopleEntityList: [],
  principal: {},
})

const rowOf = (o: Record<string, unknown>): TRowValues =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, text(v)]))

/** A stored application as the form's values. */
export const applicationOf = (record: TResultsVO): TApplicationValues => ({
  id: record.id,
  agreementNumber: text(record.agreementNumber),
  name: record.name,
  firstParty: text(record.firstParty),
  signingLocation: text(record.signingLocation),
  signingDate: text(record.signingDate),
  resultsSource: text(record.resultsSource),
  outcomeType: text(record.outcomeType),
  synopsis: text(record.synopsis),
  appraiseType: text(record.appraiseType),
  meetingType: text(record.meetingType),
  meetingTime: text(record.meetingTime),
  meetingVenue: text(record.meetingVenue),
  unitEntityList: record.unitEntityList.map((u) => rowOf(u)),
  peopleEntityList: record.peopleEntityList.map((p) => rowOf(p)),
  principal: record.principal ? rowOf(record.principal) : {},
})

/** Tabs of the application itself (saved by 暂存/提交 at the bottom of the editor). */
export const APPLICATION_TABS = ['basic', 'principal', 'units', 'people']

/** The tab that shows the field at `path` (a failed check opens it). */
export const tabOfField = (path: string): string => {
  if (path.startsWith('principal')) {
    return 'principal'
  }
  if (path.startsWith('unitEntityList')) {
    return 'units'
  }
  if (path.startsWith('peopleEntityList')) {
    return 'people'
  }
  return 'basic'
}

export const PRINCIPAL_FIELDS = [
  ['unitName', 'unitName'],
  ['dutyNumber', 'dutyNumber'],
  ['legalPerson', 'legalPerson'],
  ['address', 'address'],
  ['agent', 'agent'],
  ['phone', 'phone'],
  ['name', 'contact'],
  ['cardNumber', 'cardNumber'],
  ['postcode', 'postcode'],
  ['accountNumber', 'accountNumber'],
  ['fax', 'fax'],
  ['personMail', 'personMail'],
] as const

export const UNIT_FIELDS = [
  ['unitName', 'companyName'],
  ['postcode', 'unitPostcode'],
  ['address', 'unitAddress'],
  ['name', 'contact'],
  ['phone', 'unitPhone'],
] as const
