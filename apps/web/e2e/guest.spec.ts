import { createHash } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { TENANT, toast, unique } from './support'

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`

test.describe('guest registration (third-party login through the local provider stub)', () => {
  test('a third-party user without an account applies for one, with the checks in the spec order', async ({
    page,
  }) => {
    await page.goto(`/login?code=${unique('e2e-')}&state=s1`)
    const dialog = page.getByRole('dialog', { name: '账号注册' })
    await expect(dialog).toBeVisible()
    const submit = () => dialog.getByRole('button', { name: '提交' }).click()

    await dialog.getByLabel('租户编号').fill('')
    await dialog.getByLabel('账号名称').fill('')
    await submit()
    await expect(toast(page, '请先输入租户编号')).toBeVisible()

    await dialog.getByLabel('租户编号').fill(TENANT)
    await submit()
    await expect(toast(page, '请先输入账号名称')).toBeVisible()

    const account = unique('guest')
    await dialog.getByLabel('账号名称').fill(account)
    await submit()
    await expect(toast(page, '请先输入密码')).toBeVisible()

    await dialog.getByLabel('密码', { exact: true }).fill('secret-1')
    await dialog.getByLabel('确认密码').fill('secret-2')
    await submit()
    await expect(toast(page, '两次密码输入不一致')).toBeVisible()

    await dialog.getByLabel('确认密码').fill('secret-1')
    await submit()
    await expect(toast(page, '注册申请已提交,请耐心等待管理员通过!')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)

    // The account exists, pending an administrator's approval.
    const res = await page.request.post('/api/ysjs-auth/oauth/token', {
      params: {
        tenantId: TENANT,
        username: account,
        password: createHash('md5').update('secret-1').digest('hex'),
        grant_type: 'password',
        scope: 'all',
      },
      headers: { Authorization: BASIC, 'Tenant-Id': TENANT },
    })
    expect((await res.json()).error_description).toBe('用户账号待审核,请耐心等待管理员通过')
  })
})
