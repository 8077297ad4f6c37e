import { Editor, type JSONContent } from '@tiptap/core'
import { describe, expect, it } from 'vitest'
import FIXTURE from '../../../../../packages/shared/test/fixtures/rich-text-editor-output.html?raw'
import { EDITOR_EXTENSIONS } from './extensions'

// The same file is fed to the server's sanitiser (apps/api/test/rich-text.test.ts), which must leave
// it unchanged: together the two tests keep the allow-list in step with the editor.

const text = (value: string, marks?: JSONContent['marks']): JSONContent => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
})
const para = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content })

/** One of every node, mark and attribute the editor offers. */
const EVERYTHING: JSONContent = {
  type: 'doc',
  content: [
    ...[1, 2, 3, 4, 5, 6].map((level) => ({
      type: 'heading',
      attrs: { level },
      content: [text(`标题 ${level}`)],
    })),
    para(
      text('粗体', [{ type: 'bold' }]),
      text(' '),
      text('斜体', [{ type: 'italic' }]),
      text(' '),
      text('删除', [{ type: 'strike' }]),
      text(' '),
      text('下划线', [{ type: 'underline' }]),
      text(' '),
      text('code', [{ type: 'code' }]),
      { type: 'hardBreak' },
      text('链接', [{ type: 'link', attrs: { href: 'https://www.example.com/a?b=1&c=2' } }]),
      text(' a < b & "c" \'d\' \u00a0e'),
    ),
    { type: 'bulletList', content: [{ type: 'listItem', content: [para(text('一'))] }] },
    {
      type: 'orderedList',
      attrs: { start: 3 },
      content: [{ type: 'listItem', content: [para(text('三'))] }],
    },
    { type: 'blockquote', content: [para(text('引用'))] },
    { type: 'codeBlock', attrs: { language: 'js' }, content: [text('if (a < b) {\n  x()\n}')] },
    { type: 'horizontalRule' },
    {
      type: 'image',
      attrs: { src: '/api/ysjs-resource/oss/endpoint/file/a.png', alt: '图 1', title: '说明' },
    },
    { type: 'image', attrs: { src: 'https://cdn.example.com/b.jpg' } },
    { type: 'paragraph' },
  ],
}

describe('rich text editor output', () => {
  it('is exactly the markup the server allow-list is tested against', () => {
    const editor = new Editor({ extensions: EDITOR_EXTENSIONS, content: EVERYTHING })
    expect(editor.getHTML()).toBe(FIXTURE.trimEnd())
    editor.destroy()
  })
})
