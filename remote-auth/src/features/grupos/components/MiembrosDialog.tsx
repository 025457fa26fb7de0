import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Grupo } from '@gestion/shared';
import { useNotify, usePermission } from '@gestion/shared/react';
import { ErrorAlert, SearchField, readApiError, useDebouncedValue } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useListUsuariosQuery } from '../../usuarios/api';
import { useListMiembrosQuery, useSetMiembrosMutation } from '../api';

const PAGE = 50;

/**
 * The members of a group (issue #17): who is in it (searchable, "Quitar" per member) and, for a
 * viewer who may list users (usuarios:ver), a search to add someone ("Añadir"). Each change is
 * one PUT /api/grupos/:id/miembros; the api's refusal (delegation rule 2: a user more powerful
 * than the viewer) is shown as it says, in the reader's language.
 */
export function MiembrosDialog({ grupo, onClose }: { grupo: Grupo; onClose: () => void }) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const canListUsers = usePermission('usuarios:ver');
  const [q, setQ] = useState('');
  const [busca, setBusca] = useState('');
  const debounced = useDebouncedValue(busca.trim(), 300);
  const miembros = useListMiembrosQuery({ id: grupo.id, q: q || undefined, pageSize: PAGE });
  const candidatos = useListUsuariosQuery(
    { q: debounced, page: 1, pageSize: 10 },
    { skip: !canListUsers || debounced === '' },
  );
  const [setMiembros, { isLoading: saving }] = useSetMiembrosMutation();
  const memberIds = new Set((miembros.data?.items ?? []).map((m) => m.id));
  const nombre = { nombre: grupo.nombre, interpolation: { escapeValue: false } };

  const change = async (body: { añadir?: number[]; quitar?: number[] }, done: string) => {
    try {
      await setMiembros({ id: grupo.id, ...body }).unwrap();
      notify(done, { type: 'success' });
    } catch (err) {
      notify(readApiError(err, t('grupos.saveError')).message, { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="miembros-grupo-titulo">
      <DialogTitle id="miembros-grupo-titulo">{t('grupos.membersTitle', nombre)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SearchField label={t('grupos.membersSearch')} value={q} onChange={setQ} />
          {miembros.isError ? (
            <ErrorAlert onRetry={() => void miembros.refetch()}>
              {readApiError(miembros.error, t('grupos.loadError')).message}
            </ErrorAlert>
          ) : miembros.isLoading ? (
            <CircularProgress aria-label={t('common.loading')} />
          ) : (miembros.data?.items.length ?? 0) === 0 ? (
            <Alert severity="info">{t('grupos.noMembers')}</Alert>
          ) : (
            <List dense aria-label={t('grupos.membersList')}>
              {miembros.data!.items.map((m) => (
                <ListItem
                  key={m.id}
                  secondaryAction={
                    <Button
                      size="small"
                      color="error"
                      disabled={saving}
                      aria-label={t('grupos.removeMember', { nombre: m.nombre })}
                      onClick={() =>
                        void change(
                          { quitar: [m.id] },
                          t('grupos.memberRemoved', { nombre: m.nombre }),
                        )
                      }
                    >
                      {t('grupos.remove')}
                    </Button>
                  }
                >
                  <ListItemText primary={m.nombre} secondary={m.email} />
                </ListItem>
              ))}
            </List>
          )}
          {(miembros.data?.total ?? 0) > PAGE && (
            <Typography variant="body2" color="text.secondary">
              {t('grupos.moreMembers', { count: miembros.data!.total - PAGE })}
            </Typography>
          )}
          {canListUsers && (
            <>
              <Typography variant="subtitle1" component="h3">
                {t('grupos.addHeading')}
              </Typography>
              <SearchField label={t('grupos.addSearch')} value={busca} onChange={setBusca} />
              {candidatos.isFetching && (
                <CircularProgress size={20} aria-label={t('common.loading')} />
              )}
              <List dense aria-label={t('grupos.candidates')}>
                {(candidatos.data?.items ?? []).map((u) => (
                  <ListItem
                    key={u.id}
                    secondaryAction={
                      memberIds.has(u.id) ? (
                        <Typography variant="body2" color="text.secondary">
                          {t('grupos.alreadyMember')}
                        </Typography>
                      ) : (
                        <Button
                          size="small"
                          disabled={saving}
                          aria-label={t('grupos.addMember', { nombre: u.nombre })}
                          onClick={() =>
                            void change(
                              { añadir: [u.id] },
                              t('grupos.memberAdded', { nombre: u.nombre }),
                            )
                          }
                        >
                          {t('grupos.add')}
                        </Button>
                      )
                    }
                  >
                    <ListItemText primary={u.nombre} secondary={u.email} />
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
