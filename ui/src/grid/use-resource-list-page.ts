import { useCallback, useState } from 'react';
import { useConfirmDelete } from '../use-confirm-delete';
import type { ResourceListTextKey } from './ResourceListPage';
import { useServerListState, type FilterSpec, type ServerListStateOptions } from './use-list-state';

/** Options of `useResourceListPage`: the list's URL state (but its search) and two facts. */
export interface ResourceListPageOptions<F extends string> extends ServerListStateOptions<F> {
  /** The page's texts, as `ResourceListPage` reads them: `(key) => t(\`eventos.${key}\`)`. */
  text: (key: ResourceListTextKey) => string;
  /** Whether the user may create one (the create permission): else no create button. */
  canCreate: boolean;
}

/**
 * What every list page of a REST resource keeps beside its columns and filters (issue #14:
 * eventos and informes each wrote it): the list's URL state with a text search in `q`
 * (`setSearch` writes it as it is typed, replacing the history entry), whether the create dialog
 * is open, and the delete confirmation (`askDelete`; render `confirmDialog` among the dialogs).
 * `props` are `ResourceListPage`'s props that follow from these: spread them into it.
 */
export function useResourceListPage<F extends string = never>({
  text,
  canCreate,
  filters,
  ...listOptions
}: ResourceListPageOptions<F>) {
  const list = useServerListState<F | 'q'>({
    ...listOptions,
    filters: { q: true, ...filters } as { readonly [K in F | 'q']: FilterSpec },
  });
  const { setFilter } = list;
  const setSearch = useCallback(
    (value: string) => setFilter('q', value, { replace: true }),
    [setFilter],
  );
  const [creating, setCreating] = useState(false);
  const { askDelete, dialog } = useConfirmDelete();
  return {
    list,
    setSearch,
    creating,
    setCreating,
    askDelete,
    confirmDialog: dialog,
    props: { text, list, onCreate: canCreate ? () => setCreating(true) : undefined },
  };
}
