import { randomBytes } from 'node:crypto'
import { DEFAULT_DATASOURCE_ID as DEFAULT_DATASOURCE, formatDate } from '@ysjs/shared'
import { hashClientSecret, hashPassword, md5Hex, type PrismaClient, stableId } from '../src/index.ts'
import { ATTACHMENT_CATEGORIES, dicts, platformDicts } from './data/dicts.ts'
import { JOB_SEEDS, JOB_SERVER_SEED } from './data/jobs.ts'
import { LEAVE_PROCESS_KEY, LEAVE_PROCESS_XML } from './data/leave-process.ts'
import { menus, roleMenuNodes, roleMenus } from './data/menus.ts'
import { provinces } from './data/regions.ts'
import { INDUSTRY_FIELDS, SAMPLE_SURVEY, SAMPLE_SURVEY_KEY, sampleSurveyOf } from './data/survey.ts'
import type { DictItemSeed, MenuSeed } from './data/types.ts'
import { seedDocuments } from './documents.ts'
import { seedWorkCalendar } from './work-calendar.ts'

/**
 * The idempotent seed (contract decision 8): tenant 000000, the sample roles, depts, posts and users
 * (password = account), the `saber` client, the platform parameters, every business dictionary and
 * the menu tree with its role grants. Rows are created when missing and never overwritten, so a
 * re-run neither duplicates rows nor undoes an administrator's edits.
 */
export type TSeedOptions = { clientSecret: string; log?: (line: string) => void }

const TENANT = '000000'
/** Contract section 12's test notices: id, title, category, release time, content, create time (+08:00). */
const TEST_NOTICES: [bigint, string, number, string, string, string][] = [
  [1123598818738675223n, '测试公告', 3, '2018-12-31 20:03:31', '222', '2018-12-05 20:03:31'],
  [1123598818738675224n, '测试公告2', 1, '2018-12-05 20:03:31', '333', '2018-12-28 10:32:26'],
  [1123598818738675225n, '测试公告3', 6, '2018-12-29 00:00:00', '11111', '2018-12-28 11:03:44'],
]
const ID = {
  tenant: 1123598820738675201n,
  deptRoot: 1123598813738675201n,
  deptChangzhou: 1123598813738675202n,
  deptSuzhou: 1123598813738675203n,
  roleAdministrator: 1123598816738675201n,
  roleUser: 1123598816738675202n,
  roleHr: 1123598816738675203n,
  roleManager: 1123598816738675204n,
  roleBoss: 1123598816738675205n,
  userAdmin: 1123598821738675201n,
  userHr: 1123598821738675202n,
  userManager: 1123598821738675203n,
  userBoss: 1123598821738675204n,
  postCeo: 1123598817738675201n,
  clientSaber: 1123598811738675202n,
  clientSword: 1123598811738675201n,
} as const

// Appraisal (issue 12): an applicant of a member unit, the centre's staff, two experts with records.
const APPRAISAL = {
  roleMember: stableId('role:000000:member'),
  roleAppraiser: stableId('role:000000:appraiser'),
  roleExpert: stableId('role:000000:expert'),
}
// The member account's own unit (issue 13): a company dept apart from the centre's staff, so the
// member fills and reports for it alone (decision 019).
const MEMBER_UNIT = stableId('dept:000000:member-unit')
const APPRAISAL_USERS: {
  id: bigint
  account: string
  name: string
  role: bigint
  dept?: bigint
  expert?: { workUnit: string; profession: string; level: string; mobilePhone: string; email: string }
}[] = [
  {
    id: stableId('user:000000:member'),
    account: 'member',
    name: '会员单位',
    role: APPRAISAL.roleMember,
    dept: MEMBER_UNIT,
  },
  {
    id: stableId('user:000000:appraiser'),
    account: 'appraiser',
    name: '评价中心',
    role: APPRAISAL.roleAppraiser,
  },
  ...(
    [
      ['expert1', '王建国', '中南大学', '冶金工程', '正高级', '13800000001'],
      ['expert2', '李秀英', '北京科技大学', '材料科学', '正高级', '13800000002'],
    ] as const
  ).map(([account, name, workUnit, profession, level, mobilePhone]) => ({
    id: stableId(`user:000000:${account}`),
    account,
    name,
    role: APPRAISAL.roleExpert,
    expert: { workUnit, profession, level, mobilePhone, email: `${account}@ysjs.local` },
  })),
]

const POSTS = [
  ['ceo', '首席执行官', 1],
  ['coo', '首席运营官', 1],
  ['cfo', '首席财务官', 1],
  ['cto', '首席技术官', 1],
  ['cio', '首席信息官', 1],
  ['pm', '技术经理', 2],
  ['hrm', '人力经理', 2],
  ['staff', '普通员工', 3],
] as const

const PARAMS = [
  ['是否开启注册功能', 'account.registerUser', 'true'],
  ['账号初始密码', 'account.initPassword', '123456'],
  ['账号错误锁定次数', 'account.failCount', '5'],
  ['账号持续攻击锁定次数', 'account.hardLockCount', '50'],
  ['租户默认管理密码', 'tenant.default.password', 'admin'],
  ['租户默认账号额度', 'tenant.default.accountNumber', '100'],
  [
    '租户默认菜单集合',
    'tenant.default.menuCode',
    'desk,flow,work,monitor,resource,role,user,dept,post,dictbiz,topmenu',
  ],
  ['单用户每分钟上传次数', 'upload.userPerMinute', '30'],
  ['日志保留天数', 'log.retentionDays', '90'],
  ['单用户每日上传量(MB)', 'upload.userDailyMb', '500'],
  ['租户存储空间(MB)', 'upload.tenantQuotaMb', '10240'],
  [
    '成果评价等级阈值',
    'appraise.gradeThresholds',
    '90:国际领先,80:国际先进,70:国内领先,60:国内先进,0:国内一般',
  ],
] as const

export const seed = async (prisma: PrismaClient, options: TSeedOptions): Promise<void> => {
  const log = options.log ?? (() => {})
  const now = new Date()

  await prisma.tenant.upsert({
    where: { tenantId: TENANT },
    update: {},
    create: {
      id: ID.tenant,
      tenantId: TENANT,
      tenantName: '管理组',
      linkman: 'admin',
      contactNumber: '666666',
      address: '管理组',
      accountNumber: -1,
      createTime: now,
    },
  })

  const depts = [
    {
      id: ID.deptRoot,
      parentId: 0n,
      ancestors: '0',
      deptName: '刀锋科技',
      fullName: '江苏刀锋科技有限公司',
      sort: 1,
    },
    {
      id: ID.deptChangzhou,
      parentId: ID.deptRoot,
      ancestors: `0,${ID.deptRoot}`,
      deptName: '常州刀锋',
      fullName: '常州刀锋科技有限公司',
      sort: 1,
    },
    {
      id: ID.deptSuzhou,
      parentId: ID.deptRoot,
      ancestors: `0,${ID.deptRoot}`,
      deptName: '苏州刀锋',
      fullName: '苏州刀锋科技有限公司',
      sort: 2,
    },
    {
      id: MEMBER_UNIT,
      parentId: 0n,
      ancestors: '0',
      deptName: '金源有色',
      fullName: '金源有色金属股份有限公司',
      sort: 9,
    },
  ]
  for (const d of depts) {
    await prisma.dept.upsert({
      where: { id: d.id },
      update: {},
      create: { ...d, tenantId: TENANT, deptCategory: 1 },
    })
  }

  const roles = [
    { id: ID.roleAdministrator, parentId: 0n, roleName: '超级管理员', roleAlias: 'administrator', sort: 1 },
    { id: ID.roleUser, parentId: 0n, roleName: '用户', roleAlias: 'user', sort: 2 },
    { id: ID.roleHr, parentId: ID.roleUser, roleName: '人事', roleAlias: 'hr', sort: 1 },
    { id: ID.roleManager, parentId: ID.roleUser, roleName: '经理', roleAlias: 'manager', sort: 2 },
    { id: ID.roleBoss, parentId: ID.roleUser, roleName: '老板', roleAlias: 'boss', sort: 3 },
    // Appraisal (issue 12)
    { id: APPRAISAL.roleMember, parentId: 0n, roleName: '会员单位', roleAlias: 'member', sort: 3 },
    { id: APPRAISAL.roleAppraiser, parentId: 0n, roleName: '评价中心', roleAlias: 'appraiser', sort: 4 },
    { id: APPRAISAL.roleExpert, parentId: 0n, roleName: '评价专家', roleAlias: 'expert', sort: 5 },
  ]
  for (const r of roles) {
    await prisma.role.upsert({ where: { id: r.id }, update: {}, create: { ...r, tenantId: TENANT } })
  }

  for (const [i, [code, name, category]] of POSTS.entries()) {
    const id = code === 'ceo' ? ID.postCeo : stableId(`post:${TENANT}:${code}`)
    await prisma.post.upsert({
      where: { id },
      update: {},
      create: {
        id,
        tenantId: TENANT,
        category,
        postCode: code,
        postName: name,
        sort: i + 1,
        createTime: now,
      },
    })
  }

  const users = [
    {
      id: ID.userAdmin,
      account: 'admin',
      name: '管理员',
      role: ID.roleAdministrator,
      dept: ID.deptRoot,
      email: 'admin@ysjs.local',
    },
    {
      id: ID.userHr,
      account: 'hr',
      name: '人事',
      role: ID.roleHr,
      dept: ID.deptChangzhou,
      email: 'hr@ysjs.local',
    },
    {
      id: ID.userManager,
      account: 'manager',
      name: '经理',
      role: ID.roleManager,
      dept: ID.deptChangzhou,
      email: 'manager@ysjs.local',
    },
    {
      id: ID.userBoss,
      account: 'boss',
      name: '老板',
      role: ID.roleBoss,
      dept: ID.deptChangzhou,
      email: 'boss@ysjs.local',
    },
    ...APPRAISAL_USERS.map(({ id, account, name, role, dept }) => ({
      id,
      account,
      name,
      role,
      dept: dept ?? ID.deptRoot,
      email: `${account}@ysjs.local`,
    })),
  ]
  for (const u of users) {
    const exists = await prisma.user.findUnique({ where: { id: u.id }, select: { id: true } })
    if (exists) {
      continue
    }
    await prisma.user.create({
      data: {
        id: u.id,
        tenantId: TENANT,
        account: u.account,
        password: await hashPassword(md5Hex(u.account)),
        name: u.name,
        realName: u.name,
        email: u.email,
        sex: 1,
        roleId: String(u.role),
        deptId: String(u.dept),
        postId: String(ID.postCeo),
        createTime: now,
      },
    })
    await prisma.userDept.create({
      data: { id: stableId(`user-dept:${u.id}:${u.dept}`), userId: u.id, deptId: u.dept },
    })
  }

  const clients = [
    {
      id: ID.clientSaber,
      clientId: 'saber',
      secret: options.clientSecret,
      redirect: 'http://localhost:8080',
    },
    { id: ID.clientSword, clientId: 'sword', secret: 'sword_secret', redirect: 'http://localhost:8888' },
  ]
  for (const c of clients) {
    await prisma.client.upsert({
      where: { clientId: c.clientId },
      update: {},
      create: {
        id: c.id,
        clientId: c.clientId,
        clientSecret: hashClientSecret(c.secret),
        scope: 'all',
        authorizedGrantTypes: 'refresh_token,password,authorization_code,captcha,social,sms_code',
        webServerRedirectUri: c.redirect,
        accessTokenValidity: 3600,
        refreshTokenValidity: 604_800,
        createTime: now,
      },
    })
  }

  for (const [paramName, paramKey, paramValue] of PARAMS) {
    const id = stableId(`param:${paramKey}`)
    await prisma.param.upsert({
      where: { id },
      update: {},
      create: { id, paramName, paramKey, paramValue, createTime: now },
    })
  }

  await seedDocuments(prisma, TENANT, now)

  // Jobs: created once, then the administrator's (enable, schedule) edits are kept.
  const jobServerId = stableId(`job-server:${JOB_SERVER_SEED.key}`)
  const { key: _serverKey, ...server } = JOB_SERVER_SEED
  await prisma.jobServer.upsert({
    where: { id: jobServerId },
    update: {},
    create: { id: jobServerId, ...server, jobAppPassword: randomBytes(12).toString('hex'), createTime: now },
  })
  for (const { key, ...job } of JOB_SEEDS) {
    const id = stableId(`job:${key}`)
    await prisma.jobInfo.upsert({
      where: { id },
      update: {},
      create: { id, jobServerId, ...job, timeExpressionType: 2, processorType: 1, createTime: now },
    })
  }

  let dictRows = 0
  for (const [i, dict] of dicts.entries()) {
    const headerId = stableId(`dict:${TENANT}:${dict.code}`)
    const rows: {
      id: bigint
      parentId: bigint
      dictKey: string
      dictValue: string
      sort: number
      remark: string | null
    }[] = [
      {
        id: headerId,
        parentId: 0n,
        dictKey: '-1',
        dictValue: dict.name,
        sort: i + 1,
        remark: dict.remark ?? null,
      },
    ]
    const walk = (items: DictItemSeed[], parentId: bigint) => {
      items.forEach((item, j) => {
        const id = stableId(`dict:${TENANT}:${dict.code}:${item.key}`)
        rows.push({
          id,
          parentId,
          dictKey: item.key,
          dictValue: item.value,
          sort: j + 1,
          remark: item.remark ?? null,
        })
        walk(item.children ?? [], id)
      })
    }
    walk(dict.items, headerId)
    const created = await prisma.dictBiz.createMany({
      data: rows.map((r) => ({ ...r, tenantId: TENANT, code: dict.code })),
      skipDuplicates: true,
    })
    dictRows += created.count
  }

  // The system dictionary: the platform's codes once, for every tenant (contract 8.1).
  for (const [i, dict] of platformDicts.entries()) {
    const headerId = stableId(`dict:system:${dict.code}`)
    const rows = [
      {
        id: headerId,
        parentId: 0n,
        dictKey: '-1',
        dictValue: dict.name,
        sort: i + 1,
        remark: dict.remark ?? null,
      },
    ]
    const walk = (items: DictItemSeed[], parentId: bigint) => {
      items.forEach((item, j) => {
        const id = stableId(`dict:system:${dict.code}:${item.key}`)
        rows.push({
          id,
          parentId,
          dictKey: item.key,
          dictValue: item.value,
          sort: j + 1,
          remark: item.remark ?? null,
        })
        walk(item.children ?? [], id)
      })
    }
    walk(dict.items, headerId)
    const created = await prisma.dict.createMany({
      data: rows.map((r) => ({ ...r, code: dict.code })),
      skipDuplicates: true,
    })
    dictRows += created.count
  }

  const menuRows: { id: bigint; parentId: bigint; seed: MenuSeed }[] = []
  const walkMenus = (nodes: MenuSeed[], parentId: bigint) => {
    for (const m of nodes) {
      const id = stableId(`menu:${m.code}`)
      menuRows.push({ id, parentId, seed: m })
      walkMenus(m.children ?? [], id)
    }
  }
  walkMenus(menus, 0n)
  const createdMenus = await prisma.menu.createMany({
    data: menuRows.map(({ id, parentId, seed: m }) => ({
      id,
      parentId,
      code: m.code,
      name: m.name,
      alias: m.alias,
      path: m.path ?? null,
      source: m.source ?? null,
      sort: m.sort,
      category: m.category,
      action: m.action ?? 0,
      isOpen: m.isOpen ?? 1,
      remark: m.remark ?? null,
    })),
    skipDuplicates: true,
  })

  const byCode = new Map(menuRows.map((r) => [r.seed.code, r]))
  const subtree = (code: string): bigint[] => {
    const root = byCode.get(code)
    if (!root) {
      throw new Error(`roleMenus names an unknown menu code: ${code}`)
    }
    const ids: bigint[] = []
    const walk = (m: MenuSeed) => {
      ids.push(stableId(`menu:${m.code}`))
      m.children?.forEach(walk)
    }
    walk(root.seed)
    return ids
  }
  const roleByAlias = new Map(roles.map((r) => [r.roleAlias, r.id]))
  const links: { id: bigint; roleId: bigint; menuId: bigint }[] = []
  for (const [alias, codes] of Object.entries(roleMenus)) {
    const roleId = roleByAlias.get(alias)
    if (!roleId) {
      throw new Error(`roleMenus names an unknown role alias: ${alias}`)
    }
    for (const menuId of new Set(codes.flatMap(subtree))) {
      links.push({ id: stableId(`role-menu:${roleId}:${menuId}`), roleId, menuId })
    }
  }
  for (const [alias, codes] of Object.entries(roleMenuNodes)) {
    const roleId = roleByAlias.get(alias)!
    for (const code of codes) {
      const menuId = byCode.get(code)!.id
      links.push({ id: stableId(`role-menu:${roleId}:${menuId}`), roleId, menuId })
    }
  }
  const createdLinks = await prisma.roleMenu.createMany({ data: links, skipDuplicates: true })

  // The experts' records in the expert library, linked to their login accounts (issue 12).
  await prisma.expertBasic.createMany({
    data: APPRAISAL_USERS.filter((u) => u.expert).map((u) => ({
      id: stableId(`expert-basic:${TENANT}:${u.account}`),
      tenantId: TENANT,
      userId: u.id,
      name: u.name,
      ...u.expert,
    })),
    skipDuplicates: true,
  })

  const createdRegions = await prisma.region.createMany({
    data: provinces.map(([code, name], i) => ({
      code,
      parentCode: '00',
      ancestors: '00',
      name,
      provinceCode: code,
      provinceName: name,
      regionLevel: 1,
      sort: i + 1,
    })),
    skipDuplicates: true,
  })

  // The achievement attachment categories (section 9) under one parent, with the ids data refers to.
  const createdAssorts = await prisma.assort.createMany({
    data: [
      { id: 11n, parentId: 0n, name: '成果附件', code: 'attachment_category', sort: 1 },
      ...ATTACHMENT_CATEGORIES.map(([id, name], i) => ({
        id: BigInt(id),
        parentId: 11n,
        name,
        code: `attachment_category_${id}`,
        sort: i + 1,
      })),
    ],
    skipDuplicates: true,
  })

  // The working-day calendar: the shipped years (State Council notices), each loaded once; a year
  // that has rows (edited or uploaded in the admin screen) is left as it is.
  const calendarDays = await seedWorkCalendar(prisma)
  const surveyRows = await seedSurvey(prisma)

  // The leave process (issue 10): its model and a common deployment (no tenant: every tenant may start it).
  const leaveDeployment = stableId('flow-deployment:Leave:1')
  await prisma.flowModel.createMany({
    data: [
      {
        id: stableId('flow-model:Leave'),
        modelKey: LEAVE_PROCESS_KEY,
        name: '请假流程',
        description: '请假: 审批人审批, 大于3天老板审批, 否则经理审批; 驳回退回申请人调整',
        xml: LEAVE_PROCESS_XML,
        createdBy: 'admin',
        lastUpdatedBy: 'admin',
      },
    ],
    skipDuplicates: true,
  })
  await prisma.flowDefinition.createMany({
    data: [
      {
        id: `${LEAVE_PROCESS_KEY}:1:${leaveDeployment}`,
        deploymentId: leaveDeployment,
        tenantId: '',
        key: LEAVE_PROCESS_KEY,
        name: '请假流程',
        category: 'flow_1',
        version: 1,
        resourceName: 'LeaveProcess.bpmn20.xml',
        xml: LEAVE_PROCESS_XML,
      },
    ],
    skipDuplicates: true,
  })

  // Contract section 12: the dump's three test notices (categories 3 转发通知, 1 发布通知, 6 事务通知),
  // created when missing under their own ids, so a re-run neither duplicates nor restores them.
  const notices = await prisma.notice.createMany({
    data: TEST_NOTICES.map(([id, title, category, releaseTime, content, createTime]) => ({
      id,
      tenantId: TENANT,
      title,
      category,
      releaseTime: new Date(`${releaseTime.replace(' ', 'T')}+08:00`),
      content,
      createUser: ID.userAdmin,
      createDept: ID.deptRoot,
      createTime: new Date(`${createTime.replace(' ', 'T')}+08:00`),
    })),
    skipDuplicates: true,
  })

  // The code generator's default data source: the application's own database (empty url, decision 020).
  await prisma.datasource.upsert({
    where: { id: BigInt(DEFAULT_DATASOURCE) },
    update: {},
    create: {
      id: BigInt(DEFAULT_DATASOURCE),
      name: '本系统数据库',
      driverClass: 'postgresql',
      remark: '应用自身的数据库',
    },
  })

  log(
    `seed: tenant ${TENANT}, ${users.length} users, ${dicts.length} dictionaries (${dictRows} new rows), ` +
      `${menuRows.length} menus (${createdMenus.count} new), ${links.length} role-menu links (${createdLinks.count} new), ` +
      `${provinces.length} provinces (${createdRegions.count} new), ${createdAssorts.count} new categories, ${JOB_SEEDS.length} jobs, ${calendarDays} new calendar days, ${surveyRows} new survey rows, ${notices.count} new notices`,
  )
}

/**
 * Industry fields and the sample questionnaire (published, 16 question pages), created when missing:
 * its year and window are the seeding day's (`sampleSurveyOf`), never a fixed date that would close
 * it one day; an existing one is left as it is.
 */
async function seedSurvey(prisma: PrismaClient): Promise<number> {
  const industries = await prisma.industryField.createMany({
    data: INDUSTRY_FIELDS.map((name, i) => ({
      id: stableId(`industry:${TENANT}:${name}`),
      tenantId: TENANT,
      name,
      sort: i + 1,
    })),
    skipDuplicates: true,
  })
  const surveyId = stableId(`survey:${TENANT}:${SAMPLE_SURVEY_KEY}`)
  if (await prisma.survey.findUnique({ where: { id: surveyId } })) {
    return industries.count
  }
  const sample = sampleSurveyOf(formatDate(new Date()))
  const questions: { id: bigint; page: number; sort: number; type: number; questionText: string }[] = []
  const options: { id: bigint; questionId: bigint; optionText: string; isInput: number; sort: number }[] = []
  SAMPLE_SURVEY.pages.forEach((page, p) => {
    page.forEach(([type, questionText, opts], i) => {
      const id = stableId(`survey:${TENANT}:${SAMPLE_SURVEY_KEY}:q${p + 1}.${i + 1}`)
      questions.push({ id, page: p + 1, sort: questions.length + 1, type, questionText })
      ;(opts ?? []).forEach((text, j) => {
        options.push({
          id: stableId(`survey:${TENANT}:${SAMPLE_SURVEY_KEY}:q${p + 1}.${i + 1}:o${j + 1}`),
          questionId: id,
          optionText: text.replace(/\*$/, ''),
          isInput: text.endsWith('*') ? 1 : 0,
          sort: j + 1,
        })
      })
    })
  })
  await prisma.$transaction([
    prisma.survey.create({
      data: {
        id: surveyId,
        tenantId: TENANT,
        name: sample.name,
        code: sample.code,
        description: SAMPLE_SURVEY.description,
        startDate: new Date(`${sample.startDate}T00:00:00Z`),
        endDate: new Date(`${sample.endDate}T00:00:00Z`),
        state: 1,
        publishTime: new Date(),
      },
    }),
    prisma.surveyQuestion.createMany({
      data: questions.map((q) => ({ ...q, tenantId: TENANT, surveyId })),
    }),
    prisma.surveyOption.createMany({
      data: options.map((o) => ({ ...o, tenantId: TENANT, surveyId })),
    }),
  ])
  return industries.count + 1 + questions.length + options.length
}
