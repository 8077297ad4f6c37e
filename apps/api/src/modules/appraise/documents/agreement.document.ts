import {
  capitalCount,
  capitalYuan,
  cnDate,
  cnDateTime,
  DOCUMENT_TITLES,
  fillPlaceholders,
  yuan,
} from '@ysjs/shared'
import { dateText } from '../appraise-access.ts'
import { closing, fields, heading, para, partiesSignature, renderDocx, title } from './docx-kit.ts'
import { peopleTable, principalName, richOf, sealName, type TDocInput, unitTable } from './parts.ts'

/** The agreement's terms: the tenant's 协议模板 and the values of its placeholders (parameters). */
export type TAgreementTerms = {
  html: string
  fee: string
  paymentDays: string
  reportDays: string
  copies: string
  deliverables: string
}

const days = (n: string) => `${n}个工作日`

/**
 * 科技成果评价协议书: both parties in full (甲方 the principal, 乙方 the issuing centre), the application,
 * the terms from the 协议模板 with the fee in figures and in capitals, then 以下无正文 and the parties'
 * signature table with room for their seals.
 */
export const renderAgreement = (input: TDocInput, terms: TAgreementTerms) => {
  const { c } = input
  const p = c.rows.principal
  const rich = richOf(input)
  const filled = fillPlaceholders(terms.html, {
    甲方: principalName(c),
    乙方: c.issuer.fullName,
    成果名称: c.row.name,
    协议编号: c.row.agreementNumber ?? '（待受理后编号）',
    评价形式: c.row.appraiseType ?? '',
    评价费用: `${yuan(terms.fee)}（${capitalYuan(terms.fee)}）`,
    付款期限: days(terms.paymentDays),
    报告期限: days(terms.reportDays),
    交付成果: terms.deliverables,
    协议份数: capitalCount(Number(terms.copies)),
  })
  return renderDocx({
    issuer: c.issuer.fullName,
    title: DOCUMENT_TITLES.protocol,
    blocks: [
      title('科技成果评价协议书'),
      para(`协议编号：${c.row.agreementNumber ?? '（待受理后编号）'}`, { align: 'right' }),
      fields([
        ['成果名称', c.row.name],
        ['成果类型', c.outcomes.get(String(c.row.outcomeType)) ?? ''],
        ['签订地点', c.row.signingLocation ?? ''],
        ['签订日期', cnDate(dateText(c.row.signingDate))],
        ['评价形式', c.row.appraiseType ?? ''],
        ['会议时间', c.row.meetingTime ? cnDateTime(c.row.meetingTime) : ''],
        ['会议地点', c.row.meetingVenue ?? ''],
      ]),
      heading('甲方（委托方）'),
      fields([
        ['单位名称', principalName(c)],
        ['纳税登记号', p?.dutyNumber ?? ''],
        ['法定代表人', p?.legalPerson ?? ''],
        ['委托代理人', p?.agent ?? ''],
        ['通讯地址', p?.address ?? ''],
        ['邮编', p?.postcode ?? ''],
        ['联系人', p?.name ?? ''],
        ['电话', p?.phone ?? ''],
        ['传真', p?.fax ?? ''],
        ['电子邮箱', p?.personMail ?? ''],
        ['开户银行', p?.cardNumber ?? ''],
        ['账号', p?.accountNumber ?? ''],
      ]),
      heading('乙方（评价机构）'),
      fields([
        ['单位名称', c.issuer.fullName],
        ['简称', c.issuer.shortName ?? ''],
        ['通讯地址', c.issuer.address ?? ''],
        ['邮编', c.issuer.postcode ?? ''],
        ['电话', c.issuer.phone ?? ''],
        ['传真', c.issuer.fax ?? ''],
        ['电子邮箱', c.issuer.email ?? ''],
        ['开户银行', c.issuer.bankName ?? ''],
        ['账号', c.issuer.bankAccount ?? ''],
      ]),
      heading('一、成果来源'),
      ...rich(c.row.resultsSource),
      heading('二、内容简介'),
      ...rich(c.row.synopsis),
      heading('三、完成单位'),
      unitTable(c),
      heading('四、主要研制人员'),
      peopleTable(c),
      heading('五、约定条款'),
      ...rich(filled),
      closing('（以下无正文）', { align: 'center' }),
      partiesSignature(principalName(c), sealName(c)),
    ],
  })
}
