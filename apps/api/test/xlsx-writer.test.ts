import { describe, expect, it } from 'vitest'
import { cellOf, columnLetter, sheetNameOf, textCell, textWidth, xlsxStream } from '../src/lib/xlsx-writer.ts'
import { readExport, shapeOf } from './helpers/xlsx.ts'

const bytesOf = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

async function* batches(rows: Record<string, unknown>[]) {
  yield rows
}

describe('the export writer', () => {
  it('writes text that would run as a formula as an inline string, and drops what XML cannot hold', () => {
    for (const text of ['=1+2', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(textCell(text)).toEqual({ richText: [{ text }] })
    }
    expect(textCell('a=1')).toBe('a=1')
    expect(textCell('铜\u0007冶炼\u001f')).toBe('铜冶炼')
  })

  it('turns values into numbers and dates by the column kind, and keeps what is not one as text', () => {
    expect(cellOf('1250000.50', 'money')).toBe(1250000.5)
    expect(cellOf('1,200.5', 'money')).toBe(1200.5)
    expect(cellOf('面议', 'money')).toBe('面议')
    expect(cellOf('-5', 'money')).toBe(-5)
    // Ids and long codes keep every digit: never a number.
    expect(cellOf('1123598821738675201', 'number')).toBe('1123598821738675201')
    expect(cellOf('2026-03-15', 'date')).toEqual(new Date('2026-03-15T00:00:00Z'))
    expect(cellOf('2026-03-15 08:30:00', 'date')).toEqual(new Date('2026-03-15T00:00:00Z'))
    expect(cellOf('2026-03-15 08:30:00', 'datetime')).toEqual(new Date('2026-03-15T08:30:00Z'))
    // A Date is shown in China time: 2026-03-14 20:00 UTC is 03-15 04:00 there.
    expect(cellOf(new Date('2026-03-14T20:00:00Z'), 'date')).toEqual(new Date('2026-03-15T00:00:00Z'))
    expect(cellOf('2023年', 'date')).toBe('2023年')
    expect(cellOf('', 'text')).toBeNull()
    expect(cellOf(true, 'text')).toBe('是')
    expect(cellOf(['a', 'b'], 'text')).toBe('a,b')
  })

  it('measures Chinese text as two columns a character, and names sheets Excel accepts', () => {
    expect(textWidth('abc')).toBe(3)
    expect(textWidth('有色金属')).toBe(8)
    expect(textWidth('（）')).toBe(4)
    expect(sheetNameOf('开票信息')).toBe('开票信息')
    expect(sheetNameOf('a/b:c*d?[e]')).toBe('a b c d  e')
    expect(sheetNameOf('')).toBe('Sheet1')
    expect(Array.from(sheetNameOf('长'.repeat(40)))).toHaveLength(31)
    expect([1, 26, 27, 52, 703].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA'])
  })

  it('fits a sheet to one page wide while it is readable; a wider one prints over pages with its first column', async () => {
    const columns = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ key: `c${i}`, header: `第${i + 1}题`, width: 30 }))
    const row = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, '答'.repeat(20)]))
    const narrow = await readExport(
      await bytesOf(
        await xlsxStream(
          { name: '窄表', title: '窄表', columns: columns(4) },
          batches([row(4)]),
          () => undefined,
        ),
      ),
    )
    expect(shapeOf(narrow)).toMatchObject({
      fitToWidth: 1,
      printTitlesRow: '2:2',
      frozen: 2,
      autoFilter: 'A2:D2',
    })
    const wide = await readExport(
      await bytesOf(
        await xlsxStream(
          { name: '宽表', title: '宽表', columns: columns(20) },
          batches([row(20)]),
          () => undefined,
        ),
      ),
    )
    expect(shapeOf(wide)).toMatchObject({ fitToWidth: null, printTitlesRow: '2:2', orientation: 'landscape' })
    expect(wide.sheet.pageSetup.printTitlesColumn).toBe('A:A')
  })

  it('fits widths to the header and the first rows within the cap, wrapping and heightening a longer text', async () => {
    const x = await readExport(
      await bytesOf(
        await xlsxStream(
          {
            name: '宽度',
            title: '宽度',
            columns: [
              { key: 'a', header: '名称' },
              { key: 'b', header: '备注', width: 20 },
            ],
          },
          batches([
            {
              a: '中南大学冶金与环境学院',
              b: '分三期付款：签约后支付40%，中试验收后支付40%，投产后支付20%。',
            },
          ]),
          () => undefined,
        ),
      ),
    )
    expect(x.sheet.getColumn(1).width).toBe(textWidth('中南大学冶金与环境学院') + 2)
    expect(x.sheet.getColumn(2).width).toBe(20)
    expect(x.cells[0]!.getCell(2).alignment?.wrapText).toBe(true)
    expect(x.cells[0]!.getCell(1).alignment?.wrapText).toBeFalsy()
    expect(x.cells[0]!.height).toBeGreaterThan(15)
  })
})
