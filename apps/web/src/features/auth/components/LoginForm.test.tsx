import { useQuery } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { AuthMsg } from '@ysjs/shared'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app/AppProviders'
import { initI18n } from '@/app/i18n'
import { queryClient } from '@/app/queryClient'
import { setWebConfig } from '@/lib/config/webConfig'
import { clearSession, sessionStore } from '@/lib/session/session'
import { menuRoutesQuery } from '../api/session'
import { LoginForm } from './LoginForm'

const CAPTCHA_IMAGE = 'data:image/png;base64,iVBORw0KGgo='
const TOKEN = {
  access_token: 'jwt',
  refresh_token: 'refresh',
  token_type: 'bearer',
  tenant_id: '000000',
  user_id: '1',
  account: 'admin',
  nick_name: '管理员',
  role_name: 'administrator',
}

type TCall = { path: string; params: URLSearchParams; headers: Record<string, string> }

/** A token endpoint that answers each password grant with the next of `answers`. */
const stubServer = (answers: { status: number; body: unknown }[], menuAnswer?: Promise<void>) => {
  const calls: TCall[] = []
  let captchas = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost')
      calls.push({
        path: url.pathname,
        params: url.searchParams,
        headers: (init.headers ?? {}) as Record<string, string>,
      })
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })
      if (url.pathname.endsWith('/oauth/captcha')) {
        captchas++
        return json(200, { key: `${captchas}`.padStart(32, 'a'), image: CAPTCHA_IMAGE })
      }
      if (url.pathname.endsWith('/oauth/token')) {
        const answer = answers.shift() ?? { status: 200, body: TOKEN }
        return json(answer.status, answer.body)
      }
      if (url.pathname.endsWith('/menu/routes')) {
        await menuAnswer
      }
      return json(200, { code: 200, success: true, data: [], msg: '操作成功' })
    }),
  )
  return { calls, tokenCalls: () => calls.filter((c) => c.path.endsWith('/oauth/token')) }
}

const refused = (description: string) => ({
  status: 400,
  body: { error: 'access_denied', error_description: description },
})

/** Stands for the layout, which asks for the menu through the same query. */
const Welcome = () => {
  const menus = useQuery(menuRoutesQuery)
  return <output>{menus.isSuccess ? 'welcome with menu' : 'welcome'}</output>
}

const renderForm = () =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginForm tenantId="000000" showTenant={false} />} />
          <Route path="/wel/index" element={<Welcome />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  )

const submit = async (password = 'admin') => {
  fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } })
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: '登录' }))
}

// Under load a jsdom render of the whole form takes seconds.
describe('LoginForm', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n()
  })

  beforeEach(() => {
    setWebConfig({ clientId: 'saber', clientSecret: 'saber_secret', captchaEnabled: false })
  })

  afterEach(() => {
    clearSession()
    queryClient.clear()
    vi.unstubAllGlobals()
  })

  it('shows the captcha when the server asks for one, and sends it with the next attempt', async () => {
    const server = stubServer([refused(AuthMsg.CAPTCHA_REQUIRED)])
    renderForm()
    expect(screen.queryByTestId('captcha-image')).toBeNull()

    await submit()
    const image = await screen.findByTestId('captcha-image')
    await waitFor(() => expect(image.getAttribute('src')).toBe(CAPTCHA_IMAGE))
    expect(await screen.findByText(AuthMsg.CAPTCHA_REQUIRED)).toBeTruthy()
    expect(server.tokenCalls()[0]?.headers['Captcha-Key']).toBeUndefined()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('验证码')))

    // Without the code the form refuses before asking the server.
    fireEvent.click(screen.getByRole('button', { name: '登录' }))
    expect(await screen.findAllByText('请输入验证码')).not.toHaveLength(0)
    expect(server.tokenCalls()).toHaveLength(1)

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'ab3de' } })
    fireEvent.click(screen.getByRole('button', { name: '登录' }))
    expect(await screen.findByText(/^welcome/)).toBeTruthy()
    const second = server.tokenCalls()[1]
    expect(second?.headers['Captcha-Key']).toBe('1'.padStart(32, 'a'))
    expect(second?.headers['Captcha-Code']).toBe('ab3de')
    expect(second?.params.get('grant_type')).toBe('captcha')
    expect(sessionStore.get().accessToken).toBe('jwt')
  })

  it('shows the captcha when the server refused a grant that came without one', async () => {
    stubServer([refused(AuthMsg.CAPTCHA_INVALID)])
    renderForm()
    await submit()
    expect(await screen.findByTestId('captcha-image')).toBeTruthy()
  })

  it('takes a new image after a failed attempt with a captcha', async () => {
    const server = stubServer([refused(AuthMsg.CAPTCHA_REQUIRED), refused(AuthMsg.BAD_CREDENTIALS)])
    renderForm()
    await submit('wrong')
    await screen.findByTestId('captcha-image')
    await waitFor(() => expect(server.calls.filter((c) => c.path.endsWith('/captcha'))).toHaveLength(1))
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'ab3de' } })
    fireEvent.click(screen.getByRole('button', { name: '登录' }))
    await waitFor(() => expect(server.calls.filter((c) => c.path.endsWith('/captcha'))).toHaveLength(2))
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('')
  })

  it('keeps the captcha hidden after a plain wrong password', async () => {
    const server = stubServer([refused(AuthMsg.BAD_CREDENTIALS)])
    renderForm()
    await submit('wrong')
    expect(await screen.findByText(AuthMsg.BAD_CREDENTIALS)).toBeTruthy()
    expect(screen.queryByTestId('captcha-image')).toBeNull()
    expect(server.calls.some((c) => c.path.endsWith('/captcha'))).toBe(false)
  })

  it('navigates without waiting for the menu, and asks for it once: the layout joins the login’s request', async () => {
    let answerMenu = () => {}
    const server = stubServer([], new Promise<void>((resolve) => (answerMenu = resolve)))
    renderForm()
    await submit()
    // The menu request is still unanswered: the welcome page (the layout) is already on screen.
    expect(await screen.findByText('welcome')).toBeTruthy()
    answerMenu()
    expect(await screen.findByText('welcome with menu')).toBeTruthy()
    expect(server.calls.filter((c) => c.path.endsWith('/menu/routes'))).toHaveLength(1)
    expect(server.calls.filter((c) => c.path.endsWith('/menu/buttons'))).toHaveLength(1)
  })
})
