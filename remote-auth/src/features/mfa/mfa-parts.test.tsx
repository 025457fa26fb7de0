import { screen, waitFor } from '@testing-library/react';
import { translationKeys } from '@gestion/ui/testing';
import enMfa from '../../i18n/en.mfa.json';
import esMfa from '../../i18n/es.mfa.json';
import { renderPage } from '../../testing/render';
import { RecoveryCodesPanel, recoveryCodesFile } from './RecoveryCodesPanel';
import { TotpSetup, groupKey } from './TotpSetup';

jest.setTimeout(20_000);

const enrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUrl: 'otpauth://totp/Gestion:ana%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Gestion',
};
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(i).padStart(4, '0')}`);

it('has the same second-factor keys in Spanish and English', () => {
  expect(translationKeys(enMfa)).toEqual(translationKeys(esMfa));
});

describe('TotpSetup', () => {
  it('draws the QR, shows the key in groups and sends the six digits typed', async () => {
    const onSubmitCode = jest.fn().mockResolvedValue(undefined);
    const { user } = renderPage(<TotpSetup enrolment={enrolment} onSubmitCode={onSubmitCode} />);
    const qr = await screen.findByRole('img', {
      name: 'Código QR para añadir la cuenta a la aplicación de autenticación',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    const code = screen.getByLabelText(/^Código de la aplicación/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText('El código tiene 6 cifras')).toBeInTheDocument();
    expect(onSubmitCode).not.toHaveBeenCalled();
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    await waitFor(() => expect(onSubmitCode).toHaveBeenCalledWith('123456'));
  });

  it('puts the text the caller returns for a wrong code under the field', async () => {
    const { user } = renderPage(
      <TotpSetup enrolment={enrolment} onSubmitCode={() => Promise.resolve('El código no es correcto')} />,
    );
    await user.type(await screen.findByLabelText(/^Código de la aplicación/), '000000');
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText('El código no es correcto')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Código de la aplicación/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('groups a key in fours', () => {
    expect(groupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

/** A Blob's text (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('RecoveryCodesPanel', () => {
  it('lists the codes, copies them, and continues only once they are saved', async () => {
    const onDone = jest.fn();
    const { user, shell } = renderPage(<RecoveryCodesPanel codes={codes} onDone={onDone} />);
    const list = await screen.findByRole('list', { name: 'Sus códigos de recuperación' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByText(/Guarde estos 10 códigos/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(codes.join('\n'));
    await waitFor(() => expect(shell.notify).toHaveBeenCalledWith('Códigos copiados', { type: 'success' }));
    const next = screen.getByRole('button', { name: 'Continuar' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'He guardado los códigos' }));
    await user.click(next);
    expect(onDone).toHaveBeenCalled();
  });

  it('downloads the codes as a text file', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:codes';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('codigos-recuperacion.txt');
    });
    const { user } = renderPage(<RecoveryCodesPanel codes={codes} onDone={jest.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Descargar' }));
    expect(click).toHaveBeenCalled();
    expect(created[0]!.type).toBe('text/plain;charset=utf-8');
    expect(await textOf(created[0]!)).toBe(
      recoveryCodesFile(esMfa.mfa.recovery.fileHeader, codes),
    );
    click.mockRestore();
  });
});
