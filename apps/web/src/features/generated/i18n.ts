// @generated-imports: the code generator's apply script inserts module imports above this line.

/** A module's name and its field labels (apart, as a field may be called `name`). */
type TTexts = Record<string, { name: string; field: Record<string, string> }>

/** Screen texts of the generated modules: `generated.<module>.name`, `generated.<module>.field.<field>`. */
export const generatedZh: TTexts = {
  // @generated-zh: the apply script inserts one entry per module above this line.
}

export const generatedEn: TTexts = {
  // @generated-en: the apply script inserts one entry per module above this line.
}
