import { cnDate, DOCUMENT_TITLES, type TNoticeForm } from '@ysjs/shared'
import { closing, fields, heading, para, renderDocx, signature, title } from './docx-kit.ts'
import { isOnline, meetingTypeName, namesTable, principalName, sealName, type TDocInput } from './parts.ts'

/** 科技成果评价通知: to the principal, signed and sealed by the issuing centre on the day it is sent. */
export const renderNotice = ({ c }: TDocInput, f: TNoticeForm) =>
  renderDocx({
    issuer: c.issuer.fullName,
    title: DOCUMENT_TITLES.notice,
    blocks: [
      title('科技成果评价通知'),
      para(`文件号：${f.agreementNumber}`, { align: 'right' }),
      para(`${principalName(c)}：`),
      para(
        `贵单位委托的“${f.name}”科技成果评价申请已受理。经研究，定于${cnDate(f.evaluationDate)}以${meetingTypeName(f.meetingType)}方式召开评价会，请按下列事项做好准备。`,
        { indent: true },
      ),
      fields([
        ['成果名称', f.name],
        ['评价单位', f.unit],
        ['评价日期', cnDate(f.evaluationDate)],
        ['发送日期', cnDate(f.sendDate)],
        ['会议类型', meetingTypeName(f.meetingType)],
        // An online meeting's number, an offline meeting's place (the application's venue).
        isOnline(f.meetingType)
          ? ['腾讯会议号', f.meetingCode ?? '']
          : ['会议地点', c.row.meetingVenue ?? ''],
        ['联系人', f.contact],
        ['电话', f.phone],
      ]),
      heading('建议企业名单'),
      namesTable(f.list),
      para('请贵单位按时参会。如有疑问，请与联系人联系。', { indent: true }),
      closing('特此通知。', { indent: true }),
      ...signature(sealName(c), cnDate(f.sendDate)),
    ],
  })
