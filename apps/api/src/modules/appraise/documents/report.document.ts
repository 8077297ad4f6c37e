import { cnDate, cnDateTime, DOCUMENT_TITLES, type TReportForm } from '@ysjs/shared'
import { AlignmentType, Paragraph, TextRun } from 'docx'
import type { TFormDetail } from '../form-detail.ts'
import { closing, FANG, fields, heading, para, renderDocx, run, signature, table, title } from './docx-kit.ts'
import {
  isOnline,
  meetingTypeName,
  namesTable,
  peopleTable,
  principalName,
  richOf,
  sealName,
  type TDocInput,
  unitTable,
} from './parts.ts'

export type TReportExtras = Awaited<ReturnType<TFormDetail['reportExtras']>>
/** A member of the expert panel, with the opinion they gave with their scores. */
export type TPanelMember = { name: string; unit: string; title: string; opinion: string }

const coverLine = (label: string, value: string) =>
  new Paragraph({
    indent: { left: 1200 },
    spacing: { before: 240, line: 400 },
    children: [run(`${label}：`, { size: 30, font: FANG, bold: true }), run(value, { size: 30, font: FANG })],
  })

/** The cover page: title, the application and its parties, the completion date; the body starts on page 2. */
const cover = (input: TDocInput, f: TReportForm) => [
  new Paragraph({ spacing: { before: 2400 }, children: [] }),
  new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { after: 1600 },
    children: [new TextRun({ text: '科技成果评价报告', bold: true, size: 52, font: FANG })],
  }),
  coverLine('协议编号', f.reportNum),
  coverLine('成果名称', f.outcomeName),
  coverLine('委托单位', f.firstParty),
  coverLine('评价机构', input.c.issuer.fullName),
  coverLine('完成日期', cnDate(f.completeDate)),
]

const score = (s: number | null) => (s === null ? '' : s.toFixed(1))

/**
 * 科技成果评价报告: cover page; the application, its parties and the meeting; the indicators with their
 * weights in % and scores; the expert panel with a line for each signature and the panel's combined
 * opinion; the conclusions; the centre's signature and seal.
 */
export const renderReport = (
  input: TDocInput,
  f: TReportForm,
  extras: TReportExtras,
  panel: TPanelMember[],
) => {
  const { c } = input
  const rich = richOf(input)
  const p = c.rows.principal
  const meeting = extras.haveMeeting
  const opinions = panel.filter((m) => m.opinion.trim())
  return renderDocx({
    issuer: c.issuer.fullName,
    title: DOCUMENT_TITLES.report,
    blocks: [
      ...cover(input, f),
      title('科技成果评价报告', { pageBreakBefore: true }),
      fields([
        ['协议编号', f.reportNum],
        ['成果名称', f.outcomeName],
        ['成果类型', c.outcomes.get(String(f.outcomeType)) ?? ''],
        ['委托评价单位', f.firstParty],
        ['委托日期', cnDate(f.commissionDate)],
        ['评价形式', f.appraiseType],
        ['评价机构', f.appraiseUnit],
        ['评价完成日期', cnDate(f.completeDate)],
        ['起止时间', `${cnDate(f.times[0])}至${cnDate(f.times[1])}`],
      ]),
      heading('委托方（甲方）'),
      fields([
        ['单位名称', p?.unitName ?? principalName(c)],
        ['通讯地址', p?.address ?? ''],
        ['负责人', p?.agent ?? ''],
        ['联系人', p?.name ?? ''],
        ['电话', p?.phone ?? ''],
        ['传真', p?.fax ?? ''],
        ['邮编', p?.postcode ?? ''],
        ['邮箱', p?.personMail ?? ''],
      ]),
      heading('一、项目来源'),
      ...rich(f.projectSource),
      heading('二、评价基本过程陈述'),
      ...rich(f.statement),
      heading('三、评价会议'),
      ...(meeting
        ? [
            fields([
              ['会议形式', meetingTypeName(meeting.meetingType)],
              isOnline(meeting.meetingType)
                ? ['线上会议号', meeting.meetingNo ?? '']
                : ['会议地点', c.row.meetingVenue ?? ''],
              ['会议时间', c.row.meetingTime ? cnDateTime(c.row.meetingTime) : ''],
              ['主持人', meeting.direct ?? ''],
            ]),
            ...rich(meeting.meetingAgenda ?? ''),
          ]
        : [para('未召开评价会议', { indent: true })]),
      heading('四、技术简要说明及主要技术经济指标'),
      ...rich(f.reportDictionaryEntityListOne),
      heading('五、技术资料目录及来源'),
      ...rich(f.sources),
      heading('六、评价指标及得分'),
      table(
        ['序号', '评价指标', '权重', '得分'],
        extras.indexList.map((i, n) => [String(n + 1), i.indexName, `${i.weight}%`, score(i.score)]),
        {
          weights: [0, 1, 0, 0],
          fit: [true, false, true, true],
          totals: [
            ['综合得分', extras.totalScore === null ? '—' : extras.totalScore.toFixed(1)],
            ['评价等级', extras.grade ?? '—'],
          ],
        },
      ),
      heading('七、评价专家组'),
      table(
        ['序号', '姓名', '工作单位', '职称', '签字'],
        panel.map((m, i) => [String(i + 1), m.name, m.unit, m.title, '']),
        { weights: [0, 0, 3, 0, 2], fit: [true, true, false, true, false] },
      ),
      heading('八、专家组意见'),
      ...(opinions.length
        ? rich(`<ol>${opinions.map((m) => `<li><p>${escapeText(m.opinion)}</p></li>`).join('')}</ol>`)
        : [para('专家组尚未提交意见。', { indent: true })]),
      heading('九、分项评价结论'),
      ...rich(f.reportDictionaryEntityListTwo),
      heading('十、完成单位'),
      unitTable(c),
      heading('十一、主要研制人员'),
      peopleTable(c),
      heading('十二、建议企业名单'),
      namesTable(f.list),
      new Paragraph({
        keepNext: true,
        keepLines: true,
        spacing: { before: 600, after: 480, line: 360 },
        children: [run('专家组组长（签字）：', { size: 24 })],
      }),
      closing('本报告经评价专家组评议，由评价机构出具。', { indent: true }),
      ...signature(sealName(c), cnDate(f.completeDate)),
    ],
  })
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
