import { lazy, Suspense } from 'react';
import Stack from '@mui/material/Stack';
import { PageLoading } from '../../../components/PageLoading';
import { ProfileSection } from './ProfileSection';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { LanguageSection } from './LanguageSection';
import { SessionsSection } from './SessionsSection';

/** Mi cuenta › Seguridad (issue #16): the second factors, their own chunk. */
const SeguridadArea = lazy(() => import('../../seguridad/components/SeguridadArea'));

/**
 * Mi cuenta: always shown; every signed-in user manages their own profile, password, sessions
 * and second factors (Seguridad).
 */
export function MiCuentaTab() {
  return (
    <Stack spacing={3}>
      <ProfileSection />
      <EmailSection />
      <PasswordSection />
      <LanguageSection />
      <SessionsSection />
      <Suspense fallback={<PageLoading />}>
        <SeguridadArea />
      </Suspense>
    </Stack>
  );
}
