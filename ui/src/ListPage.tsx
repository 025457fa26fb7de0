import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { readApiError } from './api-error';
import { ErrorAlert } from './ErrorAlert';
import { useUiTexts } from './i18n/namespace';

/** What the list's query says (an RTK Query result has these fields). */
export interface ListStatus {
  /** The first load: nothing to show yet. */
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  /** The api answered, without any filter, that there is nothing at all. */
  isEmpty: boolean;
  /** Asks again (the error's "Reintentar"). */
  onRetry: () => void;
}

/** The `ListStatus` of an RTK Query list result; `isEmpty` as the page decides it (no filter, none). */
export function listStatus(
  query: { isLoading: boolean; isError: boolean; error?: unknown; refetch: () => unknown },
  isEmpty: boolean,
): ListStatus {
  return {
    isLoading: query.isLoading,
    isError: query.isError,
    error: query.error,
    isEmpty,
    onRetry: () => void query.refetch(),
  };
}

/** The page's create action (left out when the user may not create). */
export interface ListCreateAction {
  label: string;
  onClick: () => void;
}

/** The empty state: nothing exists yet (not "nothing matches", which the grid says itself). */
export interface ListEmptyState {
  icon?: ReactNode;
  title: string;
  message: string;
  /** The empty state's own action, e.g. "Crear el primer evento"; more buttons in `extra`. */
  action?: ListCreateAction;
  extra?: ReactNode;
}

/** Props of `ListPage`. */
export interface ListPageProps {
  /** The page's h1. */
  title: string;
  create?: ListCreateAction;
  /**
   * More header buttons beside create ("Importar"), shown in every state: an import is also a
   * way to fill an empty list.
   */
  actions?: ReactNode;
  status: ListStatus;
  empty: ListEmptyState;
  /** The error's text when the api gives none (network down). */
  loadFailed?: string;
  /** Search and filters, shown above the list whenever something exists. */
  filters?: ReactNode;
  /** The list itself (a `ServerDataGrid`, a table). */
  children: ReactNode;
  /** Dialogs and the like, rendered in every state. */
  dialogs?: ReactNode;
}

/**
 * The frame of every list page: heading and create action, then exactly one of four states that
 * never contradict each other (issue #14: a failed list said "Todavía no hay usuarios" under its
 * error) — a loading skeleton on the first load; the error with "Reintentar" (filters stay, so a
 * refused filter can be changed); the empty state (nothing exists: its invitation replaces the
 * filters and the header's button); else the filters and the list.
 */
export function ListPage({
  title,
  create,
  actions,
  status,
  empty,
  loadFailed,
  filters,
  children,
  dialogs,
}: ListPageProps) {
  const { t } = useUiTexts();
  const emptyId = useId();
  const showEmpty = !status.isLoading && !status.isError && status.isEmpty;

  let body: ReactNode;
  if (status.isError) {
    body = (
      <>
        {filters}
        <ErrorAlert onRetry={status.onRetry}>
          {readApiError(status.error, loadFailed ?? t('loadFailed')).message}
        </ErrorAlert>
      </>
    );
  } else if (status.isLoading) {
    body = (
      <Box aria-busy="true" aria-label={t('loading')} role="progressbar">
        <Skeleton variant="rounded" height={40} sx={{ mb: 2, maxWidth: 480 }} />
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} variant="text" height={44} />
        ))}
      </Box>
    );
  } else if (showEmpty) {
    body = (
      <Paper
        variant="outlined"
        sx={{ p: 6, textAlign: 'center' }}
        component="section"
        aria-labelledby={emptyId}
      >
        {empty.icon}
        <Typography id={emptyId} variant="h6" component="h2" gutterBottom>
          {empty.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: empty.action || empty.extra ? 3 : 0 }}>
          {empty.message}
        </Typography>
        {(empty.action || empty.extra) && (
          <Stack
            direction="row"
            spacing={2}
            sx={{ justifyContent: 'center', flexWrap: 'wrap' }}
            useFlexGap
          >
            {empty.action && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={empty.action.onClick}>
                {empty.action.label}
              </Button>
            )}
            {empty.extra}
          </Stack>
        )}
      </Paper>
    );
  } else {
    body = (
      <>
        {filters}
        {children}
      </>
    );
  }

  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {(actions || (create && !showEmpty)) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {actions}
            {create && !showEmpty && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={create.onClick}>
                {create.label}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {body}
      {dialogs}
    </Stack>
  );
}
