// Business dictionaries: every code the product's selects, tables and forms read through
// `/dict-biz/dictionary?code=`. Items are listed in display order; the seed runner numbers them 1..n.
// Keys are strings of digits, as the platform stores `dict_key` as text.

import type { DictItemSeed, DictSeed } from './types.ts'

/** The achievement attachment categories (section 9): also rows 12–17 of the category tree. */
export const ATTACHMENT_CATEGORIES: [id: number, name: string][] = [
  [12, '科技查新报告'],
  [13, '检测报告'],
  [14, '应用证明'],
  [15, '论文专著'],
  [16, '审批文件'],
  [17, '其他资料'],
]

/** Items keyed 1..n in the order given. */
const seq = (...values: string[]): DictItemSeed[] => values.map((value, i) => ({ key: String(i + 1), value }))

/** Items with explicit keys. */
const keyed = (...pairs: [key: string | number, value: string][]): DictItemSeed[] =>
  pairs.map(([key, value]) => ({ key: String(key), value }))

// Platform dictionaries (contract section 8.1): the system dictionary (`blade_dict`), and the same codes
// in each tenant's business dictionaries, where the product's selects read them.
export const platformDicts: DictSeed[] = [
  { code: 'sex', name: '性别', items: seq('男', '女') },
  {
    code: 'notice',
    name: '通知类型',
    items: seq('发布通知', '批转通知', '转发通知', '指示通知', '任免通知', '事务通知'),
  },
  { code: 'menu_category', name: '菜单类型', items: seq('菜单', '按钮') },
  { code: 'button_func', name: '按钮功能', items: seq('工具栏', '操作栏', '工具操作栏') },
  { code: 'yes_no', name: '是否', items: seq('否', '是') },
  {
    code: 'flow',
    name: '流程类型',
    items: [
      { key: '1', value: '请假流程', remark: 'leave' },
      { key: '2', value: '报销流程', remark: 'expense' },
    ],
  },
  { code: 'org_category', name: '机构类型', items: seq('公司', '部门', '小组') },
  {
    code: 'data_scope_type',
    name: '数据权限',
    items: seq('全部可见', '本人可见', '所在机构可见', '所在机构及子级可见', '自定义'),
  },
  { code: 'api_scope_type', name: '接口权限', items: seq('系统接口', '业务接口') },
  { code: 'scope_category', name: '权限类型', items: seq('数据权限', '接口权限') },
  { code: 'oss', name: '对象存储类型', items: seq('minio', '七牛云', '阿里云', '腾讯云', '本地磁盘') },
  { code: 'sms', name: '短信服务类型', items: seq('云片', '七牛云', '阿里云', '腾讯云', '日志输出') },
  { code: 'post_category', name: '岗位类型', items: seq('高层', '中层', '基层', '其他') },
  {
    code: 'region',
    name: '行政区划',
    items: keyed([0, '国家'], [1, '省份/直辖市'], [2, '地市'], [3, '区县'], [4, '乡镇'], [5, '村委']),
  },
  { code: 'user_type', name: '用户平台', items: seq('WEB', 'APP', 'OTHER') },
  { code: 'is_sealed', name: '是否封存', items: keyed([0, '否'], [1, '是']) },
]

// Achievement appraisal
const appraisal: DictSeed[] = [
  {
    code: 'achievement_type',
    name: '成果类型',
    items: seq(
      '应用技术成果',
      '技术发明',
      '新工艺',
      '新产品',
      '新材料',
      '新装备',
      '软件成果',
      '标准',
      '专利',
      '基础理论成果',
      '软科学成果',
      '其他',
    ),
  },
  {
    code: 'technical_title',
    name: '技术职称',
    items: seq(
      '正高级工程师',
      '高级工程师',
      '工程师',
      '助理工程师',
      '技术员',
      '研究员',
      '副研究员',
      '助理研究员',
      '教授',
      '副教授',
      '讲师',
      '其他',
    ),
  },
  {
    code: 'educational_level',
    name: '文化程度',
    items: seq('博士研究生', '硕士研究生', '大学本科', '大学专科', '中专', '高中及以下'),
  },
  {
    code: 'appraise_type',
    name: '评价形式',
    items: seq('会议形式', '函审形式', '视频会议形式', '现场考察形式'),
  },
  { code: 'meeting_type', name: '会议类型', items: seq('线上', '线下') },
  {
    code: 'attachment_category',
    name: '成果附件类型',
    remark: '成果评价附件分类，键值为分类编号',
    items: keyed(...ATTACHMENT_CATEGORIES),
  },
  {
    code: 'intellectual_property_category',
    name: '知识产权类别',
    items: seq(
      '发明专利',
      '实用新型专利',
      '外观设计专利',
      '软件著作权',
      '集成电路布图设计',
      '技术秘密',
      '标准',
      '其他',
    ),
  },
  { code: 'ip_validity', name: '知识产权状态', items: seq('有效', '无效') },
  {
    code: 'country',
    name: '国家或地区',
    items: seq(
      '中国',
      '美国',
      '日本',
      '德国',
      '英国',
      '法国',
      '韩国',
      '俄罗斯',
      '澳大利亚',
      '加拿大',
      '瑞士',
      '瑞典',
      '欧洲专利局',
      '世界知识产权组织',
      '其他',
    ),
  },
  {
    code: 'industry',
    name: '行业领域',
    items: seq(
      '铜',
      '铝',
      '铅锌',
      '镍钴',
      '锡锑',
      '钨钼',
      '稀土',
      '贵金属',
      '轻金属',
      '稀有金属',
      '有色金属加工',
      '地质勘查',
      '采矿',
      '选矿',
      '冶炼',
      '环保与资源综合利用',
      '装备',
      '其他',
    ),
  },
]

// Questionnaire surveys
const survey: DictSeed[] = [
  {
    code: 'question_type',
    name: '题目类型',
    items: keyed([0, '单选题'], [1, '多选题'], [2, '填空题'], [3, '简答题']),
  },
  { code: 'questionnaire_status', name: '问卷状态', items: seq('暂存', '待填报', '已提交') },
]

// Meetings
const meeting: DictSeed[] = [
  {
    code: 'meeting_status',
    name: '会议状态',
    items: seq('筹备中', '报名中', '报名截止', '进行中', '已结束'),
  },
  { code: 'shelves', name: '上架状态', items: keyed([0, '已下架'], [1, '已上架']) },
]

// Experts
const expert: DictSeed[] = [
  {
    code: 'id_type',
    name: '证件类型',
    items: seq(
      '居民身份证',
      '护照',
      '港澳居民来往内地通行证',
      '台湾居民来往大陆通行证',
      '外国人永久居留身份证',
      '军官证',
      '其他',
    ),
  },
  {
    code: 'nation',
    name: '民族',
    remark: '代码参照 GB/T 3304',
    items: [
      ...seq(
        '汉族',
        '蒙古族',
        '回族',
        '藏族',
        '维吾尔族',
        '苗族',
        '彝族',
        '壮族',
        '布依族',
        '朝鲜族',
        '满族',
        '侗族',
        '瑶族',
        '白族',
        '土家族',
        '哈尼族',
        '哈萨克族',
        '傣族',
        '黎族',
        '傈僳族',
        '佤族',
        '畲族',
        '高山族',
        '拉祜族',
        '水族',
        '东乡族',
        '纳西族',
        '景颇族',
        '柯尔克孜族',
        '土族',
        '达斡尔族',
        '仫佬族',
        '羌族',
        '布朗族',
        '撒拉族',
        '毛南族',
        '仡佬族',
        '锡伯族',
        '阿昌族',
        '普米族',
        '塔吉克族',
        '怒族',
        '乌孜别克族',
        '俄罗斯族',
        '鄂温克族',
        '德昂族',
        '保安族',
        '裕固族',
        '京族',
        '塔塔尔族',
        '独龙族',
        '鄂伦春族',
        '赫哲族',
        '门巴族',
        '珞巴族',
        '基诺族',
      ),
      { key: '97', value: '其他' },
      { key: '98', value: '外国血统中国籍人士' },
    ],
  },
  {
    code: 'party',
    name: '政治面貌',
    remark: '代码参照 GB/T 4762',
    items: seq(
      '中共党员',
      '中共预备党员',
      '共青团员',
      '民革党员',
      '民盟盟员',
      '民建会员',
      '民进会员',
      '农工党党员',
      '致公党党员',
      '九三学社社员',
      '台盟盟员',
      '无党派人士',
      '群众',
    ),
  },
  { code: 'degree', name: '学位', items: seq('博士', '硕士', '学士', '无') },
  { code: 'work_status', name: '工作状态', items: seq('在职', '退休', '返聘', '其他') },
  {
    code: 'unit_nature',
    name: '单位性质',
    items: seq(
      '高等院校',
      '科研院所',
      '国有企业',
      '民营企业',
      '外资企业',
      '事业单位',
      '政府机关',
      '社会团体',
      '其他',
    ),
  },
]

// Technology projects and trading
const project: DictSeed[] = [
  {
    code: 'technology_type',
    name: '技术类型',
    items: seq('新材料', '新工艺', '新装备', '新产品', '节能减排', '资源综合利用', '智能制造', '其他'),
  },
  {
    code: 'technical_source',
    name: '技术来源',
    items: seq('自主研发', '合作研发', '引进消化吸收再创新', '其他'),
  },
  {
    code: 'patent_situation',
    name: '专利情况',
    items: seq('已授权专利', '已申请未授权', '无专利'),
  },
  {
    code: 'collaboration_mode',
    name: '合作方式',
    items: seq('技术转让', '技术许可', '技术入股', '合作开发', '技术服务', '其他'),
  },
  {
    code: 'project_phase',
    name: '项目阶段',
    items: seq('实验室研究阶段', '小试阶段', '中试阶段', '工业试验阶段', '产业化阶段'),
  },
  { code: 'is_secret', name: '是否保密', items: seq('非保密', '保密') },
  {
    code: 'deal_status',
    name: '交易状态',
    remark: '技术交易合同的进展 (decision 014)',
    items: seq('洽谈中', '已签约', '履行中', '已完成', '已终止'),
  },
]

// Scheduled jobs (spec section 9)
const job: DictSeed[] = [
  {
    code: 'time_expression_type',
    name: '定时类型',
    items: seq('API', 'CRON', '固定频率（毫秒）', '固定延迟（毫秒）', '工作流'),
  },
  { code: 'execute_type', name: '执行类型', items: seq('单机执行', '广播执行', 'MapReduce') },
  { code: 'processor_type', name: '处理器类型', items: keyed([1, '内置处理器'], [4, '外部处理器']) },
  { code: 'dispatch_strategy', name: '调度策略', items: seq('健康度优先', '随机') },
  {
    code: 'log_type',
    name: '日志类型',
    items: keyed([1, '在线'], [2, '本地'], [3, '标准输出'], [4, '本地和在线'], [999, '不记录']),
  },
  {
    code: 'log_level',
    name: '日志级别',
    items: keyed([1, 'DEBUG'], [2, 'INFO'], [3, 'WARN'], [4, 'ERROR'], [99, 'OFF']),
  },
  { code: 'job_enable', name: '任务状态', items: keyed([0, '暂停'], [1, '启用']) },
]

// Application status of an appraisal (issue 12, decision 017): the service's transition table uses these keys.
const appraisalStatus: DictSeed[] = [
  {
    code: 'results_status',
    name: '成果评价状态',
    items: keyed(
      [0, '草稿'],
      [1, '待审核'],
      [2, '已受理'],
      [3, '评价中'],
      [4, '已评分'],
      [5, '已出具报告'],
      [6, '已归档'],
      [9, '已退回'],
    ),
  },
]

export const dicts: DictSeed[] = [
  ...platformDicts,
  ...appraisal,
  ...survey,
  ...meeting,
  ...expert,
  ...project,
  ...job,
  ...appraisalStatus,
]
