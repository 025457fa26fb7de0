/**
 * /api/configuracion (configuracion:gestionar, issue #4): self-registration on/off, the role it
 * gives, and the e-mail domains allowed to use it (issue #13). POST /api/auth/register obeys all
 * three at once (403 REGISTRATION_CLOSED when closed, 403 REGISTRATION_DOMAIN for a domain that
 * is not listed).
 */
import { Type, type Static } from '@sinclair/typebox';

/** At most this many domains in `dominiosPermitidos`. */
export const DOMINIOS_PERMITIDOS_MAX = 50;

/** Longest domain name (RFC 1035: 253 characters in text form). */
export const DOMINIO_MAX_LENGTH = 253;

/**
 * A DNS domain name of two or more labels, lower-case ASCII (internationalised domains in their
 * `xn--` form): each label 1–63 letters, digits or inner hyphens; the last one starts with a
 * letter. Matches what `normalizeDominio` returns for a valid input.
 */
export const DOMINIO_PATTERN =
  '^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$';

/** Spanish messages of the `dominiosPermitidos` checks (400 details field `dominiosPermitidos`). */
export const CONFIGURACION_MESSAGES = {
  dominioInvalido: 'No es un dominio de correo válido',
  demasiadosDominios: `Como máximo ${DOMINIOS_PERMITIDOS_MAX} dominios`,
} as const;

/** Trimmed, lower-cased, without a leading `@` (people type `@empresa.es`). */
export function normalizeDominio(input: string): string {
  return input.trim().toLowerCase().replace(/^@/, '');
}

/** True when `normalizeDominio(input)` is a domain name `DOMINIO_PATTERN` accepts. */
export function isValidDominio(input: string): boolean {
  const d = normalizeDominio(input);
  return d.length <= DOMINIO_MAX_LENGTH && new RegExp(DOMINIO_PATTERN).test(d);
}

/**
 * Whether `email` may self-register under `dominios`: any e-mail when the list is empty,
 * otherwise only one whose domain (after the last `@`, any case) is exactly a listed one —
 * subdomains are not included, each must be listed.
 */
export function dominioPermitido(email: string, dominios: readonly string[]): boolean {
  if (dominios.length === 0) return true;
  const at = email.lastIndexOf('@');
  const domain = normalizeDominio(email.slice(at + 1));
  return at > 0 && dominios.includes(domain);
}

/** 400 detail of `verificacionEmail` switched on while no mailer is configured (issue #15). */
export const VERIFICACION_SIN_CORREO =
  'La verificación del correo necesita un servidor de correo configurado (SMTP_URL)';

/** 200 of GET and PATCH /api/configuracion. */
export const ConfiguracionSchema = Type.Object({
  registroAbierto: Type.Boolean(),
  /** A role nombre; never `admin`. */
  rolPorDefecto: Type.String(),
  /** E-mail domains allowed to self-register, lower-case; empty: any domain. */
  dominiosPermitidos: Type.Array(Type.String({ pattern: DOMINIO_PATTERN }), {
    maxItems: DOMINIOS_PERMITIDOS_MAX,
    description: 'Dominios de correo que pueden registrarse; vacío: cualquiera',
  }),
  /**
   * Self-registration must prove the e-mail before the first sign-in (issue #15). The api
   * always sends it (optional only for clients built before it).
   */
  verificacionEmail: Type.Optional(Type.Boolean()),
  version: Type.Integer(),
});
export type Configuracion = Static<typeof ConfiguracionSchema>;

/**
 * PATCH /api/configuracion → 200 Configuracion. Stale `version` → 409 VERSION_CONFLICT; an
 * unknown role or `admin` as `rolPorDefecto` → 400 with details field `rolPorDefecto`; a domain
 * that is not valid after `normalizeDominio`, or more than `DOMINIOS_PERMITIDOS_MAX` distinct
 * ones → 400 with details field `dominiosPermitidos`. Domains are stored normalised, without
 * repeats, in the order given.
 */
export const UpdateConfiguracionSchema = Type.Object(
  {
    registroAbierto: Type.Optional(Type.Boolean()),
    rolPorDefecto: Type.Optional(Type.String({ maxLength: 60 })),
    // Loose bounds only: the exact checks answer per-domain Spanish messages (above).
    dominiosPermitidos: Type.Optional(
      Type.Array(Type.String({ maxLength: DOMINIO_MAX_LENGTH + 10 }), {
        maxItems: DOMINIOS_PERMITIDOS_MAX * 4,
        description: 'Dominios de correo que pueden registrarse; vacío: cualquiera',
      }),
    ),
    /**
     * Only switchable on when a mailer is configured (SMTP_URL): otherwise 400 with details
     * field `verificacionEmail` (issue #15).
     */
    verificacionEmail: Type.Optional(Type.Boolean()),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type UpdateConfiguracion = Static<typeof UpdateConfiguracionSchema>;
