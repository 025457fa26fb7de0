import { useNotify } from '@gestion/shared/react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminTexts } from '../../../i18n/namespace';
import { apiErrorMessage } from '../../../lib/api-error';
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
 * invitation or mailing them a reset link (issue #15), then does it. A refusal
 * of the api (the last admin, a delegation rule) is its Spanish message in one toast.
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
  const [updateUsuario, updateState] = useUpdateUsuarioMutation();
  const [deleteUsuario, deleteState] = useDeleteUsuarioMutation();
  const [revokeSessions, revokeState] = useRevokeUsuarioSessionsMutation();
  const [revokeInvitation, revokeInvitationState] = useRevokeInvitationMutation();
  const [sendReset, sendResetState] = useSendPasswordResetMutation();
  const busy =
    updateState.isLoading ||
    deleteState.isLoading ||
    revokeState.isLoading ||
    revokeInvitationState.isLoading ||
    sendResetState.isLoading;

  const run = async () => {
    if (!pending) return;
    const { kind, user } = pending;
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
      notify(apiErrorMessage(e, t('usuarios.actionError')), { type: 'error' });
    }
    onClose();
  };

  const [title, message, confirm] = pending ? TEXTS[pending.kind] : TEXTS.delete;
  return (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? t(`usuarios.confirm.${title}`) : ''}
      message={
        pending
          ? t(`usuarios.confirm.${message}`, {
              nombre: pending.user.nombre,
              email: pending.user.email,
            })
          : ''
      }
      confirmLabel={pending ? t(`usuarios.${confirm}`) : ''}
      destructive={pending?.kind !== 'activate' && pending?.kind !== 'passwordReset'}
      busy={busy}
      onClose={onClose}
      onConfirm={() => void run()}
    />
  );
}
