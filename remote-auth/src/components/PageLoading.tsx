import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * Shown while the page's translations or the session check load. Without a label (translations
 * not there yet) the progress is hidden from assistive technology and the region is marked busy.
 */
export function PageLoading({ label }: { label?: string }) {
  return (
    <Box
      aria-busy="true"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 6 }}
    >
      {label ? (
        <>
          <CircularProgress aria-label={label} />
          <Box component="span">{label}</Box>
        </>
      ) : (
        <CircularProgress aria-hidden="true" />
      )}
    </Box>
  );
}
