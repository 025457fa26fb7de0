/**
 * Steps the remotes' page and dialog tests repeat (issue #14: one kit, one way to test it).
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * In the open edit `dialog`, types `value` into "Nombre" and saves, then expects the kit's
 * version-conflict message (`conflict`) with the typed value kept (FormDialog/useServerForm).
 * @returns the "Nombre" field, for a second save.
 */
export async function saveRenameExpectingConflict(
  user: UserEvent,
  dialog: HTMLElement,
  value: string,
  conflict: RegExp,
): Promise<HTMLElement> {
  const nombre = within(dialog).getByRole('textbox', { name: 'Nombre' });
  await user.clear(nombre);
  await user.type(nombre, value);
  await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
  expect(await within(dialog).findByText(conflict)).toBeInTheDocument();
  expect(nombre).toHaveValue(value);
  return nombre;
}

/**
 * The whole conflict round of an edit `dialog` (FormDialog/useServerForm): the first save of
 * `value` meets the version-conflict message (`conflict`), the page refetches the current version
 * (`refetches()` lists the GETs that reload it: waits for the second), and saving again applies
 * the change over that version. The caller checks what the second PATCH sent.
 */
export async function saveRenameThroughConflict(
  user: UserEvent,
  dialog: HTMLElement,
  value: string,
  conflict: RegExp,
  refetches: () => readonly unknown[],
): Promise<void> {
  await saveRenameExpectingConflict(user, dialog, value, conflict);
  await waitFor(() => expect(refetches()).toHaveLength(2));
  await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
}

/**
 * Cancels the open confirmation `dialog` (ConfirmDialog's "Cancelar") and expects it closed with
 * nothing sent: `sent()` lists the calls the confirmed action would have made.
 */
export async function cancelConfirmation(
  user: UserEvent,
  dialog: HTMLElement,
  sent: () => readonly unknown[],
): Promise<void> {
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent()).toHaveLength(0);
}

/** What `confirmAndExpectNotice` clicks and then expects. */
export interface ConfirmStep {
  /** The accessible name of the button that opens the confirmation (e.g. a row's "Eliminar X"). */
  open: string;
  /** The confirmation dialog's confirm button ("Eliminar" for ConfirmDialog's delete). */
  confirm: string;
  /** The calls the confirmed action makes (e.g. `fetchMock.callsTo('DELETE …')`): expects one. */
  sent: () => readonly unknown[];
  /** The shell's `notify` mock, and the success notice it should get once the action is done. */
  notify: unknown;
  notice: string;
}

/**
 * Opens a confirmation (`open`), confirms it (`confirm`), then expects exactly one call sent and
 * the success notice shown through the shell's `notify` — the confirmed half of a remote page's
 * delete test (useConfirmDialog + ConfirmDialog).
 */
export async function confirmAndExpectNotice(user: UserEvent, step: ConfirmStep): Promise<void> {
  await user.click(screen.getByRole('button', { name: step.open }));
  await user.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: step.confirm }),
  );
  await waitFor(() => expect(step.sent()).toHaveLength(1));
  await waitFor(() => expect(step.notify).toHaveBeenCalledWith(step.notice, { type: 'success' }));
}

/**
 * Expects a page's "not found" state: its `message` and the link back to the list (`back`).
 */
export async function expectNotFoundPage(
  message: string,
  back: { name: string; href: string },
): Promise<void> {
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: back.name })).toHaveAttribute('href', back.href);
}
