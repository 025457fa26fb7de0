import Stack from '@mui/material/Stack';
import { ProfileSection } from './ProfileSection';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { LanguageSection } from './LanguageSection';
import { SessionsSection } from './SessionsSection';
import { PasskeysSection } from '../../passkeys/PasskeysSection';

/** Mi cuenta: always shown; every signed-in user manages their own profile, password and sessions. */
export function MiCuentaTab() {
  return (
    <Stack spacing={3}>
      <ProfileSection />
      <EmailSection />
      <PasswordSection />
      <LanguageSection />
      <SessionsSection />
      <PasskeysSection />
    </Stack>
  );
}
