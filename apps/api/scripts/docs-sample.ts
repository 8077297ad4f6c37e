import { deflateSync } from 'node:zlib'
import {
  DEFAULT_AGREEMENT_TERMS,
  DEFAULT_ISSUER,
  type TMeetingForm,
  type TNoticeForm,
  type TReportForm,
} from '@ysjs/shared'
import type { TAgreementTerms } from '../src/modules/appraise/documents/agreement.document.ts'
import type { TDocInput } from '../src/modules/appraise/documents/parts.ts'
import type { TPanelMember, TReportExtras } from '../src/modules/appraise/documents/report.document.ts'
import type { TDocContext } from '../src/modules/appraise/form-detail.ts'

/** A realistic application for looking at the documents (`pnpm docs:preview`) and benchmarking them. */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  }
  return c >>> 0
})
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff
  for (const b of buf) {
    c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
  }
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A PNG chart (bars in the centre's blue) to stand for a picture embedded in the rich text. */
export const samplePng = (width = 480, height = 200) => {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 255)
    row[0] = 0
    for (let x = 0; x < width; x++) {
      const bar = Math.floor(x / 80)
      const top = height - 30 - bar * 25
      if (x % 80 > 15 && x % 80 < 65 && y > top) {
        row.set([30, 90, 170], 1 + x * 3)
      }
    }
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const SAMPLE_IMAGE_SRC = '/api/ysjs-resource/oss/file/000000/upload/20261201/chart.png'

const units = [
  ['中南大学', '410083', '湖南省长沙市岳麓区麓山南路932号', '张三丰', '0731-88876543'],
  ['江西铜业集团有限公司', '330096', '江西省南昌市高新区昌东大道7666号', '赵六', '0791-82710000'],
  ['北京矿冶研究总院', '100160', '北京市丰台区南四环西路188号总部基地18区23号楼', '钱七', '010-63299999'],
]
const people = [
  ['李四光', 1, '1975-06', 1, 1, 0, '工艺总体设计与中试组织'],
  ['王秀兰', 2, '1982-11', 2, 2, 0, '冶炼机理研究，建立熔池反应动力学模型'],
  ['陈建华', 1, '1988-03', 3, 3, 1, '工业试验与设备改造'],
  ['刘晓明', 1, '1990-09', 4, 2, 2, '过程控制系统开发'],
] as const

export const sampleContext = (): TDocContext =>
  ({
    staff: true,
    issuer: { ...DEFAULT_ISSUER, id: 1n, tenantId: '000000', configured: true, updateTime: new Date() },
    titles: new Map([
      ['1', '教授级高级工程师'],
      ['2', '教授'],
      ['3', '高级工程师'],
      ['4', '工程师'],
    ]),
    levels: new Map([
      ['1', '博士研究生'],
      ['2', '硕士研究生'],
      ['3', '大学本科'],
    ]),
    outcomes: new Map([['3', '应用技术']]),
    row: {
      id: 1n,
      name: '高效低耗铜冶炼新工艺及装备',
      agreementNumber: '2026-评-018',
      firstParty: '江西铜业集团有限公司',
      signingLocation: '北京',
      signingDate: new Date('2026-11-01T00:00:00Z'),
      appraiseType: '会议形式',
      outcomeType: 3,
      meetingType: 2,
      meetingTime: new Date('2026-12-18T01:30:00Z'),
      meetingVenue: '北京市海淀区复兴路乙12号 中国有色金属工业协会三层会议室',
      resultsSource: '<p>国家重点研发计划“战略性矿产资源开发利用”重点专项（2022YFC2904000）。</p>',
      synopsis: `<p>本成果针对铜冶炼<strong>能耗高、烟气二氧化硫浓度波动大</strong>的问题，开发了富氧侧吹熔池熔炼新工艺。</p><h3>主要创新点</h3><ol><li><p>提出<em>多相协同</em>强化熔炼方法；</p></li><li><p>研制大型侧吹炉<u>长寿命</u>水套；</p><ol><li><p>水套寿命提高至36个月；</p></li><li><p>单炉处理能力提高20%。</p></li></ol></li><li><p>建立智能控制系统。</p></li></ol><p>主要技术经济指标如下图所示：</p><p><img src="${SAMPLE_IMAGE_SRC}" alt="指标对比"></p><ul><li><p>铜回收率 98.6%</p></li><li><p>吨铜综合能耗降低 18%</p></li></ul>`,
      status: 4,
      createTime: new Date('2026-11-01T02:00:00Z'),
      updateTime: new Date('2026-11-20T02:00:00Z'),
    },
    rows: {
      unitEntityList: units.map(([unitName, postcode, address, name, phone], i) => ({
        id: BigInt(i + 1),
        unitName,
        postcode,
        address,
        name,
        phone,
      })),
      peopleEntityList: people.map(
        ([name, sex, birthTime, jobName, educationalLevel, unit, contribution]) => ({
          name,
          sex,
          birthTime,
          jobName,
          educationalLevel,
          workUnitName: units[unit]![0],
          contribution,
        }),
      ),
      principal: {
        unitName: '江西铜业集团有限公司',
        dutyNumber: '91360000158260213X',
        legalPerson: '郑高清',
        address: '江西省南昌市高新区昌东大道7666号',
        agent: '王五',
        phone: '13912345678',
        name: '赵六',
        cardNumber: '中国工商银行南昌分行',
        postcode: '330096',
        accountNumber: '1502200000000000000',
        fax: '0791-82710000',
        personMail: 'zhaoliu@jxcc.com',
      },
    },
  }) as unknown as TDocContext

export const sampleInput = (): TDocInput => {
  const png = samplePng()
  return {
    c: sampleContext(),
    images: new Map([[SAMPLE_IMAGE_SRC, { type: 'png', data: png, width: 480, height: 200 }]]),
  }
}

export const sampleNotice: TNoticeForm = {
  resultsId: '1',
  agreementNumber: '2026-评-018',
  name: '高效低耗铜冶炼新工艺及装备',
  unit: DEFAULT_ISSUER.fullName,
  evaluationDate: '2026-12-18',
  sendDate: '2026-12-04',
  meetingType: 2,
  meetingCode: '',
  contact: '周工程师',
  phone: '010-63971234',
  list: ['江西铜业集团有限公司', '铜陵有色金属集团控股有限公司', '云南铜业股份有限公司'],
} as TNoticeForm

export const sampleMeeting: TMeetingForm = {
  resultsId: '1',
  meetingTime: '2026-12-18 09:30:00',
  meetingType: 2,
  meetingNo: '—',
  direct: '周工程师',
  meetingAgenda:
    '<p>主持人介绍与会专家和代表</p><p>完成单位汇报成果研制情况</p><p>专家组质询、讨论并形成评价意见</p><p>宣布评价结论</p>',
  enterpriseList: ['江西铜业集团有限公司', '铜陵有色金属集团控股有限公司'],
  leaders: [
    { name: '李四光', workUnit: '中南大学', technical: 1 },
    { name: '赵六', workUnit: '江西铜业集团有限公司', technical: 3 },
  ],
  sendDate: '2026-12-08',
} as TMeetingForm

export const sampleReport = (input: TDocInput): TReportForm =>
  ({
    resultsId: '1',
    reportNum: '2026-评-018',
    outcomeName: input.c.row.name,
    outcomeType: 3,
    firstParty: '江西铜业集团有限公司',
    commissionDate: '2026-11-01',
    appraiseType: '会议形式',
    appraiseUnit: DEFAULT_ISSUER.fullName,
    completeDate: '2026-12-25',
    times: ['2026-11-01', '2026-12-25'],
    projectSource: input.c.row.resultsSource,
    statement:
      '<p>受江西铜业集团有限公司委托，中心于2026年12月18日在北京组织召开了评价会。专家组听取了汇报，审阅了技术资料，经质询和讨论，形成评价意见。</p>',
    reportDictionaryEntityListOne: input.c.row.synopsis,
    sources:
      '<ol><li><p>研制工作报告</p></li><li><p>技术研究报告</p></li><li><p>查新报告</p></li><li><p>用户使用报告</p></li></ol>',
    reportDictionaryEntityListTwo:
      '<p>该成果<strong>整体达到国际先进水平</strong>，其中侧吹炉长寿命水套技术达到<strong>国际领先水平</strong>。</p>',
    list: ['江西铜业集团有限公司', '云南铜业股份有限公司'],
  }) as TReportForm

export const sampleExtras: TReportExtras = {
  indexList: [
    ['技术创新程度', 30, 85.5],
    ['技术经济指标的先进程度', 25, 82],
    ['技术难度和复杂程度', 15, 78.5],
    ['成熟程度和应用情况', 15, 76],
    ['经济社会效益', 15, 80],
  ].map(([indexName, weight, score], i) => ({ id: BigInt(i + 1), indexName, weight, score })),
  totalScore: 81.3,
  grade: '国际先进',
  haveMeeting: {
    meetingType: 2,
    meetingNo: '—',
    direct: '周工程师',
    meetingAgenda: sampleMeeting.meetingAgenda,
  },
} as unknown as TReportExtras

export const samplePanel: TPanelMember[] = [
  {
    name: '王建国',
    unit: '中南大学',
    title: '正高级',
    opinion: '工艺路线合理，指标先进，建议加快推广应用。',
  },
  {
    name: '李秀英',
    unit: '北京科技大学',
    title: '正高级',
    opinion: '技术资料齐全，数据翔实，达到国际先进水平。',
  },
  { name: '孙志强', unit: '中国恩菲工程技术有限公司', title: '教授级高级工程师', opinion: '' },
]

export const sampleTerms: TAgreementTerms = {
  html: DEFAULT_AGREEMENT_TERMS,
  fee: '35800',
  paymentDays: '10',
  reportDays: '30',
  copies: '4',
  deliverables: '《科技成果评价报告》纸质版一式三份（加盖乙方公章）及电子版一份',
}
