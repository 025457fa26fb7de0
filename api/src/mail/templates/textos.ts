/**
 * What every mail says, in Spanish (the default) and English (issue #15). Each template is a
 * function of its data (`MailTemplates` in ../types.ts) to a `MailContent`; the layout escapes
 * and lays it out. Subjects end with the product's name so a mail is recognised in any inbox.
 * Validity periods match `LIFECYCLE_TTL_MS` (shared/src/contracts/ciclo-cuenta.ts).
 */
import type { Locale } from '@gestion/shared';
import type { MailTemplate, MailTemplates } from '../types';
import { PRODUCT_NAME, type MailContent } from './layout';
import { TEXTOS_MFA } from './textos-mfa';
import { TEXTOS_API_TOKENS } from './textos-api-tokens';

type Texts = {
  [T in MailTemplate]: Record<Locale, (data: MailTemplates[T]) => MailContent>;
};

const es = (title: string) => `${title} · ${PRODUCT_NAME.es}`;
const en = (title: string) => `${title} · ${PRODUCT_NAME.en}`;
const hola = (nombre: string) => `Hola, ${nombre}:`;
const hello = (nombre: string) => `Hello ${nombre},`;

const NOT_YOU_ES =
  'Si no ha sido usted, cambie su contraseña cuanto antes y avise a quien administra la aplicación.';
const NOT_YOU_EN =
  'If this was not you, change your password as soon as possible and tell your administrator.';

/** Every template in every locale. */
export const TEXTOS: Texts = {
  'password-reset': {
    es: (d) => ({
      subject: es('Restablecer la contraseña'),
      greeting: hola(d.nombre),
      paragraphs: ['Hemos recibido una solicitud para restablecer la contraseña de su cuenta.'],
      action: { label: 'Elegir una contraseña nueva', href: d.link },
      notes: [
        'El enlace vale durante 30 minutos y una sola vez.',
        'Si no lo ha pedido usted, ignore este mensaje: su contraseña no cambia.',
      ],
    }),
    en: (d) => ({
      subject: en('Reset your password'),
      greeting: hello(d.nombre),
      paragraphs: ['We received a request to reset the password of your account.'],
      action: { label: 'Choose a new password', href: d.link },
      notes: [
        'The link is valid for 30 minutes and can be used once.',
        'If you did not ask for it, ignore this message: your password stays the same.',
      ],
    }),
  },
  'password-changed': {
    es: (d) => ({
      subject: es('Su contraseña ha cambiado'),
      greeting: hola(d.nombre),
      paragraphs: [
        'La contraseña de su cuenta se acaba de cambiar y se han cerrado sus otras sesiones.',
      ],
      notes: [NOT_YOU_ES],
    }),
    en: (d) => ({
      subject: en('Your password was changed'),
      greeting: hello(d.nombre),
      paragraphs: [
        'The password of your account was just changed and your other sessions were signed out.',
      ],
      notes: [NOT_YOU_EN],
    }),
  },
  invitation: {
    es: (d) => ({
      subject: es('Invitación'),
      greeting: hola(d.nombre),
      paragraphs: [
        `${d.invitadoPor} le ha creado una cuenta en ${PRODUCT_NAME.es}. Para empezar, elija su contraseña.`,
      ],
      action: { label: 'Aceptar la invitación', href: d.link },
      notes: ['El enlace vale durante 72 horas y una sola vez.'],
    }),
    en: (d) => ({
      subject: en('Invitation'),
      greeting: hello(d.nombre),
      paragraphs: [
        `${d.invitadoPor} created an account for you in ${PRODUCT_NAME.en}. To start, choose your password.`,
      ],
      action: { label: 'Accept the invitation', href: d.link },
      notes: ['The link is valid for 72 hours and can be used once.'],
    }),
  },
  'email-verify': {
    es: (d) => ({
      subject: es('Verifique su correo electrónico'),
      greeting: hola(d.nombre),
      paragraphs: ['Confirme que esta dirección es suya para terminar de crear su cuenta.'],
      action: { label: 'Verificar el correo', href: d.link },
      notes: [
        'El enlace vale durante 24 horas.',
        'Si no ha creado ninguna cuenta, ignore este mensaje.',
      ],
    }),
    en: (d) => ({
      subject: en('Verify your e-mail address'),
      greeting: hello(d.nombre),
      paragraphs: ['Confirm that this address is yours to finish creating your account.'],
      action: { label: 'Verify my e-mail', href: d.link },
      notes: [
        'The link is valid for 24 hours.',
        'If you did not create an account, ignore this message.',
      ],
    }),
  },
  'email-taken': {
    es: (d) => ({
      subject: es('Ya tiene una cuenta'),
      greeting: hola(d.nombre),
      paragraphs: [
        'Alguien ha intentado crear una cuenta con esta dirección, pero ya tiene una. Puede iniciar sesión con ella:',
      ],
      action: { label: 'Iniciar sesión', href: d.loginLink },
      notes: [
        `Si ha olvidado su contraseña, puede restablecerla aquí: ${d.recuperarLink}`,
        'Si no ha sido usted, ignore este mensaje: su cuenta no ha cambiado.',
      ],
    }),
    en: (d) => ({
      subject: en('You already have an account'),
      greeting: hello(d.nombre),
      paragraphs: [
        'Someone tried to create an account with this address, but you already have one. You can sign in with it:',
      ],
      action: { label: 'Sign in', href: d.loginLink },
      notes: [
        `If you forgot your password, you can reset it here: ${d.recuperarLink}`,
        'If this was not you, ignore this message: your account has not changed.',
      ],
    }),
  },
  'email-change-confirm': {
    es: (d) => ({
      subject: es('Confirme su nueva dirección de correo'),
      greeting: hola(d.nombre),
      paragraphs: [
        'Ha pedido usar esta dirección para su cuenta. Confírmelo para que el cambio tenga efecto.',
      ],
      action: { label: 'Confirmar la dirección', href: d.link },
      notes: [
        'El enlace vale durante 24 horas y una sola vez.',
        'Si no lo ha pedido usted, ignore este mensaje.',
      ],
    }),
    en: (d) => ({
      subject: en('Confirm your new e-mail address'),
      greeting: hello(d.nombre),
      paragraphs: [
        'You asked to use this address for your account. Confirm it for the change to take effect.',
      ],
      action: { label: 'Confirm the address', href: d.link },
      notes: [
        'The link is valid for 24 hours and can be used once.',
        'If you did not ask for it, ignore this message.',
      ],
    }),
  },
  'email-changed': {
    es: (d) => ({
      subject: es('Su dirección de correo ha cambiado'),
      greeting: hola(d.nombre),
      paragraphs: [
        `Su cuenta usa ahora la dirección ${d.nuevoEmail}. Este es el último mensaje que recibe en esta.`,
      ],
      notes: [NOT_YOU_ES],
    }),
    en: (d) => ({
      subject: en('Your e-mail address was changed'),
      greeting: hello(d.nombre),
      paragraphs: [
        `Your account now uses the address ${d.nuevoEmail}. This is the last message sent to this one.`,
      ],
      notes: [NOT_YOU_EN],
    }),
  },
  'new-device': {
    es: (d) => ({
      subject: es('Nuevo inicio de sesión'),
      greeting: hola(d.nombre),
      paragraphs: [
        'Se ha iniciado sesión en su cuenta desde un dispositivo que no habíamos visto antes.',
        `Dispositivo: ${d.dispositivo}`,
        `Dirección IP: ${d.ip}`,
        `Fecha: ${d.fecha}`,
      ],
      notes: [NOT_YOU_ES],
    }),
    en: (d) => ({
      subject: en('New sign-in'),
      greeting: hello(d.nombre),
      paragraphs: [
        'Your account was signed in to from a device we had not seen before.',
        `Device: ${d.dispositivo}`,
        `IP address: ${d.ip}`,
        `Date: ${d.fecha}`,
      ],
      notes: [NOT_YOU_EN],
    }),
  },
  'login-code': {
    es: (d) => ({
      subject: es('Código de acceso'),
      greeting: hola(d.nombre),
      paragraphs: ['Para terminar de iniciar sesión, escriba este código:'],
      code: d.codigo,
      notes: [
        'El código vale durante 10 minutos.',
        'Si no está intentando iniciar sesión, alguien conoce su contraseña: cámbiela cuanto antes.',
      ],
    }),
    en: (d) => ({
      subject: en('Sign-in code'),
      greeting: hello(d.nombre),
      paragraphs: ['To finish signing in, enter this code:'],
      code: d.codigo,
      notes: [
        'The code is valid for 10 minutes.',
        'If you are not signing in, someone knows your password: change it as soon as possible.',
      ],
    }),
  },
  test: {
    es: (d) => ({
      subject: es('Correo de prueba'),
      greeting: hola(d.nombre),
      paragraphs: [
        'Este es un correo de prueba enviado desde Ajustes › Correo. Si lo está leyendo, el envío de correo funciona.',
      ],
      notes: [],
    }),
    en: (d) => ({
      subject: en('Test e-mail'),
      greeting: hello(d.nombre),
      paragraphs: [
        'This is a test e-mail sent from Settings › E-mail. If you are reading it, mail delivery works.',
      ],
      notes: [],
    }),
  },
  ...TEXTOS_MFA,
  ...TEXTOS_API_TOKENS,
};
