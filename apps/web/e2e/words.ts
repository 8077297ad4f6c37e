const HAN = '甲乙丙丁戊己庚辛壬癸'

/**
 * A unique word of Chinese characters only (the time and a random number written with 甲…癸), so a
 * keyword search in the browser is a purely Chinese substring and reruns never collide.
 */
export const chineseUnique = (prefix: string) =>
  `${prefix}${`${Date.now()}${Math.floor(Math.random() * 1e4)}`
    .slice(-10)
    .replace(/\d/g, (d) => HAN[Number(d)]!)}`
