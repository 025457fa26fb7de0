import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isSafeRedirect, paths, type User } from '@gestion/shared';
import { useAuth, useNavigateTo } from '@gestion/shared/react';
import { AuthCard } from '../../../components/AuthCard';
import { useAuthTexts } from '../../../i18n/namespace';

interface SignedInPanelProps {
  user: User;
  /** `?redirect=` of the page; followed by "Continuar" only when it is a same-origin path. */
  redirect: string | null;
}

/** What /login shows a visitor who is already signed in: who, and continue or sign out. */
export function SignedInPanel({ user, redirect }: SignedInPanelProps) {
  const { t } = useAuthTexts();
  const { logout } = useAuth();
  const navigateTo = useNavigateTo();
  return (
    <AuthCard heading={t('login.heading')}>
      <Typography>
        {t('login.signedInAs', {
          nombre: user.nombre,
          email: user.email,
          // React escapes the text; i18next must not escape it a second time.
          interpolation: { escapeValue: false },
        })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button
          variant="contained"
          fullWidth
          onClick={() => navigateTo(isSafeRedirect(redirect) ? redirect : paths.home())}
        >
          {t('login.continue')}
        </Button>
        <Button variant="outlined" fullWidth onClick={() => void logout()}>
          {t('login.logout')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
