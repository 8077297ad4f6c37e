import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'

/** Removes one row of a list the form edits; `label` names it (its tooltip and accessible name). */
export const RemoveRowButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <IconButton size="small" aria-label={label} title={label} onClick={onClick}>
    <DeleteIcon fontSize="small" />
  </IconButton>
)

/** Adds a row under a list the form edits (off once the list is full). */
export const AddRowButton = ({
  label,
  disabled,
  onClick,
}: {
  label: string
  disabled?: boolean
  onClick: () => void
}) => (
  <Button
    size="small"
    startIcon={<AddIcon />}
    sx={{ alignSelf: 'flex-start' }}
    disabled={disabled}
    onClick={onClick}
  >
    {label}
  </Button>
)
