// What a console form says above itself when a save fails (the article and discount editors).

/**
 * What a failed save says above the form: the server's message when none of its field errors
 * is shown under a field of this form, else a pointer to the fields (each says its own).
 */
export function saveErrorSummary(
  error: { message: string; fields?: Record<string, string> | undefined },
  formFields: readonly string[],
): string {
  const fields = Object.keys(error.fields ?? {});
  if (fields.length > 0 && fields.every((field) => formFields.includes(field))) {
    return 'ذخیره نشد؛ خطای هر فیلد زیر همان فیلد آمده است.';
  }
  const others = fields
    .filter((field) => !formFields.includes(field))
    .map((field) => error.fields?.[field]);
  return others.length > 0 ? `ذخیره نشد: ${others.join('؛ ')}` : `ذخیره نشد: ${error.message}`;
}
