/**
 * For a dialog's `afterOpenChange`: puts the caret in its first field. The opening animation ends a
 * moment after the dialog shows; on a busy machine the user (or a test) may already be typing in a
 * field by then, and taking the focus back would send the rest of the typing into the wrong field.
 * So the focus moves only while nothing in the dialog that takes typing has it.
 */
export function focusOnceOpen(open: boolean, focus: () => void): void {
  if (open && !typingInDialog(document.activeElement)) focus();
}

function typingInDialog(element: Element | null): boolean {
  return (
    element instanceof HTMLElement &&
    element.closest('.ant-modal') !== null &&
    element.matches('input, textarea, select, [contenteditable="true"]')
  );
}
