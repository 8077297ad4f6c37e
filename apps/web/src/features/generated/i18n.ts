// @generated-imports: the code generator's apply script inserts module imports above this line.

type TTexts = Record<string, Record<string, string>>

/** Screen texts of the generated modules, under `generated.<module>.<field>`. */
export const generatedZh: TTexts = {
  // @generated-zh: the apply script inserts one entry per module above this line.
}

export const generatedEn: TTexts = {
  // @generated-en: the apply script inserts one entry per module above this line.
}
