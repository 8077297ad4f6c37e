import { describe, expect, it } from 'vitest'
import { checkAvatar } from './avatarCheck'

describe('avatar check', () => {
  it('takes jpg and png up to 500kb', () => {
    expect(checkAvatar({ name: 'a.jpg', type: 'image/jpeg', size: 500 * 1024 })).toBeNull()
    expect(checkAvatar({ name: 'a.PNG', type: 'image/png', size: 1 })).toBeNull()
  })

  it('refuses other types and larger files with their own message', () => {
    expect(checkAvatar({ name: 'a.gif', type: 'image/gif', size: 1 })).toBe('user.avatarType')
    expect(checkAvatar({ name: 'a.png.exe', type: 'image/png', size: 1 })).toBe('user.avatarType')
    expect(checkAvatar({ name: 'a.png', type: 'image/png', size: 500 * 1024 + 1 })).toBe('user.avatarSize')
  })
})
