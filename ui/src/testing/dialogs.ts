/**
 * Steps the remotes' page and dialog tests repeat (issue #14: one kit, one way to test it).
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The rename a version-conflict test makes in an open edit dialog (FormDialog/useServerForm). */
export interface RenameStep {
  /** The open edit dialog's accessible name (e.g. "Editar evento"). */
  dialog: string;
  /** What to type into its "Nombre" field. */
  value: string;
  /** The remote's version-conflict message. */
  conflict: RegExp;
}

/**
 * In the open edit dialog named `step.dialog`, types `step.value` into "Nombre" and saves, then
 * expects the version-conflict message (`step.conflict`) with the typed value kept.
 * @returns the dialog, for a second save.
 */
export async function saveRenameExpectingConflict(
  user: UserEvent,
  step: RenameStep,
): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name: step.dialog });
  const nombre = within(dialog).getByRole('textbox', { name: 'Nombre' });
  await user.clear(nombre);
  await user.type(nombre, step.value);
  await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
  expect(await within(dialog).findByText(step.conflict)).toBeInTheDocument();
  expect(nombre).toHaveValue(step.value);
  return dialog;
}

/**
 * The whole conflict round of an open edit dialog: the first save meets the version-conflict
 * message (`saveRenameExpectingConflict`), the page refetches the current version
 * (`step.refetches()` lists the GETs that reload it: waits for the second), and saving again
 * applies the change over that version. The caller checks what the second PATCH sent.
 */
export async function saveRenameThroughConflict(
  user: UserEvent,
  step: RenameStep & { refetches: () => readonly unknown[] },
): Promise<void> {
  const dialog = await saveRenameExpectingConflict(user, step);
  await waitFor(() => expect(step.refetches()).toHaveLength(2));
  await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
}

/** What `submitEmptyCreateDialog` opens and then expects. */
export interface EmptyCreateStep {
  /** The button that opens the create dialog, which bears the same name (e.g. "Nuevo periodo"). */
  open: string;
  /** The messages the empty form shows under its required fields. */
  required: readonly string[];
  /** The calls the dialog would send (e.g. `fetchMock.callsTo('POST …')`): expects none. */
  sent: () => readonly unknown[];
}

/**
 * Opens a create dialog (`step.open`), submits it empty with the kit's "Crear" (FormDialog's
 * `create`), and expects each required field's message and nothing sent: the form validates
 * before the api is asked.
 * @returns the dialog, to fill in next.
 */
export async function submitEmptyCreateDialog(
  user: UserEvent,
  step: EmptyCreateStep,
): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: step.open }));
  const dialog = await screen.findByRole('dialog', { name: step.open });
  await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
  for (const message of step.required) {
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  }
  expect(step.sent()).toHaveLength(0);
  return dialog;
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
