/** What a masked secret carries in place of its middle. */
export const SECRET_MASK = '******'

/**
 * A stored secret (object-storage and SMS configs) as the API answers it: never in full; its first and
 * last two characters when it is long enough that they give nothing away, else the mask alone.
 */
export const maskSecret = (secret: string | null | undefined): string | null => {
  if (!secret) {
    return null
  }
  return secret.length > 8 ? `${secret.slice(0, 2)}${SECRET_MASK}${secret.slice(-2)}` : SECRET_MASK
}

/** True when a submitted secret is the masked value answered earlier: the stored secret is kept. */
export const isMaskedSecret = (value: string | null | undefined): boolean => !!value?.includes(SECRET_MASK)

/** A stored secret the server's data keys cannot open (DATA_KEY changed without DATA_KEY_PREVIOUS). */
export const SECRET_UNREADABLE = '密钥无法解密,请检查数据密钥(DATA_KEY)配置'
