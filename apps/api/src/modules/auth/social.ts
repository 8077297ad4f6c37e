import type { TEnv } from '../../env.ts'

/** The profile a third-party provider gives for the user who approved the login. */
export type TSocialProfile = {
  uuid: string
  username: string | null
  nickname: string | null
  avatar: string | null
  email: string | null
}

const TIMEOUT_MS = 10_000

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null

/**
 * OAuth2 / OpenID Connect authorization-code exchange with the configured provider: the code is
 * traded for an access token server-side, and the user is whoever the provider's userinfo endpoint
 * says — nothing the client sends about the user is trusted.
 */
export const createSocialProvider = (env: TEnv) => {
  const configured = Boolean(env.SOCIAL_TOKEN_URL && env.SOCIAL_USERINFO_URL && env.SOCIAL_CLIENT_ID)
  return {
    configured,
    source: env.SOCIAL_SOURCE,
    async exchange(code: string): Promise<TSocialProfile> {
      const tokenRes = await fetch(env.SOCIAL_TOKEN_URL!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: env.SOCIAL_REDIRECT_URI,
          client_id: env.SOCIAL_CLIENT_ID,
          client_secret: env.SOCIAL_CLIENT_SECRET,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      const token = (await tokenRes.json().catch(() => ({}))) as Record<string, unknown>
      const accessToken = str(token.access_token)
      if (!tokenRes.ok || !accessToken) {
        throw new Error(`token exchange failed: HTTP ${tokenRes.status}`)
      }
      const infoRes = await fetch(env.SOCIAL_USERINFO_URL!, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      const info = (await infoRes.json().catch(() => ({}))) as Record<string, unknown>
      const uuid = str(info.sub) ?? str(info.id) ?? str(info.uuid)
      if (!infoRes.ok || !uuid) {
        throw new Error(`userinfo failed: HTTP ${infoRes.status}`)
      }
      return {
        uuid,
        username: str(info.preferred_username) ?? str(info.login) ?? str(info.username),
        nickname: str(info.name) ?? str(info.nickname),
        avatar: str(info.picture) ?? str(info.avatar_url) ?? str(info.avatar),
        email: str(info.email),
      }
    },
  }
}
export type TSocialProvider = ReturnType<typeof createSocialProvider>
