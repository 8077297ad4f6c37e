/**
 * The class of a required field's label: the theme draws ` *` after it with an empty alternative text,
 * so the marker shows without changing the label's accessible name (MUI's own asterisk would).
 */
export const REQUIRED_LABEL_CLASS = 'field-required'

/**
 * Props for a form's action buttons: pressing one keeps the focus in the field being typed in, so the
 * field's on-blur message does not appear (and move the button) between the press and the release,
 * which would lose the click. The button's check marks every field anyway.
 */
export const keepFocus = { onMouseDown: (e: { preventDefault: () => void }) => e.preventDefault() }
