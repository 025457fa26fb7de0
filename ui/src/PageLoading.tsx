import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a page's translations load: no text yet, so the region is only marked busy. */
export function PageLoading() {
  return (
    <Box aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-hidden="true" />
    </Box>
  );
}
