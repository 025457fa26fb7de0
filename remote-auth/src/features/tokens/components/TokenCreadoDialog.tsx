import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTokenTexts } from '../texts';
import { CopyButton } from './CopyButton';

/** Props of `TokenCreadoDialog`. */
export interface TokenCreadoDialogProps {
  /** The secret as the api answered it (`gdu_pat_…`, `gdu_scim_…`); null: closed. */
  token: string | null;
  /** The dialog's title ("Token creado: «CI»"). */
  title: string;
  /** What to do with it (paste it into the script, into the directory's "Secret Token"). */
  hint: string;
  /** "Hecho" or Esc; the caller forgets the secret (it cannot be fetched again). */
  onClose: () => void;
}

/**
 * A new token, shown this once (issue #17: only its hash is stored, so it can never be shown
 * again): the secret in a read-only field a person can select, "Copiar" to the clipboard, and a
 * warning saying it will not be shown again. A click outside does not close it (a token lost to
 * a stray click would have to be revoked and made again); "Hecho" and Esc do.
 */
export function TokenCreadoDialog({ token, title, hint, onClose }: TokenCreadoDialogProps) {
  const { t } = useTokenTexts();
  const titleId = useId();
  const warningId = useId();
  const [copied, setCopied] = useState(false);
  // While the dialog fades out (token already null) it keeps showing what it showed; forgotten
  // once it has gone.
  const shown = useRef<{ token: string; title: string } | null>(null);
  if (token !== null) shown.current = { token, title };
  const secret = shown.current?.token ?? '';

  return (
    <Dialog
      open={token !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      aria-describedby={warningId}
      maxWidth="sm"
      fullWidth
      // The next token starts as not yet copied, and this one leaves memory with the dialog.
      slotProps={{
        transition: {
          onExited: () => {
            setCopied(false);
            shown.current = null;
          },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {shown.current?.title ?? title}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning" id={warningId}>
            {t('tokens.shownOnce')}
          </Alert>
          <TextField
            label={t('tokens.secret')}
            value={secret}
            multiline
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                style: { fontFamily: 'monospace', wordBreak: 'break-all' },
                onFocus: (e: React.FocusEvent<HTMLTextAreaElement>) => e.currentTarget.select(),
              },
            }}
          />
          <div>
            <CopyButton
              text={secret}
              label={copied ? t('tokens.copiedButton') : undefined}
              onCopied={() => setCopied(true)}
            />
          </div>
          <Alert severity="info">{hint}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('tokens.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
