// The menu tree: one route for every screen of the product, each page with its button permission codes.
// Menu `source` values are MUI icon names; button `source` values are short action names.
// The platform's seed menus (contract section 12) keep their codes and paths; the platform's external-URL
// menus (doc, admin, elk, zipkin, turbine, sentinel, es, form, crud, UReport, xxljob) are left out because
// this product has none of those services.

import { generatedMenus } from './generated-menus.ts'
import type { MenuSeed, RoleMenuSeed } from './types.ts'

/** A tree node before the sort numbers are filled in from its position. */
type Node = Omit<MenuSeed, 'sort' | 'children'> & { children?: Node[] }

type StdButton = 'add' | 'edit' | 'delete' | 'view'

/** A page-specific button; its code is `<page code>_<key>`. */
type ExtraButton = {
  key: string
  name: string
  /** Defaults to `key`. */
  alias?: string
  source: string
  action: 1 | 2 | 3
  /** Appended to the page's API base to give the button's path. */
  api?: string
}

type ButtonSpec = StdButton | ExtraButton

const STD: Record<StdButton, ExtraButton> = {
  add: { key: 'add', name: '新增', source: 'plus', action: 1 },
  edit: { key: 'edit', name: '修改', source: 'edit', action: 2 },
  delete: { key: 'delete', name: '删除', source: 'delete', action: 3, api: 'remove' },
  view: { key: 'view', name: '查看', source: 'view', action: 2 },
}

const CRUD: StdButton[] = ['add', 'edit', 'delete', 'view']
const VIEW_ONLY: StdButton[] = ['view']

type PageOptions = {
  /** API base of the page's resource, e.g. `/api/ysjs-system/param`; delete buttons store `<api>/remove`. */
  api?: string
  /** Buttons in display order; defaults to add, edit, delete, view. */
  buttons?: ButtonSpec[]
}

const button = (pageCode: string, pagePath: string, spec: ButtonSpec, api?: string): Node => {
  const b = typeof spec === 'string' ? STD[spec] : spec
  const isStd = typeof spec === 'string'
  let path: string | undefined
  if (b.api !== undefined) {
    path = api ? `${api}/${b.api}` : undefined
  } else if (isStd) {
    path = `${pagePath}/${b.key}`
  }
  return {
    code: `${pageCode}_${b.key}`,
    name: b.name,
    alias: b.alias ?? b.key,
    ...(path ? { path } : {}),
    source: b.source,
    category: 2,
    action: b.action,
    isOpen: 1,
  }
}

/** A screen (category 1) with its buttons. */
const page = (code: string, name: string, path: string, source: string, options: PageOptions = {}): Node => {
  const buttons = (options.buttons ?? CRUD).map((spec) => button(code, path, spec, options.api))
  return {
    code,
    name,
    alias: 'menu',
    path,
    source,
    category: 1,
    action: 0,
    isOpen: 1,
    ...(buttons.length ? { children: buttons } : {}),
  }
}

/** A menu that only groups other menus. */
const group = (code: string, name: string, path: string, source: string, children: Node[]): Node => ({
  code,
  name,
  alias: 'menu',
  path,
  source,
  category: 1,
  action: 0,
  isOpen: 1,
  children,
})

/** Children are numbered 1..n in the order written. */
const withSort = (node: Node, sort: number): MenuSeed => {
  const { children, ...rest } = node
  return {
    ...rest,
    sort,
    ...(children?.length ? { children: children.map((child, i) => withSort(child, i + 1)) } : {}),
  }
}

const SYS = '/api/ysjs-system'
const APPRAISE = '/api/ysjs-appraise'
const MEETING = '/api/ysjs-meeting'
const KMS = '/api/ysjs-kms'
const EXPERT = '/api/blade-expert'

// 1 工作台
const desk = group('desk', '工作台', '/desk', 'Dashboard', [
  page('dashboard', '控制台', '/wel/dashboard', 'Insights', { buttons: [] }),
  page('notice', '通知公告', '/desk/notice', 'Campaign', { api: '/api/ysjs-desk/notice' }),
])

// 2 我的事务 (contract 10.4)
const work = group('work', '我的事务', '/work', 'Work', [
  page('work_start', '发起事务', '/work/start', 'PlayCircle', {
    buttons: [
      { key: 'flow', name: '发起', source: 'flow', action: 2 },
      { key: 'image', name: '流程图', source: 'image', action: 2 },
    ],
  }),
  page('work_claim', '待签事务', '/work/claim', 'AssignmentInd', {
    buttons: [
      { key: 'sign', name: '签收', source: 'sign', action: 2 },
      { key: 'detail', name: '详情', source: 'detail', action: 2 },
      { key: 'follow', name: '跟踪', source: 'follow', action: 2 },
    ],
  }),
  page('work_todo', '待办事务', '/work/todo', 'PendingActions', {
    buttons: [
      { key: 'handle', name: '处理', source: 'handle', action: 2 },
      { key: 'detail', name: '详情', source: 'detail', action: 2 },
      { key: 'follow', name: '跟踪', source: 'follow', action: 2 },
    ],
  }),
  page('work_send', '已发事务', '/work/send', 'Send', {
    buttons: [
      { key: 'detail', name: '详情', source: 'detail', action: 2 },
      { key: 'follow', name: '跟踪', source: 'follow', action: 2 },
    ],
  }),
  page('work_done', '办结事务', '/work/done', 'TaskAlt', {
    buttons: [
      { key: 'detail', name: '详情', source: 'detail', action: 2 },
      { key: 'follow', name: '跟踪', source: 'follow', action: 2 },
    ],
  }),
])

// 3 成果评价
const appraise = group('appraise', '成果评价', '/appraise', 'Assessment', [
  page('appraise_results', '成果管理', '/appraise/results', 'Assignment', {
    api: `${APPRAISE}/results`,
    buttons: [
      ...CRUD,
      { key: 'submit', name: '提交', source: 'send', action: 2, api: 'submit' },
      { key: 'audit', name: '审核', source: 'check', action: 2, api: 'audit' },
      { key: 'download', name: '下载', source: 'download', action: 2, api: 'download' },
    ],
  }),
  page('appraise_agreement', '评价协议', '/appraise/agreement', 'Gavel', {
    buttons: [...CRUD, { key: 'download', name: '下载协议', source: 'download', action: 2 }],
  }),
  page('appraise_notice', '评价通知', '/appraise/notice', 'NotificationsActive', {
    api: `${APPRAISE}/notice`,
    buttons: [
      ...CRUD,
      { key: 'create', name: '生成通知', source: 'file', action: 2, api: 'createNoticeFile' },
    ],
  }),
  page('appraise_report', '评价报告', '/appraise/report', 'Summarize', {
    api: `${APPRAISE}/report`,
    buttons: [
      ...CRUD,
      { key: 'create', name: '生成报告', source: 'file', action: 2, api: 'createReportFile' },
    ],
  }),
  page('appraise_meeting', '评价会议', '/appraise/meeting', 'Groups', {
    api: `${APPRAISE}/results`,
    buttons: [
      'add',
      'edit',
      'view',
      { key: 'create', name: '生成会议文件', source: 'file', action: 2, api: 'haveMeeting' },
    ],
  }),
  page('appraise_equity', '知识产权', '/appraise/equity', 'Copyright', { api: `${APPRAISE}/equity` }),
  page('appraise_unit', '完成单位', '/appraise/unit', 'Business', { api: `${APPRAISE}/unit` }),
  page('appraise_principal', '委托单位', '/appraise/principal', 'AccountBalance', {
    api: `${APPRAISE}/principal`,
  }),
  page('appraise_people', '主要研制人员', '/appraise/people', 'People', { api: `${APPRAISE}/people` }),
  page('appraise_index', '评价指标', '/appraise/index', 'Leaderboard', { api: `${APPRAISE}/index` }),
  page('appraise_template', '模板管理', '/appraise/template', 'Article', { api: `${APPRAISE}/template` }),
  page('appraise_attach', '成果附件', '/appraise/attach', 'AttachFile', {
    api: `${APPRAISE}/attach`,
    buttons: [...CRUD, { key: 'download', name: '下载', source: 'download', action: 2 }],
  }),
  page('appraise_assort', '附件分类', '/appraise/assort', 'Category', { api: `${APPRAISE}/assort` }),
  page('appraise_basic', '专家推送', '/appraise/basic', 'ForwardToInbox', {
    api: `${APPRAISE}/basic`,
    buttons: [{ key: 'push', name: '推送专家', source: 'send', action: 1, api: 'push' }, 'delete', 'view'],
  }),
  page('appraise_cofig', '评价配置', '/appraise/cofig', 'SettingsApplications', {
    api: `${APPRAISE}/cofig`,
  }),
  // An expert's own review list (issue 12); its calls check the push, not a permission.
  page('appraise_review', '评审任务', '/appraise/review', 'RateReview', { buttons: ['view'] }),
])

// 4 问卷调查 (evaluation module; /evaluation is the achievement-reporting screen)
const survey = group('survey', '问卷调查', '/survey', 'Quiz', [
  page('evaluation', '成果申报', '/evaluation', 'EditNote', {
    buttons: [...CRUD, { key: 'submit', name: '提交', source: 'send', action: 2 }],
  }),
  page('survey_example', '调查管理', '/survey/example', 'Poll', {
    buttons: [
      'view',
      'delete',
      { key: 'audit', name: '审核', source: 'check', action: 2 },
      { key: 'back', name: '退回', source: 'undo', action: 2, api: 'statusBack' },
    ],
    api: '/api/ysjs-evaluation/example',
  }),
  page('survey_questionnaire', '问卷管理', '/survey/questionnaire', 'Ballot', {
    buttons: [...CRUD, { key: 'submit', name: '提交问卷', source: 'send', action: 2 }],
  }),
  page('survey_question', '题目管理', '/survey/question', 'LiveHelp'),
  // The company forms of every filling, read-only (they are the members' answers).
  page('survey_company', '单位信息', '/survey/company', 'Domain', {
    api: '/api/ysjs-evaluation/blade-company/company',
    buttons: VIEW_ONLY,
  }),
  page('survey_industry', '行业领域', '/survey/industry', 'Factory'),
])

// 5 会议管理
const meeting = group('meeting', '会议管理', '/meeting', 'Event', [
  page('meeting_info', '会议信息', '/meeting/meeting', 'EventNote', {
    api: `${MEETING}/meeting`,
    buttons: [
      ...CRUD,
      { key: 'status', name: '状态变更', source: 'swap', action: 2, api: 'UpdateStatusById' },
      { key: 'shelves', name: '上下架', source: 'shelves', action: 2, api: 'UpdateShelvesById' },
    ],
  }),
  page('meeting_registered', '参会报名', '/meeting/registeredmeeting', 'HowToReg', {
    api: `${MEETING}/registeredmeeting`,
    buttons: [
      ...CRUD,
      { key: 'invoicing', name: '开票信息', source: 'invoice', action: 2, api: 'updateInvoicing' },
      { key: 'export', name: '导出', source: 'export', action: 1, api: 'exportInvoicingExcel' },
    ],
  }),
  page('meeting_calendar', '会议日程', '/meeting/calendar', 'CalendarMonth', { api: `${MEETING}/calendar` }),
  page('meeting_registrants', '参会人员', '/meeting/registrants', 'Badge', { api: `${MEETING}/registrants` }),
  page('meeting_invoicing', '开票管理', '/meeting/invoicing', 'ReceiptLong', { api: `${MEETING}/invoicing` }),
  page('meeting_escort', '接送人员', '/meeting/escort', 'EmojiPeople', { api: `${MEETING}/escort` }),
  page('meeting_car_maintenance', '车辆管理', '/meeting/carmaintenance', 'DirectionsCar', {
    api: `${MEETING}/carMaintenance`,
  }),
  page('meeting_registration_status', '报名情况', '/registrationStatus', 'FactCheck', {
    api: `${MEETING}/registeredmeeting`,
    buttons: ['edit', 'delete', 'view'],
  }),
  page('meeting_fee_situation', '缴费情况', '/feeSituation', 'Payments', {
    api: `${MEETING}/registeredmeeting`,
    buttons: [
      'view',
      { key: 'price', name: '修改费用', source: 'money', action: 2, api: 'updatePrice' },
      { key: 'export', name: '导出开票信息', source: 'export', action: 1, api: 'exportInvoicingExcel' },
    ],
  }),
  page('meeting_upkeep_list', '车辆保养', '/upkeepList', 'CarRepair', { api: `${MEETING}/carMaintenance` }),
  page('meeting_allocation_list', '食宿分配', '/allocationList', 'Hotel', {
    api: `${MEETING}/registeredmeeting`,
    buttons: [
      'view',
      { key: 'auto', name: '智能分配', source: 'auto', action: 1, api: 'IntelligentAllocation' },
      { key: 'house', name: '调整住宿', source: 'hotel', action: 2, api: 'updateHouse' },
    ],
  }),
  page('meeting_arrange_list', '接送分配', '/arrangeList', 'AirportShuttle', {
    api: `${MEETING}/registeredmeeting`,
    buttons: [
      'view',
      { key: 'auto', name: '智能分配', source: 'auto', action: 1, api: 'IntelligentAllocationCar' },
      { key: 'car', name: '调整车辆', source: 'car', action: 2, api: 'updateCar' },
    ],
  }),
])

// 6 知识库
const kms = group('kms', '知识库', '/kms', 'MenuBook', [
  page('kms_main', '知识管理', '/kms/main', 'LibraryBooks', {
    api: `${KMS}/main`,
    buttons: [
      ...CRUD,
      { key: 'expert', name: '关联专家', source: 'link', action: 2, api: 'expertAssociate' },
      { key: 'label', name: '关联标签', source: 'tag', action: 2, api: 'labelAssociate' },
      { key: 'shelf', name: '上下架', source: 'shelves', action: 2, api: 'upOrLowUpdate' },
    ],
  }),
  page('kms_catalog', '知识目录', '/kms/catalog', 'FolderOpen', { api: `${KMS}/catalog` }),
  page('kms_label', '知识标签', '/kms/label', 'LocalOffer', { api: `${KMS}/label` }),
  page('kms_author', '知识作者', '/kms/author', 'HistoryEdu', { api: `${KMS}/main_to_author` }),
  page('kms_expert', '知识专家', '/kms/expert', 'Person', { api: `${KMS}/blade-kms_main_expert` }),
])

// 7 专家与项目
const expert = group('expert', '专家与项目', '/expert', 'School', [
  page('expert_basic', '专家库', '/expert/expertbasic', 'PersonSearch', { api: `${EXPERT}/expertBasic` }),
  page('expert_project', '项目库', '/expert/projectbasic', 'Science', { api: `${EXPERT}/projectBasic` }),
  page('expert_unit', '单位库', '/expert/unittable', 'Apartment', { api: `${EXPERT}/unitTable` }),
  page('expert_unit_association', '专家单位', '/expert/unitassociation', 'Link', {
    api: `${EXPERT}/unitAssociation`,
  }),
  page('expert_person', '单位人员', '/expert/persiontable', 'Groups', { api: `${EXPERT}/persionTable` }),
])

// 8 技术交易
const trading = group('trading', '技术交易', '/trading', 'Handshake', [
  page('trading_project', '交易项目', '/trading/project', 'BusinessCenter', {
    api: '/api/ysjs-trading/project',
  }),
  page('deal', '交易管理', '/trading/deal', 'CurrencyExchange', { api: '/api/ysjs-deal/deal' }),
])

// 9 会员中心 (top-level page)
const topMember = page('top_member', '会员中心', '/topMember', 'CardMembership', {
  buttons: ['edit', 'view'],
})

// 10 流程管理 (contract 10.4)
const flow = group('flow', '流程管理', '/flow', 'AccountTree', [
  page('flow_model', '模型管理', '/flow/model', 'Schema', {
    api: '/api/ysjs-flow/model',
    buttons: [
      { key: 'create', name: '创建', source: 'plus', action: 1 },
      { key: 'update', name: '编辑', source: 'edit', action: 2 },
      { key: 'deploy', name: '部署', source: 'deploy', action: 2, api: 'deploy' },
      { key: 'download', name: '下载', source: 'download', action: 2 },
      'delete',
    ],
  }),
  page('flow_deploy', '流程部署', '/flow/deploy', 'CloudUpload', { buttons: [] }),
  page('flow_manager', '部署管理', '/flow/manager', 'Inventory', {
    api: '/api/ysjs-flow/manager',
    buttons: [
      { key: 'state', name: '变更状态', source: 'swap', action: 2, api: 'change-state' },
      { key: 'image', name: '流程图', source: 'image', action: 2 },
      { key: 'remove', name: '删除', source: 'delete', action: 3, api: 'delete-deployment' },
    ],
  }),
  page('flow_follow', '流程监控', '/flow/follow', 'Timeline', {
    api: '/api/ysjs-flow/follow',
    buttons: [{ key: 'delete', name: '删除', source: 'delete', action: 3, api: 'delete-process-instance' }],
  }),
])

// 11 任务调度
const job = group('job', '任务调度', '/job', 'Schedule', [
  page('job_info', '任务管理', '/job/jobinfo', 'AlarmOn', {
    api: '/api/ysjs-job/job-info',
    buttons: [
      ...CRUD,
      { key: 'run', name: '立即执行', source: 'play', action: 2, api: 'run' },
      { key: 'change', name: '启停', source: 'power', action: 2, api: 'change' },
      { key: 'sync', name: '同步', source: 'sync', action: 1, api: 'sync' },
    ],
  }),
  page('job_server', '服务配置', '/job/jobserver', 'Dns', {
    api: '/api/ysjs-job/job-server',
    buttons: [...CRUD, { key: 'sync', name: '同步', source: 'sync', action: 2, api: 'sync' }],
  }),
  // Issue 9: the China working-day calendar (decision 012).
  page('job_calendar', '工作日历', '/job/calendar', 'CalendarMonth', {
    api: '/api/ysjs-job/work-calendar',
    buttons: ['edit', 'delete'],
  }),
])

// 12 系统监控
const monitor = group('monitor', '系统监控', '/monitor', 'MonitorHeart', [
  group('log', '日志管理', '/monitor/log', 'ReceiptLong', [
    page('log_usual', '通用日志', '/monitor/log/usual', 'Notes', { buttons: VIEW_ONLY }),
    page('log_api', '接口日志', '/monitor/log/api', 'Api', { buttons: VIEW_ONLY }),
    page('log_error', '错误日志', '/monitor/log/error', 'BugReport', { buttons: VIEW_ONLY }),
  ]),
])

// 13 研发工具 (the develop module: code generator, data sources, data models)
const tool = group('tool', '研发工具', '/tool', 'Build', [
  page('code', '代码生成', '/tool/code', 'Code', {
    api: '/api/ysjs-develop/code',
    buttons: [
      ...CRUD,
      { key: 'gen', name: '生成代码', source: 'code', action: 1, api: 'gen-code' },
      { key: 'copy', name: '复制', source: 'copy', action: 2, api: 'copy' },
    ],
  }),
  page('datasource', '数据源管理', '/tool/datasource', 'Storage', { api: '/api/ysjs-develop/datasource' }),
  page('model', '数据模型', '/tool/model', 'DataObject', {
    api: '/api/ysjs-develop/model',
    buttons: [...CRUD, { key: 'setting', name: '模型配置', source: 'setting', action: 2 }],
  }),
])

// 14 报表管理
const report = group('report', '报表管理', '/report', 'BarChart', [
  page('report_list', '报表列表', '/report/reportlist', 'TableChart', {
    api: '/api/ysjs-report/report/rest',
    // add/edit: the report designer (issue 15).
    buttons: ['view', 'delete', 'add', 'edit'],
  }),
  // The report designer and viewer (issue 15); its calls need report_list and its add/edit buttons.
  page('report_design', '报表设计', '/report/design', 'Insights', { buttons: [] }),
])

// 15 资源管理
const resource = group('resource', '资源管理', '/resource', 'Inventory2', [
  page('oss', '对象存储', '/resource/oss', 'Cloud', {
    api: '/api/ysjs-resource/oss',
    buttons: [...CRUD, { key: 'enable', name: '启用', source: 'power', action: 2, api: 'enable' }],
  }),
  page('attach', '附件管理', '/resource/attach', 'Attachment', {
    api: '/api/ysjs-resource/attach',
    buttons: [
      { key: 'upload', name: '上传', source: 'upload', action: 1 },
      { key: 'download', name: '下载', source: 'download', action: 2 },
      'delete',
    ],
  }),
  page('sms', '短信配置', '/resource/sms', 'Sms', {
    api: '/api/ysjs-resource/sms',
    buttons: [...CRUD, { key: 'enable', name: '启用', source: 'power', action: 2, api: 'enable' }],
  }),
])

// 97 基础配置
const base = group('base', '基础配置', '/base', 'Tune', [
  page('region', '行政区划', '/base/region', 'Public', {
    api: `${SYS}/region`,
    buttons: [
      'add',
      'delete',
      { key: 'import', name: '导入', source: 'import', action: 1 },
      { key: 'export', name: '导出', source: 'export', action: 1 },
      { key: 'debug', name: '调试', source: 'bug', action: 1 },
    ],
  }),
  page('label_assort', '标签分类', '/base/assort', 'Label', { api: '/api/blade-label/assort' }),
])

// 98 权限管理
const authority = group('authority', '权限管理', '/authority', 'Security', [
  page('role', '角色管理', '/authority/role', 'AdminPanelSettings', {
    api: `${SYS}/role`,
    buttons: [...CRUD, { key: 'grant', name: '权限设置', source: 'setting', action: 1, api: 'grant' }],
  }),
  page('data_scope', '数据权限', '/authority/datascope', 'FilterAlt', {
    api: `${SYS}/data-scope`,
    buttons: [{ key: 'setting', name: '权限配置', source: 'setting', action: 2 }],
  }),
  page('api_scope', '接口权限', '/authority/apiscope', 'Api', {
    api: `${SYS}/api-scope`,
    buttons: [{ key: 'setting', name: '权限配置', source: 'setting', action: 2 }],
  }),
])

// 99 系统管理
const system = group('system', '系统管理', '/system', 'Settings', [
  page('user', '用户管理', '/system/user', 'People', {
    api: `${SYS}/user`,
    buttons: [
      'add',
      'edit',
      'delete',
      { key: 'role', name: '角色配置', source: 'role', action: 1, api: 'grant' },
      {
        key: 'reset',
        name: '密码重置',
        alias: 'reset-password',
        source: 'key',
        action: 1,
        api: 'reset-password',
      },
      'view',
      { key: 'platform', name: '平台配置', source: 'setting', action: 1, api: 'update-platform' },
      { key: 'unlock', name: '账号解封', source: 'unlock', action: 1, api: 'unlock' },
      { key: 'audit', name: '注册审核', source: 'check', action: 2, api: 'audit-pass' },
    ],
  }),
  page('dept', '部门管理', '/system/dept', 'AccountTree', { api: `${SYS}/dept` }),
  page('post', '岗位管理', '/system/post', 'BadgeOutlined', { api: `${SYS}/post` }),
  page('dict', '系统字典', '/system/dict', 'Book', { api: `${SYS}/dict` }),
  page('dictbiz', '业务字典', '/system/dictbiz', 'Bookmarks', { api: `${SYS}/dict-biz` }),
  page('dict_horizontal', '字典管理（横向）', '/dict-horizontal/index', 'ViewColumn', {
    api: `${SYS}/dict-biz`,
  }),
  page('dict_vertical', '字典管理（纵向）', '/dict-vertical/index', 'ViewAgenda', { api: `${SYS}/dict-biz` }),
  page('menu', '菜单管理', '/system/menu', 'Menu', { api: `${SYS}/menu` }),
  page('topmenu', '顶部菜单', '/system/topmenu', 'ViewQuilt', {
    api: `${SYS}/topmenu`,
    buttons: [...CRUD, { key: 'setting', name: '菜单配置', source: 'setting', action: 1, api: 'grant' }],
  }),
  page('param', '参数管理', '/system/param', 'SettingsSuggest', { api: `${SYS}/param` }),
  // The centre that issues the appraisal's documents (decision 027).
  page('issuer', '评价机构信息', '/system/issuer', 'Approval', { api: `${SYS}/issuer`, buttons: ['edit'] }),
  page('tenant', '租户管理', '/system/tenant', 'Groups', {
    api: `${SYS}/tenant`,
    buttons: [
      ...CRUD,
      { key: 'setting', name: '授权配置', source: 'setting', action: 1, api: 'setting' },
      { key: 'datasource', name: '数据源配置', source: 'datasource', action: 1, api: 'datasource' },
      { key: 'package', name: '产品包配置', source: 'package', action: 1, api: 'package-setting' },
      { key: 'pass', name: '审核通过', source: 'check', action: 2, api: 'pass' },
      { key: 'recycle', name: '回收', source: 'recycle', action: 2, api: 'recycle' },
    ],
  }),
  page('tenantpackage', '产品包管理', '/system/tenantpackage', 'Inventory', {
    api: `${SYS}/tenant-package`,
    buttons: ['add', 'edit', 'delete'],
  }),
  page('client', '应用管理', '/system/client', 'Apps', { api: `${SYS}/client` }),
])

export const menus: MenuSeed[] = [
  withSort(desk, 1),
  withSort(work, 2),
  withSort(appraise, 3),
  withSort(survey, 4),
  withSort(meeting, 5),
  withSort(kms, 6),
  withSort(expert, 7),
  withSort(trading, 8),
  withSort(topMember, 9),
  withSort(flow, 10),
  withSort(job, 11),
  withSort(monitor, 12),
  withSort(tool, 13),
  withSort(report, 14),
  withSort(resource, 15),
  withSort(base, 97),
  withSort(authority, 98),
  withSort(system, 99),
  ...generatedMenus,
]

/** Sample roles see the desk and their own affairs; `administrator` sees every menu without links. */
const SAMPLE_ROLE_MENUS = ['desk', 'work']

export const roleMenus: RoleMenuSeed = {
  user: [...SAMPLE_ROLE_MENUS],
  hr: [...SAMPLE_ROLE_MENUS],
  manager: [...SAMPLE_ROLE_MENUS],
  boss: [...SAMPLE_ROLE_MENUS],
  // A member unit applies for appraisal (issue 12), sees the member centre and fills its
  // questionnaires (issue 13).
  member: [
    ...SAMPLE_ROLE_MENUS,
    ...['add', 'edit', 'delete', 'view', 'submit', 'download'].map((b) => `appraise_results_${b}`),
    'appraise_equity',
    'appraise_attach',
    'top_member',
    'survey_questionnaire',
    'evaluation',
  ],
  appraiser: [...SAMPLE_ROLE_MENUS, 'appraise'],
  expert: [...SAMPLE_ROLE_MENUS, 'appraise_review'],
}

/** Single menus granted without their buttons (roleMenus grants whole subtrees). */
export const roleMenuNodes: RoleMenuSeed = {
  member: ['appraise', 'appraise_results'],
}
