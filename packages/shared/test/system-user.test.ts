import { describe, expect, it } from 'vitest'
import {
  ancestorsInclude,
  childAncestors,
  ZDeptSubmitSchema,
  ZPostSubmitSchema,
  ZUserAuditRefuseSchema,
  ZUserFormSchema,
  ZUserGrantQuerySchema,
  ZUserSubmitSchema,
  zIdListOf,
} from '../src/index.ts'

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message

const user = {
  account: 'zhangsan',
  password: 'pw',
  name: '张三',
  realName: '张三',
  roleId: '1,2',
  deptId: '3',
}

describe('user schemas', () => {
  it('takes comma strings (or arrays) of ids, deduplicated and trimmed', () => {
    const parsed = ZUserSubmitSchema.parse({ ...user, roleId: ' 1, 2,1 ', deptId: ['3', '4'] })
    expect(parsed).toMatchObject({ roleId: '1,2', deptId: '3,4', userType: 1 })
    expect(parsed.postId).toBeUndefined()
  })

  it('answers the form messages in order', () => {
    expect(firstMessage(ZUserSubmitSchema.safeParse({ ...user, account: ' ' }))).toBe('请输入登录账号')
    expect(firstMessage(ZUserSubmitSchema.safeParse({ ...user, roleId: '' }))).toBe('请选择所属角色')
    expect(firstMessage(ZUserSubmitSchema.safeParse({ ...user, roleId: '1,abc' }))).toBe('请选择所属角色')
    expect(firstMessage(ZUserSubmitSchema.safeParse({ ...user, deptId: undefined }))).toBe('请选择所属部门')
    expect(firstMessage(ZUserSubmitSchema.safeParse({ ...user, userType: 4 }))).toBe('请选择用户平台')
  })

  it('needs a password to create, not to update', () => {
    expect(firstMessage(ZUserSubmitSchema.safeParse({ ...user, password: '' }))).toBe('请输入密码')
    expect(ZUserSubmitSchema.safeParse({ ...user, password: '', id: '5' }).success).toBe(true)
  })

  it('the form checks the confirmation when creating', () => {
    expect(firstMessage(ZUserFormSchema.safeParse({ ...user }))).toBe('请输入确认密码')
    expect(firstMessage(ZUserFormSchema.safeParse({ ...user, password2: 'other' }))).toBe(
      '两次输入密码不一致!',
    )
    expect(ZUserFormSchema.safeParse({ ...user, password2: 'pw' }).success).toBe(true)
    expect(ZUserFormSchema.safeParse({ ...user, password: '', id: '5' }).success).toBe(true)
  })

  it('grant and audit take id lists with their own messages', () => {
    expect(ZUserGrantQuerySchema.parse({ userIds: '1,1,2', roleIds: '3' })).toEqual({
      userIds: ['1', '2'],
      roleIds: ['3'],
    })
    expect(firstMessage(ZUserGrantQuerySchema.safeParse({ userIds: '1' }))).toBe('请选择所属角色')
    expect(firstMessage(ZUserAuditRefuseSchema.safeParse({ userIds: [1, 2], reason: ' ' }))).toBe(
      '请输入驳回原因',
    )
    expect(firstMessage(zIdListOf('userIds').safeParse('1,x'))).toBe('请求参数类型错误: userIds')
    expect(firstMessage(zIdListOf('userIds').safeParse(''))).toBe('缺少必要的请求参数: userIds')
    expect(zIdListOf('userIds').safeParse('9223372036854775808').success).toBe(false)
  })
})

describe('dept rules', () => {
  it('ancestors of a child are its parent ancestors plus the parent', () => {
    expect(childAncestors(null)).toBe('0')
    expect(childAncestors({ id: 7n, ancestors: '0' })).toBe('0,7')
    expect(childAncestors({ id: '9', ancestors: '0,7' })).toBe('0,7,9')
  })

  it('a dept lies under another exactly when its ancestors name it (not a prefix of another id)', () => {
    expect(ancestorsInclude('0,12,345', 12n)).toBe(true)
    expect(ancestorsInclude('0,12,345', '345')).toBe(true)
    expect(ancestorsInclude('0,123,45', 12n)).toBe(false)
    expect(ancestorsInclude('0', 0n)).toBe(true)
  })

  it('dept and post forms answer their messages', () => {
    const dept = { deptName: '研发部', fullName: '研发部', deptCategory: 2, sort: 1 }
    expect(ZDeptSubmitSchema.safeParse(dept).success).toBe(true)
    expect(firstMessage(ZDeptSubmitSchema.safeParse({ ...dept, deptName: '' }))).toBe('请输入机构名称')
    expect(firstMessage(ZDeptSubmitSchema.safeParse({ ...dept, deptCategory: '' }))).toBe('请选择机构类型')
    const post = { category: 1, postCode: 'cto', postName: '首席技术官', sort: 1 }
    expect(ZPostSubmitSchema.safeParse(post).success).toBe(true)
    expect(firstMessage(ZPostSubmitSchema.safeParse({ ...post, postCode: '' }))).toBe('请输入岗位编号')
    expect(firstMessage(ZPostSubmitSchema.safeParse({ ...post, postCode: 'x'.repeat(13) }))).toBe(
      '长度不能超过12个字符',
    )
  })
})
