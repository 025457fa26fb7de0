import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useMfaTexts } from '../../i18n/mfa-namespace';

/** Side of the drawn code, CSS px: large enough for a phone camera across a desk. */
const SIZE = 200;

/**
 * The `otpauth://totp/…` URL as a QR code, drawn in the browser (the secret never leaves for a
 * third-party image service). `qrcode` is imported here, on first use, so only the pages that
 * show a QR download it — never the first visit to /login (issue #16's budget). Drawn as an SVG
 * image with the text alternative `mfa.setup.qrLabel`; the manual key beside it is the
 * accessible equivalent.
 */
export function TotpQr({ otpauthUrl }: { otpauthUrl: string }) {
  const { t } = useMfaTexts();
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setSvg(null);
    setFailed(false);
    import('qrcode')
      .then((qr) => qr.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (drawn) => live && setSvg(drawn),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [otpauthUrl]);

  if (failed) return <Alert severity="warning">{t('mfa.setup.qrError')}</Alert>;
  if (!svg) {
    return (
      <Skeleton variant="rectangular" width={SIZE} height={SIZE} aria-label={t('mfa.setup.qrLoading')} />
    );
  }
  return (
    <Box
      component="img"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t('mfa.setup.qrLabel')}
      width={SIZE}
      height={SIZE}
      // The code's own white margin keeps it readable on the dark theme.
      sx={{ display: 'block', bgcolor: '#fff', borderRadius: 1 }}
    />
  );
}
