/** A multipart/form-data body with one file part, for inject(). */
export const multipartFile = (
  field: string,
  fileName: string,
  content: Buffer,
  contentType = 'application/octet-stream',
  // `false` leaves out the closing boundary, as a client that dies mid-upload would.
  options: { close?: boolean } = {},
) => {
  const boundary = `----ysjs${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  )
  const tail = Buffer.from(options.close === false ? '' : `\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
