import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from './LanguagePicker';

/** Sign-in and registration: one centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <LanguagePicker color="primary" />
      </Box>
      <Container component="main" id="main" maxWidth="xs" sx={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', pb: 6 }}>
        <Typography component="p" variant="h5" align="center" color="primary" sx={{ fontWeight: 600, mb: 2 }}>
          {t('appName')}
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
