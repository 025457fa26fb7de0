import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify } from '@gestion/shared/react';
import { useMfaTexts } from '../../i18n/mfa-namespace';

export interface RecoveryCodesPanelProps {
  /** The codes as the api answered them (`xxxx-xxxx-xxxx`), shown once. */
  codes: readonly string[];
  /** Called with the confirmation ticked and "Continuar" pressed. */
  onDone: () => void;
  /** Text of the button that leaves the panel; 'Continuar' by default. */
  doneLabel?: string;
}

/** The text file "Descargar" saves: a header line, then one code a line (CRLF for Notepad). */
export function recoveryCodesFile(header: string, codes: readonly string[]): string {
  return [header, '', ...codes, ''].join('\r\n');
}

/**
 * Issue #16's recovery codes, shown once after the authenticator is activated (or a new set is
 * made): the list, "Copiar" (clipboard), "Descargar" (a .txt file) and "He guardado los códigos",
 * which must be ticked before `onDone` — the codes are not shown again.
 */
export function RecoveryCodesPanel({ codes, onDone, doneLabel }: RecoveryCodesPanelProps) {
  const { t } = useMfaTexts();
  const notify = useNotify();
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');

  const download = () => {
    const blob = new Blob([recoveryCodesFile(t('mfa.recovery.fileHeader'), codes)], {
      type: 'text/plain;charset=utf-8',
    });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = t('mfa.recovery.fileName');
    document.body.append(a);
    a.click();
    a.remove();
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('mfa.recovery.intro', { count: codes.length })}</Typography>
      <Box
        component="ol"
        aria-label={t('mfa.recovery.listLabel')}
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          textAlign: 'center',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          onClick={() => {
            const copy = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('sin portapapeles'));
            void copy.then(
              () => notify(t('mfa.recovery.copied'), { type: 'success' }),
              () => notify(t('mfa.recovery.copyFailed'), { type: 'warning' }),
            );
          }}
        >
          {t('mfa.recovery.copy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {t('mfa.recovery.download')}
        </Button>
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} />}
        label={t('mfa.recovery.confirm')}
      />
      <Button variant="contained" size="large" fullWidth disabled={!saved} onClick={onDone}>
        {doneLabel ?? t('mfa.recovery.continue')}
      </Button>
    </Stack>
  );
}
