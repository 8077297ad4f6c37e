import CodeIcon from '@mui/icons-material/Code'
import FormatBoldIcon from '@mui/icons-material/FormatBold'
import FormatItalicIcon from '@mui/icons-material/FormatItalic'
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted'
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered'
import FormatQuoteIcon from '@mui/icons-material/FormatQuote'
import ImageIcon from '@mui/icons-material/Image'
import RedoIcon from '@mui/icons-material/Redo'
import StrikethroughSIcon from '@mui/icons-material/StrikethroughS'
import TitleIcon from '@mui/icons-material/Title'
import UndoIcon from '@mui/icons-material/Undo'
import Box from '@mui/material/Box'
import Divider from '@mui/material/Divider'
import FormHelperText from '@mui/material/FormHelperText'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { type Editor, EditorContent, useEditor } from '@tiptap/react'
import { RICH_TEXT } from '@ysjs/shared'
import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { fileUrl, withFileTokens, withoutFileTokens } from '@/lib/fileLink'
import { toast } from '@/lib/notify'
import { uploadFile } from '@/lib/upload'
import { EDITOR_EXTENSIONS } from './extensions'

const LINE_HEIGHT_PX = 24

export const clampRows = (rows: number): number =>
  Math.min(RICH_TEXT.MAX_ROWS, Math.max(RICH_TEXT.MIN_ROWS, Math.round(rows)))

export type TRichTextProps = {
  label?: string
  value: string | null | undefined
  onChange: (html: string) => void
  onBlur?: () => void
  /** Visible rows, 3 to 99. */
  rows?: number
  disabled?: boolean
  error?: boolean
  helperText?: string
  /** A class for the label (the form's required marker). */
  labelClassName?: string
}

type TTool = { key: string; icon: ReactNode; run: (e: Editor) => void; active?: (e: Editor) => boolean }

const TOOLS: TTool[] = [
  {
    key: 'bold',
    icon: <FormatBoldIcon />,
    run: (e) => e.chain().focus().toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    key: 'italic',
    icon: <FormatItalicIcon />,
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    key: 'strike',
    icon: <StrikethroughSIcon />,
    run: (e) => e.chain().focus().toggleStrike().run(),
    active: (e) => e.isActive('strike'),
  },
  {
    key: 'heading',
    icon: <TitleIcon />,
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive('heading'),
  },
  {
    key: 'bulletList',
    icon: <FormatListBulletedIcon />,
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  {
    key: 'orderedList',
    icon: <FormatListNumberedIcon />,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
  {
    key: 'blockquote',
    icon: <FormatQuoteIcon />,
    run: (e) => e.chain().focus().toggleBlockquote().run(),
    active: (e) => e.isActive('blockquote'),
  },
  {
    key: 'code',
    icon: <CodeIcon />,
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
    active: (e) => e.isActive('codeBlock'),
  },
  { key: 'undo', icon: <UndoIcon />, run: (e) => e.chain().focus().undo().run() },
  { key: 'redo', icon: <RedoIcon />, run: (e) => e.chain().focus().redo().run() },
]

/** Rich text with a fixed toolbar; images go through the file upload and are inserted by link. */
export const RichTextEditor = ({
  label,
  value,
  onChange,
  onBlur,
  rows = RICH_TEXT.MIN_ROWS,
  disabled,
  error,
  helperText,
  labelClassName,
}: TRichTextProps) => {
  const { t } = useTranslation()
  const fileInput = useRef<HTMLInputElement | null>(null)
  const visibleRows = clampRows(rows)
  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    content: withFileTokens(value ?? ''),
    editable: !disabled,
    shouldRerenderOnTransaction: true,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : withoutFileTokens(e.getHTML())),
    onBlur: () => onBlur?.(),
  })

  useEffect(() => {
    editor.setEditable(!disabled)
  }, [editor, disabled])

  useEffect(() => {
    const html = value ?? ''
    if (html !== (editor.isEmpty ? '' : withoutFileTokens(editor.getHTML()))) {
      editor.commands.setContent(withFileTokens(html), { emitUpdate: false })
    }
  }, [editor, value])

  const onPickImage = async (file: File | undefined) => {
    if (!file) {
      return
    }
    if (!file.type.startsWith('image/')) {
      toast.warning(t('richText.imageOnly'))
      return
    }
    const uploaded = await uploadFile(file, 'image')
    editor
      .chain()
      .focus()
      .setImage({ src: fileUrl(uploaded.link), alt: uploaded.originalName })
      .run()
  }

  return (
    <Box>
      {label && (
        <Typography
          variant="caption"
          color={error ? 'error' : 'text.secondary'}
          component="div"
          className={labelClassName}
          sx={{ mb: 0.5 }}
        >
          {label}
        </Typography>
      )}
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: disabled ? 'action.hover' : 'background.paper',
        }}
      >
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.25,
            p: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
          role="toolbar"
        >
          {TOOLS.map((tool) => (
            <Tooltip key={tool.key} title={t(`richText.${tool.key}`)}>
              <span>
                <IconButton
                  size="small"
                  disabled={disabled}
                  color={tool.active?.(editor) ? 'primary' : 'default'}
                  aria-label={t(`richText.${tool.key}`)}
                  onClick={() => tool.run(editor)}
                >
                  {tool.icon}
                </IconButton>
              </span>
            </Tooltip>
          ))}
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <Tooltip title={t('richText.image')}>
            <span>
              <IconButton
                size="small"
                disabled={disabled}
                aria-label={t('richText.image')}
                onClick={() => fileInput.current?.click()}
              >
                <ImageIcon />
              </IconButton>
            </span>
          </Tooltip>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            onChange={(e) => {
              void onPickImage(e.target.files?.[0])
              e.target.value = ''
            }}
          />
        </Box>
        <Box
          sx={{
            px: 1.5,
            overflowY: 'auto',
            minHeight: visibleRows * LINE_HEIGHT_PX + 16,
            maxHeight: RICH_TEXT.MAX_ROWS * LINE_HEIGHT_PX,
            lineHeight: `${LINE_HEIGHT_PX}px`,
            '& .tiptap': { outline: 'none', minHeight: visibleRows * LINE_HEIGHT_PX, py: 1 },
            '& .tiptap p': { my: 0 },
            '& .tiptap img': { maxWidth: '100%' },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {helperText && <FormHelperText error={error}>{helperText}</FormHelperText>}
    </Box>
  )
}
