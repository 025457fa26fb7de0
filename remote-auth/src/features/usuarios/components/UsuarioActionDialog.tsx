import { useEffect } from 'react';
import { useNotify } from '@gestion/shared/react';
import { readApiError, useConfirmDialog } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import {
  useDeleteUsuarioMutation,
  useRevokeInvitationMutation,
  useRevokeUsuarioSessionsMutation,
  useSendPasswordResetMutation,
  useUpdateUsuarioMutation,
  type UsuarioItem,
} from '../api';

/** A confirmed action on one user. */
export interface PendingAction {
  kind: 'delete' | 'deactivate' | 'activate' | 'revoke' | 'revokeInvitation' | 'passwordReset';
  user: UsuarioItem;
}

/** Title, message and confirm-button keys of each action (under `usuarios.`). */
const TEXTS = {
  delete: ['deleteTitle', 'delete', 'delete'],
  deactivate: ['deactivateTitle', 'deactivate', 'deactivate'],
  activate: ['activateTitle', 'activate', 'activate'],
  revoke: ['revokeTitle', 'revoke', 'revokeSessions'],
  revokeInvitation: ['revokeInvitationTitle', 'revokeInvitation', 'revokeInvitation'],
  passwordReset: ['passwordResetTitle', 'passwordReset', 'passwordReset'],
} as const;

/**
 * Asks before deleting, deactivating, activating or signing out one user, revoking their
 * invitation or mailing them a reset link (issue #15), then does it: the kit's
 * `useConfirmDialog`, asked whenever the page sets `pending` (busy while the call runs), and
 * `onClose` once the question is over. A refusal of the api (the last admin, a delegation rule)
 * is its Spanish message in one toast.
 */
export function UsuarioActionDialog({
  pending,
  onClose,
}: {
  pending: PendingAction | null;
  onClose: () => void;
}) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const { ask, dialog } = useConfirmDialog();
  const [updateUsuario] = useUpdateUsuarioMutation();
  const [deleteUsuario] = useDeleteUsuarioMutation();
  const [revokeSessions] = useRevokeUsuarioSessionsMutation();
  const [revokeInvitation] = useRevokeInvitationMutation();
  const [sendReset] = useSendPasswordResetMutation();

  const run = async ({ kind, user }: PendingAction) => {
    try {
      if (kind === 'delete') {
        const res = await deleteUsuario(user.id).unwrap();
        notify(res?.message || t('usuarios.deleted'), {
          type: res?.desactivado ? 'info' : 'success',
        });
      } else if (kind === 'revokeInvitation') {
        await revokeInvitation(user.id).unwrap();
        notify(t('usuarios.invitationRevoked'), { type: 'success' });
      } else if (kind === 'passwordReset') {
        await sendReset(user.id).unwrap();
        notify(t('usuarios.passwordResetSent', { email: user.email }), { type: 'success' });
      } else if (kind === 'revoke') {
        await revokeSessions(user.id).unwrap();
        notify(t('usuarios.sessionsRevoked'), { type: 'success' });
      } else {
        await updateUsuario({
          id: user.id,
          version: user.version,
          activo: kind === 'activate',
        }).unwrap();
        notify(kind === 'activate' ? t('usuarios.activated') : t('usuarios.deactivated'), {
          type: 'success',
        });
      }
    } catch (e) {
      notify(readApiError(e, t('usuarios.actionError')).message, { type: 'error' });
    }
  };

  // One question per `pending` the page sets; its onClose clears `pending` again.
  useEffect(() => {
    if (!pending) return;
    const [title, message, confirm] = TEXTS[pending.kind];
    ask({
      title: t(`usuarios.confirm.${title}`),
      message: t(`usuarios.confirm.${message}`, {
        nombre: pending.user.nombre,
        email: pending.user.email,
      }),
      confirmLabel: t(`usuarios.${confirm}`),
      destructive: pending.kind !== 'activate' && pending.kind !== 'passwordReset',
      onConfirm: () => run(pending),
      onClose,
    });
    // Asked once per pending action: `t`, `run` and `onClose` change identity with every render.
  }, [pending, ask]);

  return <>{dialog}</>;
}
