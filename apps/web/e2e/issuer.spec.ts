import { expect, test } from '@playwright/test'
import { openAs, toast } from './support'

// 评价机构信息 (decision 030): a save after the first writes only what it carries, so the form sends the
// fields the user emptied as '' — clearing one clears it, and the required 全称 cannot be emptied.
test('the issuing centre: an emptied field is cleared, the others kept, the full name required', async ({
  page,
}) => {
  await openAs(page, '/system/issuer')
  const form = page.getByRole('form', { name: '评价机构信息' })
  const fax = form.getByLabel('传真')
  const phone = form.getByLabel('联系电话')
  await expect(form.getByLabel('机构全称', { exact: true })).not.toHaveValue('')
  const storedFax = await fax.inputValue()
  const storedPhone = await phone.inputValue()

  await fax.fill('0731-88880000')
  await form.getByRole('button', { name: '保存' }).click()
  await expect(toast(page, '操作成功')).toBeVisible()
  await page.reload()
  await expect(fax).toHaveValue('0731-88880000')

  await fax.fill('')
  await form.getByRole('button', { name: '保存' }).click()
  await expect(toast(page, '操作成功').last()).toBeVisible()
  await page.reload()
  await expect(fax).toHaveValue('')
  await expect(phone).toHaveValue(storedPhone)

  // The required full name: its message under the field, nothing saved.
  const fullName = form.getByLabel('机构全称', { exact: true })
  const storedName = await fullName.inputValue()
  await fullName.fill('')
  await form.getByRole('button', { name: '保存' }).click()
  await expect(form.getByText('请输入机构全称')).toBeVisible()
  await page.reload()
  await expect(fullName).toHaveValue(storedName)

  // Put the seeded fax back for the other specs' documents.
  if (storedFax) {
    await fax.fill(storedFax)
    await form.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '操作成功').last()).toBeVisible()
  }
})
