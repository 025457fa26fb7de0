/**
 * Loading states shaped like what is coming (issue #14: first visits showed a bare spinner for up
 * to 1.3 s): grey blocks where the page's heading and content will be and, before any layout is
 * on screen, where the app bar and the navigation will be. Screen readers hear "Cargando…" from
 * a status region; the blocks themselves are hidden from them.
 *
 * Plain, still boxes rather than MUI's animated Skeleton: these are part of the first paint of
 * /login, where every byte counts (bench/bundle-size.mjs), and Skeleton is not in the shell's
 * first-paint chunk.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../app/layouts/AuthLayout';

/** One grey block: `width` as a CSS length or a fraction of its row, `height` in px. */
function Block({ width = 1, height = 20 }: { width?: number | string; height?: number }) {
  return <Box sx={{ width, height, mb: 2, borderRadius: 1, bgcolor: 'action.selected' }} />;
}

/** What a page shows while its chunk, its remote or the signed-in user is on the way. */
export function PageLoading() {
  const { t } = useTranslation('shell');
  return (
    <Box role="status" sx={{ width: 1 }}>
      {/* Announced, not shown: the blocks say it to the eye. */}
      <Box
        component="span"
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clipPath: 'inset(50%)',
          whiteSpace: 'nowrap',
        }}
      >
        {t('loading')}
      </Box>
      <Box aria-hidden>
        <Block width="40%" height={36} />
        <Block width="70%" />
        <Block height={160} />
        <Block width="85%" />
      </Box>
    </Box>
  );
}

/**
 * Before the layout is known (the first route's remote is still loading) or while its chunk
 * downloads: the layout a visitor is about to get. `auth` (the router passes it for a visitor
 * who is signed out: every page sends them to /login) is the sign-in card, in the first paint
 * anyway; otherwise the app bar, the navigation column from 900 px and the page's blocks.
 */
export function LayoutLoading({ auth = false }: { auth?: boolean }) {
  if (auth) {
    return (
      <AuthLayout>
        <PageLoading />
      </AuthLayout>
    );
  }
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {/* The app bar's height and colour (primary in light, MUI's dark app bar in dark). */}
      <Box
        sx={(theme) => ({
          height: { xs: 48, sm: 64 },
          bgcolor: 'primary.main',
          ...theme.applyStyles('dark', { bgcolor: 'AppBar.darkBg' }),
        })}
      />
      <Box sx={{ display: 'flex', flex: 1 }}>
        <Box
          sx={{
            display: { xs: 'none', md: 'block' },
            width: 240,
            borderRight: 1,
            borderColor: 'divider',
          }}
        />
        <Box sx={{ flex: 1, p: { xs: 2, md: 3 } }}>
          <PageLoading />
        </Box>
      </Box>
    </Box>
  );
}
