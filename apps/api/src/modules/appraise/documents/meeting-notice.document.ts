import { cnDate, cnDateTime, DOCUMENT_TITLES, type TMeetingForm } from '@ysjs/shared'
import { closing, fields, heading, para, renderDocx, signature, table, title } from './docx-kit.ts'
import {
  isOnline,
  meetingTypeName,
  namesTable,
  principalName,
  richOf,
  sealName,
  type TDocInput,
  unitTable,
} from './parts.ts'

/** An agenda written as paragraphs is numbered item by item; one written as a list keeps its own. */
const numberedAgenda = (html: string) =>
  /<(ol|ul)\b/i.test(html)
    ? html
    : `<ol>${[...html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/gi)].map((m) => `<li><p>${m[1]}</p></li>`).join('') || `<li><p>${html}</p></li>`}</ol>`

/**
 * 科技成果评价会议通知: to the principal and the experts, with a covering paragraph; the venue of an
 * in-person meeting or the number of an online one; the agenda numbered; dated the day it is sent.
 */
export const renderMeetingNotice = (input: TDocInput, f: TMeetingForm, sendDate: string) => {
  const { c } = input
  const rich = richOf(input)
  const online = isOnline(f.meetingType)
  return renderDocx({
    issuer: c.issuer.fullName,
    title: DOCUMENT_TITLES.meeting,
    blocks: [
      title('科技成果评价会议通知'),
      para(`协议编号：${c.row.agreementNumber ?? ''}`, { align: 'right' }),
      para(`${principalName(c)}、各位评价专家：`),
      para(
        `受${principalName(c)}委托，${c.issuer.fullName}定于${cnDateTime(f.meetingTime)}以${online ? '线上会议' : '现场会议'}方式召开“${c.row.name}”科技成果评价会。现将有关事项通知如下：`,
        { indent: true },
      ),
      fields([
        ['项目名称', c.row.name],
        ['协议编号', c.row.agreementNumber ?? ''],
        ['会议时间', cnDateTime(f.meetingTime)],
        ['会议形式', meetingTypeName(f.meetingType)],
        online ? ['线上会议号', f.meetingNo] : ['会议地点', c.row.meetingVenue ?? ''],
        ['主持人', f.direct],
      ]),
      heading('一、会议议程'),
      ...rich(numberedAgenda(f.meetingAgenda)),
      heading('二、完成单位'),
      unitTable(c),
      heading('三、建议企业名单'),
      namesTable(f.enterpriseList),
      heading('四、项目单位负责人'),
      table(
        ['序号', '姓名', '工作单位', '技术职称'],
        f.leaders.map((l, i) => [String(i + 1), l.name, l.workUnit, c.titles.get(String(l.technical)) ?? '']),
        { weights: [0, 0, 1, 0], fit: [true, true, false, true] },
      ),
      para(
        online
          ? '请参会人员提前十分钟进入线上会议室，并保持网络与音视频设备畅通。'
          : '请参会人员按时到达会议地点，并携带相关技术资料。',
        { indent: true },
      ),
      closing('特此通知。', { indent: true }),
      ...signature(sealName(c), cnDate(sendDate)),
    ],
  })
}
