import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface AuthCardProps {
  /** The page's one h1. */
  heading: string;
  intro?: string;
  children: ReactNode;
}

/**
 * The content of the sign-in and registration pages. The shell's `auth` layout already draws the
 * centred card around it, so this is only the heading and a vertical rhythm, not a second card.
 */
export function AuthCard({ heading, intro, children }: AuthCardProps) {
  return (
    <Stack component="section" spacing={3} aria-labelledby="auth-heading">
      <Stack spacing={1}>
        <Typography id="auth-heading" variant="h5" component="h1">
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
  );
}
