import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface AuthCardProps {
  /** The page's one h1. */
  heading: string;
  intro?: string;
  children: ReactNode;
}

/** The card the sign-in and registration pages sit in, inside the shell's `auth` layout. */
export function AuthCard({ heading, intro, children }: AuthCardProps) {
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ width: '100%', maxWidth: 440, mx: 'auto', p: { xs: 3, sm: 4 } }}
    >
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Typography variant="h5" component="h1">
            {heading}
          </Typography>
          {intro && (
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
