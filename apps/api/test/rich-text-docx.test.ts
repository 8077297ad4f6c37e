import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { samplePng } from '../scripts/docs-sample.ts'
import { renderDocx } from '../src/modules/appraise/documents/docx-kit.ts'
import { storedImages } from '../src/modules/appraise/documents/render.ts'
import { imageInfo, imageSources, richBlocks } from '../src/modules/appraise/documents/rich-text-docx.ts'

const render = async (html: string, images = new Map()) => {
  const raw = await renderDocx({
    issuer: '测试中心',
    title: 't',
    blocks: richBlocks(html, images, { next: 1 }),
  })
  const files = unzipSync(new Uint8Array(raw))
  return { doc: Buffer.from(files['word/document.xml']!).toString('utf8'), files }
}

describe('rich text as Word (decision 027)', () => {
  it('numbers lists with Word numbering, nested levels and a fresh instance per list', async () => {
    const { doc } = await render(
      '<ol><li><p>一</p><ol><li><p>甲</p></li></ol></li><li><p>二</p></li></ol><ul><li><p>点</p></li></ul><ol><li><p>再</p></li></ol>',
    )
    const nums = [...doc.matchAll(/<w:ilvl w:val="(\d)"\/><w:numId w:val="(\d+)"\/>/g)].map((m) => [
      m[1],
      m[2],
    ])
    expect(nums).toHaveLength(5)
    expect(nums.map((n) => n[0])).toEqual(['0', '1', '0', '0', '0'])
    // The first list's items share a number; the nested list, the bullet list and the next ordered list
    // each have their own, so each restarts at 1.
    expect(nums[0]![1]).toBe(nums[2]![1])
    expect(new Set(nums.map((n) => n[1])).size).toBe(4)
  })

  it('keeps bold, italic, underline and strike runs, headings, breaks and paragraphs', async () => {
    const { doc } = await render(
      '<h2>标题</h2><p>前<strong>粗</strong><em>斜</em><u>下</u><s>删</s>后<br>换行</p><p>第二段 &amp; &lt;x&gt;</p>',
    )
    expect(doc).toMatch(/<w:b\/>.*<w:t[^>]*>粗</s)
    expect(doc).toMatch(/<w:i\/>.*<w:t[^>]*>斜</s)
    expect(doc).toMatch(/<w:u w:val="single"\/>.*<w:t[^>]*>下</s)
    expect(doc).toMatch(/<w:strike\/>.*<w:t[^>]*>删</s)
    expect(doc).toContain('<w:br/>')
    expect(doc).toContain('第二段 &amp; &lt;x&gt;')
    expect(doc.match(/<w:p>|<w:p /g)!.length).toBeGreaterThanOrEqual(3)
  })

  it('embeds stored pictures at their size within the text width; an unread one leaves its alt text', async () => {
    const png = samplePng(1200, 300)
    expect(imageInfo(png)).toEqual({ type: 'png', width: 1200, height: 300 })
    expect(imageInfo(Buffer.from('not an image'))).toBeNull()
    const src = '/api/ysjs-resource/oss/file/000000/a.png'
    expect(imageSources(`<p><img src="${src}" alt="图"><img src="http://x/y.png"></p>`)).toEqual([
      src,
      'http://x/y.png',
    ])
    const { doc, files } = await render(
      `<p><img src="${src}"></p><p><img src="/elsewhere.png" alt="缺图"></p>`,
      new Map([[src, { ...imageInfo(png)!, data: png }]]),
    )
    expect(Object.keys(files).some((f) => f.startsWith('word/media/'))).toBe(true)
    // 601 px wide at most (the text width), height in proportion: 601 × 300 / 1200 ≈ 150 px.
    expect(doc).toMatch(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/)
    const [, cx, cy] = /<wp:extent cx="(\d+)" cy="(\d+)"\/>/.exec(doc)!
    expect(Number(cx) / 9525).toBe(601)
    expect(Math.round(Number(cy) / 9525)).toBe(150)
    expect(doc).toContain('［图：缺图］')
  })

  it('reads the stored pictures: one not stored is left out, a store that cannot answer fails the document', async () => {
    const png = samplePng(40, 20)
    const src = '/api/ysjs-resource/oss/file/000000/a.png'
    const gone = '/api/ysjs-resource/oss/file/000000/gone.png'
    const html = `<p><img src="${src}"><img src="${gone}"><img src="http://x/y.png"></p>`
    const asked: string[] = []
    const images = await storedImages(
      async (key) => {
        asked.push(key)
        return key.endsWith('a.png') ? { object: { size: png.length }, body: [png] } : null
      },
      [html],
    )
    expect(asked).toEqual(['000000/a.png', '000000/gone.png'])
    expect([...images.keys()]).toEqual([src])
    // An outage is not "no picture" (issue 28): the error reaches the error handler.
    const outage = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    await expect(
      storedImages(async () => {
        throw outage
      }, [html]),
    ).rejects.toBe(outage)
  })

  it('gives an empty text a dash, not nothing', async () => {
    const { doc } = await render('')
    expect(doc).toContain('>—<')
  })
})
