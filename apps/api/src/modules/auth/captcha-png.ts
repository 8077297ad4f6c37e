import { randomInt } from 'node:crypto'
import { deflateSync } from 'node:zlib'

/**
 * A small PNG captcha renderer (no native canvas on our machines): 5 characters from an alphabet
 * without look-alikes, drawn from a 5×7 bitmap font, scaled with jitter and shear, over noise lines
 * and dots. 130×48 like the platform's.
 */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const W = 130
const H = 48

// 5×7 glyphs, one string per row, '#' = ink.
const FONT: Record<string, string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#', '#...#'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
}

export const randomCaptchaText = (length = 5): string =>
  Array.from({ length }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('')

type TRgb = [number, number, number]
const randomColor = (lo: number, hi: number): TRgb => [
  randomInt(lo, hi),
  randomInt(lo, hi),
  randomInt(lo, hi),
]

export const renderCaptchaPng = (text: string): Buffer => {
  const px = Buffer.alloc(W * H * 3)
  const bg = randomColor(225, 250)
  for (let i = 0; i < W * H; i++) {
    px[i * 3] = bg[0]
    px[i * 3 + 1] = bg[1]
    px[i * 3 + 2] = bg[2]
  }
  const set = (x: number, y: number, c: TRgb) => {
    if (x >= 0 && x < W && y >= 0 && y < H) {
      const o = (y * W + x) * 3
      px[o] = c[0]
      px[o + 1] = c[1]
      px[o + 2] = c[2]
    }
  }
  for (let n = 0; n < 4; n++) {
    const c = randomColor(120, 200)
    const [x0, y0, x1, y1] = [randomInt(W), randomInt(H), randomInt(W), randomInt(H)]
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))
    for (let s = 0; s <= steps; s++) {
      set(Math.round(x0 + ((x1 - x0) * s) / steps), Math.round(y0 + ((y1 - y0) * s) / steps), c)
    }
  }
  const scale = 4
  const cell = W / text.length
  ;[...text].forEach((ch, i) => {
    const glyph = FONT[ch]
    if (!glyph) {
      return
    }
    const color = randomColor(10, 110)
    const left = Math.round(i * cell + (cell - 5 * scale) / 2) + randomInt(-3, 4)
    const top = Math.round((H - 7 * scale) / 2) + randomInt(-5, 6)
    const shear = (randomInt(-30, 31) / 100) * scale
    glyph.forEach((row, gy) => {
      ;[...row].forEach((bit, gx) => {
        if (bit !== '#') {
          return
        }
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const y = top + gy * scale + dy
            set(left + gx * scale + dx + Math.round(((y - H / 2) * shear) / (7 * scale)), y, color)
          }
        }
      })
    })
  })
  for (let n = 0; n < 120; n++) {
    set(randomInt(W), randomInt(H), randomColor(60, 220))
  }
  return encodePng(px)
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  }
  return c >>> 0
})
const crc32 = (buf: Buffer): number => {
  let c = 0xffffffff
  for (const b of buf) {
    c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  }
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type: string, data: Buffer): Buffer => {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}
const encodePng = (rgb: Buffer): Buffer => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(W, 0)
  header.writeUInt32BE(H, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour RGB
  const raw = Buffer.alloc((W * 3 + 1) * H)
  for (let y = 0; y < H; y++) {
    raw[y * (W * 3 + 1)] = 0
    rgb.copy(raw, y * (W * 3 + 1) + 1, y * W * 3, (y + 1) * W * 3)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
