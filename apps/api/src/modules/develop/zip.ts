import { crc32, deflateRawSync } from 'node:zlib'

/** Date and time fields of a zip entry (MS-DOS format, local wall time as zip readers expect). */
const dosTime = (d: Date) => ({
  time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
  date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
})

/**
 * A zip archive of small text files (deflated, UTF-8 names). The generator's output is a few dozen
 * kilobytes, so it is built in memory; no dependency needed for that.
 */
export const zipFiles = (files: { path: string; content: string }[], at = new Date()): Buffer => {
  const { time, date } = dosTime(at)
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const file of files) {
    const name = Buffer.from(file.path, 'utf8')
    const raw = Buffer.from(file.content, 'utf8')
    const data = deflateRawSync(raw)
    const crc = crc32(raw)
    /** The fields the local header and the central directory's entry share, in the same order, from `at`. */
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(0x0800, at) // UTF-8 names
      header.writeUInt16LE(8, at + 2) // deflate
      header.writeUInt16LE(time, at + 4)
      header.writeUInt16LE(date, at + 6)
      header.writeUInt32LE(crc, at + 8)
      header.writeUInt32LE(data.length, at + 12)
      header.writeUInt32LE(raw.length, at + 16)
      header.writeUInt16LE(name.length, at + 20)
      return header
    }
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    shared(local, 6)
    local.writeUInt16LE(0, 28)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    shared(central, 8)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    centrals.push(central, name)
    offset += local.length + name.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
