import Button, { type ButtonProps } from '@mui/material/Button'

type TProps = Omit<ButtonProps, 'onChange'> & {
  /** The chosen file. The input is cleared after each choice, so the same file can be chosen again. */
  onFile: (file: File) => void
  /** The file types offered (the input's `accept`). */
  accept?: string
  /** The hidden input's accessible name and test id. */
  inputLabel?: string
  inputTestId?: string
}

/** A button that opens the file chooser (its label wraps a hidden file input) and hands on one file. */
export const FileButton = ({ onFile, accept, inputLabel, inputTestId, children, ...button }: TProps) => (
  <Button component="label" {...button}>
    {children}
    <input
      hidden
      type="file"
      accept={accept}
      aria-label={inputLabel}
      data-testid={inputTestId}
      onChange={(e) => {
        const file = e.target.files?.[0]
        e.target.value = ''
        if (file) {
          onFile(file)
        }
      }}
    />
  </Button>
)
