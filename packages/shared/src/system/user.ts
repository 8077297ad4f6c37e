/** The current user as `user/info` answers it (contract 5.6); never carries the password. */
export type TUserInfo = {
  id: string
  tenantId: string
  code: string | null
  userType: number
  account: string
  name: string | null
  realName: string | null
  avatar: string | null
  email: string | null
  phone: string | null
  birthday: string | null
  sex: number | null
  roleId: string
  deptId: string
  postId: string
  status: number
  isDeleted: number
  createTime: string
  tenantName: string
  userTypeName: string
  roleName: string
  deptName: string
  postName: string
  sexName: string
}

export const ROLE_ADMINISTRATOR = 'administrator'
export const ROLE_ADMIN = 'admin'
