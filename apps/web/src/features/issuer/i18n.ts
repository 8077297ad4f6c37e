/** Texts of the issuing centre's screen (decision 027). */
export const issuerZh = {
  route: '评价机构信息',
  hint: '评价通知、协议书、会议通知和评价报告的页眉、落款和乙方信息均取自此处。',
  notConfigured: '尚未设置，文书暂以租户名称落款。',
  fullName: '机构全称',
  shortName: '机构简称',
  address: '通讯地址',
  postcode: '邮政编码',
  phone: '联系电话',
  fax: '传真',
  email: '电子邮箱',
  bankName: '开户银行',
  bankAccount: '银行账号',
  sealText: '印章文字',
  sealHint: '盖章处下方印出的机构名称（留空则用机构全称）',
}

export const issuerEn: Record<keyof typeof issuerZh, string> = {
  route: 'Issuing centre',
  hint: 'The header, signature and party B details of the notice, agreement, meeting notice and report come from here.',
  notConfigured: 'Not set yet: documents are signed with the tenant name.',
  fullName: 'Full name',
  shortName: 'Short name',
  address: 'Address',
  postcode: 'Postcode',
  phone: 'Phone',
  fax: 'Fax',
  email: 'E-mail',
  bankName: 'Bank',
  bankAccount: 'Account number',
  sealText: 'Seal wording',
  sealHint: 'The name printed at the seal (the full name when empty)',
}
