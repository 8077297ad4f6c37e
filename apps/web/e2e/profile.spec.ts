import { expect, test } from '@playwright/test'
import { openAs, toast } from './support'

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

test.describe('personal info', () => {
  test('uploads an avatar and saves it with the profile', async ({ page }) => {
    await openAs(page, '/info/index')
    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute(
      'src',
      // Keyed per tenant; the token rides in the query, since an <img> cannot send the header.
      /\/api\/ysjs-resource\/oss\/file\/upload\/000000\/env\/\d{8}\/[0-9a-f-]+\.png\?blade-auth=bearer%20/,
    )
    await page.getByRole('button', { name: '保存' }).first().click()
    await expect(toast(page, '更新成功').or(toast(page, '操作成功'))).toBeVisible()
    await page.reload()
    const src = await page.getByTestId('avatar-preview').locator('img').getAttribute('src')
    expect(src).toMatch(/\/oss\/file\/upload\//)
    // The stored file is served back as the image it is, to the token only.
    const image = await page.request.get(src!)
    expect(image.headers()['content-type']).toBe('image/png')
    expect((await page.request.get(src!.split('?')[0]!)).status()).toBe(401)
    // The home page shows the same picture, loaded (its link carries the token too).
    await page.goto('/wel/index')
    const home = page.getByRole('main').locator('img.MuiAvatar-img').first()
    await expect(home).toHaveAttribute('src', /\?blade-auth=bearer%20/)
    await expect.poll(() => home.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  })

  test('refuses an avatar that is not jpg/png or is over 500kb, without uploading it', async ({ page }) => {
    await openAs(page, '/info/index')
    let uploads = 0
    page.on('request', (req) => {
      if (req.url().includes('/oss/endpoint/put-file')) {
        uploads++
      }
    })
    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: PNG })
    await expect(toast(page, '上传头像图片只能是 JPG/PNG 格式!')).toBeVisible()
    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(600 * 1024) })
    await expect(toast(page, '上传头像图片大小不能超过 500KB!')).toBeVisible()
    expect(uploads).toBe(0)
  })
})
