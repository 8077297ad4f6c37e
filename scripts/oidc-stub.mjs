// A local OAuth2/OIDC provider for the browser tests: any authorization code starting with `e2e-`
// is accepted once, and the identity behind it is the code itself (sub = code).
import http from 'node:http'

export const startOidcStub = async () => {
  const used = new Set()
  const server = http.createServer((req, res) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const json = (status, body) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (req.method === 'POST' && req.url === '/token') {
        const code = new URLSearchParams(Buffer.concat(chunks).toString()).get('code') ?? ''
        if (!code.startsWith('e2e-') || used.has(code)) {
          return json(400, { error: 'invalid_grant' })
        }
        used.add(code)
        return json(200, { access_token: `at-${code}`, token_type: 'bearer' })
      }
      if (req.url === '/userinfo') {
        const token = (req.headers.authorization ?? '').replace(/^Bearer at-/, '')
        if (!token.startsWith('e2e-')) {
          return json(401, {})
        }
        return json(200, { sub: token, preferred_username: token.slice(4, 30), name: '第三方用户' })
      }
      json(404, {})
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() }
}
