import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, login, type TTestApp } from './helpers/app.ts'

// Old clients read the envelope's `data` and the field names of spec section 3 (decision 023). Each
// answer below is checked in the OpenAPI document generated from the routes' response schemas, which
// whitelist what the serializer writes: the spec's fields must be there at the spec's nesting (extra
// fields beside them are fine). Behaviour tests of the changed answers live in their modules' tests.

type TSchema = {
  $ref?: string
  type?: string
  properties?: Record<string, TSchema>
  items?: TSchema
  anyOf?: TSchema[]
  allOf?: TSchema[]
}
type TDocument = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: TSchema }> }> }>
  >
  components: { schemas: Record<string, TSchema> }
}

let t: TTestApp
let doc: TDocument
beforeAll(async () => {
  t = await createTestApp()
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
})
afterAll(async () => {
  await t.close()
})

const resolve = (schema: TSchema | undefined): TSchema | undefined => {
  if (!schema) {
    return undefined
  }
  if (schema.$ref) {
    return resolve(doc.components.schemas[schema.$ref.split('/').pop()!])
  }
  // A nullable object is `anyOf: [object, null]`: the object is what a client reads.
  const object = schema.anyOf?.find((s) => resolve(s)?.properties || resolve(s)?.items)
  return object ? resolve(object) : schema
}

/** The `data` schema of a GET's 200 answer. */
const dataOf = (path: string, method = 'get') => {
  const answer = doc.paths[path]?.[method]?.responses['200']?.content?.['application/json']?.schema
  expect(answer, `${method.toUpperCase()} ${path} is documented with a JSON answer`).toBeDefined()
  return resolve(resolve(answer)?.properties?.data)
}

/** Steps into a schema: a property name, or `[]` for the items of an array. */
const at = (schema: TSchema | undefined, steps: string[], where: string): TSchema => {
  let s = schema
  for (const step of steps) {
    s = resolve(step === '[]' ? s?.items : s?.properties?.[step])
    expect(s, `${where}: ${steps.join('.')}`).toBeDefined()
  }
  return s!
}

const expectFields = (schema: TSchema, fields: readonly string[], where: string) => {
  const names = Object.keys(schema.properties ?? {})
  const missing = fields.filter((f) => !names.includes(f))
  expect(missing, `${where} lacks spec fields (has ${names.join(', ')})`).toEqual([])
}

const PAGE = ['records', 'total', 'size', 'current', 'pages'] as const

/** [path, steps into data ('[]' = items of an array), spec section 3 fields]. */
type TCase = [string, string[], readonly string[]]

const A = '/api/ysjs-appraise'
const NOTICE = [
  ...['agreementNumber', 'name', 'unit', 'evaluationDate', 'sendDate', 'meetingType', 'meetingCode'],
  ...['contact', 'phone', 'list'],
] as const
const AGREEMENT = [
  ...['agreementNumber', 'name', 'firstParty', 'signingLocation', 'signingDate', 'resultsSource'],
  ...['outcomeType', 'synopsis', 'meetingType', 'meetingTime', 'meetingVenue'],
  ...['unitEntityList', 'peopleEntityList', 'principal'],
] as const
const UNIT = ['id', 'unitName', 'postcode', 'address', 'name', 'phone'] as const
const PERSON = [
  'name',
  'sex',
  'birthTime',
  'jobName',
  'educationalLevel',
  'workUnit',
  'contribution',
] as const
const PRINCIPAL = [
  ...['unitName', 'dutyNumber', 'legalPerson', 'address', 'agent', 'phone', 'name', 'cardNumber'],
  ...['postcode', 'accountNumber', 'fax'],
] as const
const INDICATOR = ['id', 'name', 'score', 'meaning'] as const
const REPORT = [
  ...['reportNum', 'outcomeName', 'projectSource', 'outcomeType', 'firstParty', 'commissionDate'],
  ...['appraiseType', 'appraiseUnit', 'completeDate', 'times', 'statement'],
  ...['reportDictionaryEntityListOne', 'sources', 'reportDictionaryEntityListTwo', 'list', 'indexList'],
  ...['totalScore', 'unitList', 'peopleList', 'results', 'principal', 'haveMeeting'],
] as const
const MEETING = [
  ...['meetingTime', 'meetingType', 'meetingNo', 'direct', 'meetingAgenda', 'enterpriseList'],
  'leaders',
] as const
const LEADER = ['id', 'name', 'workUnit', 'technical'] as const
const EXPERT = [
  ...['name', 'englishName', 'nickname', 'sex', 'idType', 'idNumber', 'nationality', 'birty', 'nation'],
  ...['party', 'position', 'level', 'workId', 'educational', 'degree', 'school', 'graduationYear'],
  ...['studied', 'workStatus', 'workUnit', 'unitNature', 'fixedPhone', 'postalCode', 'mobilePhone'],
  ...['email', 'address', 'postalHome', 'secretaryName', 'secretaryPhone', 'direction', 'isSupervisor'],
  ...['isSciences', 'isEngineering', 'contributions', 'profession', 'introduction', 'pictureUrl'],
] as const
const COMPANY = [
  ...['id', 'surveyId', 'name', 'address', 'contact', 'phone', 'email', 'industryField'],
  ...['provinceCode', 'provinceName'],
] as const
const JOB_INFO = [
  ...['jobServerId', 'jobId', 'jobName', 'timeExpressionType', 'timeExpression', 'executeType'],
  ...['processorType', 'processorInfo', 'dispatchStrategy', 'enable', 'jobParams', 'jobDescription'],
  ...['maxInstanceNum', 'concurrency', 'instanceTimeLimit', 'instanceRetryNum', 'taskRetryNum'],
  ...['minCpuCores', 'minMemorySpace', 'minDiskSpace', 'designatedWorkers', 'maxWorkerCount'],
  ...['notifyUserIds', 'alertThreshold', 'statisticWindowLen', 'silenceWindowLen', 'logType', 'logLevel'],
  'extra',
] as const
const JOB_SERVER = ['jobServerName', 'jobServerUrl', 'jobAppName', 'jobAppPassword', 'jobRemark'] as const
const PACKAGE = ['id', 'packageName', 'menuId', 'remark'] as const
const DICT = ['code', 'dictValue', 'sort', 'isSealed', 'remark', 'dictKey', 'parentId'] as const
const ATTACH_FILE = [
  ...['id', 'name', 'remark', 'assortId', 'code', 'sortNum', 'attachId', 'createUser', 'createTime'],
  ...['updateUser', 'updateTime', 'createDept', 'status', 'isDeleted'],
] as const
const CATEGORY = ['name', 'code', 'remark'] as const
const TEMPLATE = ['id', 'name', 'remark', 'type', 'content'] as const
const PROJECT = [
  ...['technologyType', 'technicalSource', 'source', 'industryType', 'projectCountry', 'intentPrice'],
  ...['collaborationMode', 'patentSituation', 'projectPhase', 'ascription', 'title', 'content', 'isSecret'],
] as const
const EQUITY = [
  ...['type', 'name', 'country', 'accreditNo', 'accreditTime', 'certificateNo', 'obligee', 'inventor'],
  ...['isEffective', 'fileAttach', 'resultsId'],
] as const
const QUESTION = ['id', 'questionText', 'type', 'options', 'answerList'] as const
const HISTORY = ['historyActivityId', 'historyActivityType', 'endTime'] as const

const CASES: TCase[] = [
  ['/api/ysjs-system/param/detail', [], ['paramName', 'paramKey', 'paramValue', 'remark']],
  ['/api/ysjs-system/param/list', ['records', '[]'], ['paramName', 'paramKey', 'paramValue', 'remark']],
  [`${A}/notice/detail`, [], NOTICE],
  [`${A}/results/detailResultsVO`, [], AGREEMENT],
  [`${A}/results/detailResultsVO`, ['unitEntityList', '[]'], UNIT],
  [`${A}/results/detailResultsVO`, ['peopleEntityList', '[]'], PERSON],
  [`${A}/results/detailResultsVO`, ['principal'], PRINCIPAL],
  [`${A}/results/defaultConfig`, ['[]'], INDICATOR],
  [`${A}/index/selectByResultsId`, [], PAGE],
  [`${A}/index/selectByResultsId`, ['records', '[]'], INDICATOR],
  [`${A}/report/detail`, [], REPORT],
  [`${A}/report/detail`, ['indexList', '[]'], ['indexName', 'score']],
  [`${A}/report/detail`, ['unitList', '[]'], UNIT],
  [`${A}/report/detail`, ['peopleList', '[]'], PERSON],
  [`${A}/report/detail`, ['results'], ['agreementNumber', 'name', 'outcomeType']],
  [
    `${A}/report/detail`,
    ['principal'],
    ['unitName', 'address', 'agent', 'name', 'phone', 'fax', 'postcode', 'personMail'],
  ],
  [`${A}/report/detail`, ['haveMeeting'], ['meetingType', 'meetingNo', 'direct', 'meetingAgenda']],
  [`${A}/have/detail`, [], MEETING],
  [`${A}/have/detail`, ['leaders', '[]'], LEADER],
  [`${A}/have/findAll`, ['[]'], MEETING],
  [`${A}/unit/detail`, [], UNIT],
  [`${A}/unit/list`, ['records', '[]'], UNIT],
  [`${A}/unit/findByResultsId`, ['[]'], UNIT],
  [`${A}/people/detail`, [], PERSON],
  [`${A}/people/findByResultsId`, ['[]'], PERSON],
  [`${A}/principal/detail`, [], PRINCIPAL],
  [`${A}/principal/findByResultsId`, [], PRINCIPAL],
  ['/api/ysjs-system/dict-biz/dictionary', ['[]'], ['dictKey', 'dictValue']],
  ['/api/blade-expert/expertBasic/detail', [], EXPERT],
  ['/api/ysjs-evaluation/blade-company/company/companyInfo', [], COMPANY],
  ['/api/ysjs-job/job-info/detail', [], JOB_INFO],
  ['/api/ysjs-job/job-server/detail', [], JOB_SERVER],
  ['/api/ysjs-system/tenant-package/detail', [], PACKAGE],
  ['/api/ysjs-system/dict-biz/detail', [], DICT],
  ['/api/ysjs-resource/attach/detail', [], ATTACH_FILE],
  ['/api/blade-label/assort/detail', [], CATEGORY],
  [`${A}/assort/detail`, [], CATEGORY],
  [`${A}/template/detail`, [], TEMPLATE],
  ['/api/ysjs-trading/project/detail', [], PROJECT],
  [`${A}/equity/detail`, [], EQUITY],
  [`${A}/equity/findByResultsId`, ['[]'], EQUITY],
  ['/api/ysjs-evaluation/question/pageQuestionList', ['records', '[]'], QUESTION],
  [
    '/api/ysjs-evaluation/question/pageQuestionList',
    ['records', '[]', 'options', '[]'],
    ['id', 'optionText', 'isInput'],
  ],
  [
    '/api/ysjs-evaluation/question/pageQuestionList',
    ['records', '[]', 'answerList', '[]'],
    ['optionId', 'inputText'],
  ],
  ['/api/ysjs-flow/process/history-flow-list', ['[]'], HISTORY],
]

describe("spec section 3's fields at the top level of data", () => {
  it.each(CASES)('%s %j', (path, steps, fields) => {
    const where = `GET ${path}`
    expectFields(at(dataOf(path), steps, where), fields, `${where} ${steps.join('.')}`)
  })
})

/** Lists that answer a tree or a flat array by the contract (4.4), not a page. */
const NOT_PAGED = new Set([
  '/api/ysjs-system/menu/list',
  '/api/ysjs-system/dept/list',
  '/api/ysjs-system/role/list',
  '/api/ysjs-system/dict/list',
  '/api/ysjs-system/dict-biz/list',
  '/api/ysjs-system/region/list',
  '/api/ysjs-kms/catalog/list',
  // The category tree (decision 011a), as the dictionaries' lists.
  '/api/blade-label/assort/list',
])

describe('spec section 7: lists read data with records and total', () => {
  it('every GET …/list and …/page answers a page (records, total, size, current, pages)', () => {
    const lists = Object.entries(doc.paths)
      .filter(([path, item]) => /\/(list|page|[a-zA-Z]*Page)$/.test(path) && item.get && !NOT_PAGED.has(path))
      .map(([path]) => path)
    expect(lists.length).toBeGreaterThan(40)
    const unpaged = lists.filter((path) => {
      const data = dataOf(path)
      const names = Object.keys(data?.properties ?? {})
      return !PAGE.every((f) => names.includes(f))
    })
    expect(unpaged).toEqual([])
  })
})

describe('spec section 3: the session user info', () => {
  it('the token answer carries its fields (an avatar never set is empty: the screens show the default)', async () => {
    const token = await login(t.app, 'admin')
    for (const field of [
      ...['access_token', 'refresh_token', 'tenant_id', 'user_id', 'account', 'user_name', 'nick_name'],
      ...['role_name', 'role_id', 'dept_id', 'avatar'],
    ]) {
      expect(token, field).toHaveProperty(field)
    }
    expect(typeof token.avatar).toBe('string')
  })
})
