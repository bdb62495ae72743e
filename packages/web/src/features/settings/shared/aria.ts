/**
 * The ARIA wiring between an input and what `Field` renders below it (its error, else its
 * hint), so a screen reader reads the message with the field.
 */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}
