/**
 * The agreement's terms (评价协议书, decision 027): rich text kept as a Template of type 协议模板, with
 * placeholders in double braces filled from the application, the issuer and the agreement's parameters.
 */
export const AGREEMENT_TEMPLATE_TYPE = '协议模板'

/** Parameters (参数管理) the terms read, with the values seeded and used while none is set. */
export const AGREEMENT_PARAMS = {
  fee: { key: 'appraise.agreement.fee', name: '评价协议-评价费用(元)', value: '30000' },
  paymentDays: { key: 'appraise.agreement.paymentDays', name: '评价协议-付款期限(工作日)', value: '10' },
  reportDays: { key: 'appraise.agreement.reportDays', name: '评价协议-出具报告期限(工作日)', value: '30' },
  copies: { key: 'appraise.agreement.copies', name: '评价协议-协议份数', value: '4' },
  deliverables: {
    key: 'appraise.agreement.deliverables',
    name: '评价协议-交付成果',
    value: '《科技成果评价报告》纸质版一式三份（加盖乙方公章）及电子版一份',
  },
} as const

/** The placeholders a 协议模板 may hold, and what each becomes. */
export const AGREEMENT_PLACEHOLDERS = {
  甲方: '委托方单位名称',
  乙方: '评价机构全称',
  成果名称: '成果名称',
  协议编号: '协议编号',
  评价形式: '评价形式',
  评价费用: '评价费用，小写与大写，如 30,000.00元（人民币叁万元整）',
  付款期限: '协议签订后付款的工作日数',
  报告期限: '评价会后出具报告的工作日数',
  交付成果: '交付成果',
  协议份数: '协议份数（大写数字，如 肆）',
} as const
export type TAgreementPlaceholder = keyof typeof AGREEMENT_PLACEHOLDERS

/** The seeded default terms; also what the agreement uses when the tenant has no 协议模板. */
export const DEFAULT_AGREEMENT_TERMS = [
  '<h3>第一条 评价内容</h3>',
  '<p>甲方委托乙方对“{{成果名称}}”（协议编号：{{协议编号}}）进行科技成果评价，评价形式为{{评价形式}}。</p>',
  '<h3>第二条 双方责任</h3>',
  '<ol>',
  '<li>甲方保证所提供的技术资料<strong>真实、完整、合法</strong>，并对其真实性负责。</li>',
  '<li>乙方按照国家有关规定组织专家独立、客观、公正地开展评价，并对评价过程中知悉的技术秘密负有<strong>保密义务</strong>。</li>',
  '<li>评价结论仅对甲方提供的资料负责，不作为知识产权权属的证明。</li>',
  '</ol>',
  '<h3>第三条 评价费用及支付方式</h3>',
  '<p>评价费用为{{评价费用}}，甲方应于本协议签订之日起{{付款期限}}内一次性支付至乙方账户。</p>',
  '<h3>第四条 完成期限及交付成果</h3>',
  '<p>乙方在评价会议结束后{{报告期限}}内向甲方交付{{交付成果}}。</p>',
  '<h3>第五条 其他</h3>',
  '<ul>',
  '<li>本协议未尽事宜，由双方协商解决。</li>',
  '<li>本协议一式{{协议份数}}份，甲乙双方各执一半，具有同等法律效力，自双方签字盖章之日起生效。</li>',
  '</ul>',
].join('')

const CN_SMALL = '零壹贰叁肆伍陆柒捌玖'

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * Fills `{{name}}` placeholders of the template's HTML with text (escaped); unknown names stay visible so
 * a typo in a template shows on paper.
 */
export const fillPlaceholders = (html: string, values: Partial<Record<TAgreementPlaceholder, string>>) =>
  html.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) =>
    name in values ? escapeHtml(values[name as TAgreementPlaceholder] ?? '') : whole,
  )

/** A count of copies in capital figures (1–99), as contracts write it (一式肆份). */
export const capitalCount = (n: number): string => {
  if (!Number.isInteger(n) || n < 1 || n > 99) {
    return String(n)
  }
  const tens = Math.floor(n / 10)
  const ones = n % 10
  return `${tens ? `${tens > 1 ? CN_SMALL[tens] : '壹'}拾` : ''}${ones ? CN_SMALL[ones] : ''}`
}
