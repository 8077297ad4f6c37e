import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sanitizeRichText } from '../src/lib/rich-text.ts'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'

// What our editor produces for one of every node and mark (apps/web's extensions.test.ts checks that
// the editor still produces exactly this).
const EDITOR_OUTPUT = readFileSync(
  new URL('../../../packages/shared/test/fixtures/rich-text-editor-output.html', import.meta.url),
  'utf8',
).trimEnd()

describe('sanitizeRichText', () => {
  it("leaves our editor's output byte for byte", () => {
    expect(sanitizeRichText(EDITOR_OUTPUT)).toBe(EDITOR_OUTPUT)
  })

  it.each([
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<p onclick="alert(1)" style="color:red" class="x">a</p>', '<p>a</p>'],
    ['<img src="x.png" onerror="alert(1)">', '<img src="x.png">'],
    [
      '<img src="javascript:alert(1)"><img src="data:image/png;base64,AAAA"><img src="//evil.example/x.png">',
      '',
    ],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    [
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      '<a href="https://a.example/" target="_self" rel="opener">x</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://a.example/">x</a>',
    ],
    ['<a href="mailto:a@b.cn">m</a>', '<a rel="noopener noreferrer nofollow" href="mailto:a@b.cn">m</a>'],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<style>p{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'x'],
    ['<div><span>保留文字</span></div>', '保留文字'],
    ['<table><tr><td>单元格</td></tr></table>', '单元格'],
    ['<code class="language-ts evil">x</code>', '<code class="language-ts">x</code>'],
    ['<p>a /> b</p><img alt="x />" src="y">', '<p>a /&gt; b</p><img alt="x /&gt;" src="y">'],
    ['<p>a</p><!-- <img src=x onerror=alert(1)> -->', '<p>a</p>'],
    ['<p>unclosed <b>bold', '<p>unclosed <b>bold</b></p>'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output)
  })
})

describe('rich text through the generic CRUD (notice content)', () => {
  let t: TTestApp
  let admin: string
  beforeAll(async () => {
    t = await createTestApp()
    admin = (await login(t.app, 'admin')).access_token
  })
  afterAll(async () => {
    await t.close()
  })

  const submit = (content: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ysjs-desk/notice/submit',
      headers: auth(admin),
      payload: { title: '富文本', category: 1, releaseTime: '2026-11-23 10:00:00', content },
    })
  const latest = async () => {
    const page = (
      await t.app.inject({
        method: 'GET',
        url: '/api/ysjs-desk/notice/list?title=富文本',
        headers: auth(admin),
      })
    ).json().data
    return page.records[0] as { id: string; content: string }
  }

  it('stores script-free content and keeps what the editor wrote', async () => {
    expect(
      (await submit('<p>通知<script>alert(document.cookie)</script></p><img src=x onerror=alert(1)>')).json(),
    ).toMatchObject({ code: 200, success: true })
    const row = await latest()
    expect(row.content).toBe('<p>通知</p><img src="x">')
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/ysjs-desk/notice/detail?id=${row.id}`,
        headers: auth(admin),
      })
    ).json().data
    expect(detail.content).toBe('<p>通知</p><img src="x">')

    const edited = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-desk/notice/submit',
      headers: auth(admin),
      payload: {
        ...detail,
        content: `${EDITOR_OUTPUT.slice(0, 1900).replace(/<[^>]*$/, '')}<p onmouseover="x">尾</p>`,
      },
    })
    expect(edited.json()).toMatchObject({ code: 200 })
    const again = (await latest()).content
    expect(again).not.toContain('onmouseover')
    expect(again.startsWith('<h1>标题 1</h1>')).toBe(true)
  })

  it('refuses content that only fits its column before sanitising, and writes nothing', async () => {
    // 1,000 bare `<` are 1,000 characters in, 4,000 out (`&lt;`): over the 2,000 the column holds.
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-desk/notice/list',
      headers: auth(admin),
    })
    const res = await submit('<'.repeat(1000))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: '长度不能超过2000个字符' })
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-desk/notice/list',
      headers: auth(admin),
    })
    expect(after.json().data.total).toBe(before.json().data.total)
  })
})
