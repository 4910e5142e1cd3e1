/*
 * What the stepper's keyboard handling needs to know about the element a key was pressed in, and
 * where a step's typing starts.
 */

/** Inputs where Enter has no meaning of its own (a button, a checkbox, a file input do). */
const NOT_TEXT = new Set(['button', 'checkbox', 'file', 'image', 'radio', 'reset', 'submit']);

/**
 * Whether Enter in `target` may go on with the form: a text-like input, but not a select's search
 * box (role combobox), where Enter opens or picks an option. Textareas keep Enter for new lines.
 */
export function isTextEntry(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type) && target.getAttribute('role') !== 'combobox';
}

/** The first field of a step's pane that takes typing. */
export function firstFieldIn(pane: HTMLElement | null | undefined): HTMLElement | null {
  return pane?.querySelector<HTMLElement>('input:not([type="hidden"]):not(:disabled), textarea:not(:disabled)') ?? null;
}
