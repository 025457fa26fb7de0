/**
 * Steps the tests of a resource's list page (`ResourceListPage`) repeat (issue #14): its search
 * against the server, and a row's delete asked first.
 */
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { mockFetch, type FetchMock } from '@gestion/shared/testing';
import { cancelConfirmation, confirmAndExpectNotice } from './dialogs';

/** A list body as the api answers it, of rows with a name. */
interface ListBody {
  items: readonly { id: number; nombre: string }[];
}

/** A search the api is to answer: `matches` for the text `q`, `all` for any other or none. */
export interface ServerSearch {
  q: string;
  matches: ListBody;
  all: ListBody;
}

/**
 * A list page's search, tested the one way: the api at `api` answers `search.matches` when
 * asked with `q=<search.q>`, else `search.all`; `open()` renders the page; typing `search.q`
 * into the search box named `box` makes the first row of `all` that `matches` leaves out go
 * away: the debounced search reached the server and its answer replaced the list.
 * @returns the fetch mock and the user, for the checks and steps that follow.
 */
export async function searchOnServer(
  api: string,
  search: ServerSearch,
  open: () => { user: UserEvent },
  box: string,
): Promise<{ fetchMock: FetchMock; user: UserEvent }> {
  const fetchMock = mockFetch({
    [`GET ${api}`]: (call) => ({
      body: call.query.get('q') === search.q ? search.matches : search.all,
    }),
  });
  const kept = new Set(search.matches.items.map((row) => row.id));
  const gone = search.all.items.find((row) => !kept.has(row.id))!.nombre;
  const { user } = open();
  await screen.findByText(gone);
  await user.type(screen.getByRole('searchbox', { name: box }), search.q);
  await waitFor(() => expect(screen.queryByText(gone)).not.toBeInTheDocument(), {
    timeout: 5000,
  });
  return { fetchMock, user };
}

/** What a list page's delete confirmation and its notice say (the remote's texts). */
export interface DeleteTexts {
  /** The confirmation's accessible name ("¿Eliminar el evento?"). */
  dialog: string;
  /** What it says is deleted, naming the row. */
  message: string;
  /** The success notice once the row is deleted. */
  notice: string;
}

/**
 * A row's delete as a list page offers it (`useConfirmDelete`), tested the one way: the api
 * lists `body` at `api` (its first item is the row) and answers `DELETE api/<id>` with 204;
 * `open()` renders the page signed in as someone who may delete. The row's action
 * "Eliminar <nombre>" asks first, naming the row (`says.dialog`, `says.message`); cancelled,
 * nothing is sent; confirmed with the kit's "Eliminar", one delete is sent and `says.notice`
 * shown through the shell.
 * @returns the fetch mock, for what the page does next (e.g. asks for the list again).
 */
export async function deleteFirstRowAfterConfirmation(
  api: string,
  body: ListBody,
  open: () => { user: UserEvent; shell: { notify: unknown } },
  says: DeleteTexts,
): Promise<FetchMock> {
  const row = body.items[0]!;
  const remove = `DELETE ${api}/${row.id}`;
  const fetchMock = mockFetch({ [`GET ${api}`]: { body }, [remove]: { status: 204 } });
  const { user, shell } = open();
  await screen.findByText(row.nombre);
  const step = { open: `Eliminar ${row.nombre}`, sent: () => fetchMock.callsTo(remove) };
  await user.click(screen.getByRole('button', { name: step.open }));
  const dialog = await screen.findByRole('dialog', { name: says.dialog });
  expect(dialog).toHaveTextContent(says.message);
  await cancelConfirmation(user, dialog, step.sent);
  await confirmAndExpectNotice(user, {
    ...step,
    confirm: 'Eliminar',
    notify: shell.notify,
    notice: says.notice,
  });
  return fetchMock;
}
