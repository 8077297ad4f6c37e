/** Texts of the report list (issue 8). */
export const reportZh = {
  route: { list: '报表列表' },
  name: '报表',
  reportName: '报表名称',
  createTime: '创建时间',
  updateTime: '更新时间',
}
export const reportEn: typeof reportZh = {
  route: { list: 'Reports' },
  name: 'Report',
  reportName: 'Name',
  createTime: 'Created',
  updateTime: 'Updated',
}
