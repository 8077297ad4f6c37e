import Image from '@tiptap/extension-image'
import StarterKit from '@tiptap/starter-kit'

/**
 * The editor's schema. The server's allow-list (`RICH_TEXT_TAGS` in @ysjs/shared) is written to
 * match what these produce; `extensions.test.ts` keeps the two in step.
 */
export const EDITOR_EXTENSIONS = [StarterKit, Image]
