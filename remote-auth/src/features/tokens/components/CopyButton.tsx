import Button, { type ButtonProps } from '@mui/material/Button';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify } from '@gestion/shared/react';
import { useTokenTexts } from '../texts';

/**
 * "Copiar": writes `text` to the clipboard and says so (or says it could not: a page not served
 * over HTTPS, or a browser that refuses, leaves the text to be selected by hand).
 */
export function CopyButton({
  text,
  label,
  onCopied,
  ...props
}: {
  text: string;
  /** The button's text; "Copiar" by default. */
  label?: string;
  onCopied?: () => void;
} & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useTokenTexts();
  const notify = useNotify();
  const copy = () => {
    const writing =
      navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('sin portapapeles'));
    void writing.then(
      () => {
        onCopied?.();
        notify(t('tokens.copied'), { type: 'success' });
      },
      () => notify(t('tokens.copyFailed'), { type: 'warning' }),
    );
  };
  return (
    <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} {...props}>
      {label ?? t('tokens.copy')}
    </Button>
  );
}
