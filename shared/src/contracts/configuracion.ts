/**
 * /api/configuracion (configuracion:gestionar, issue #4): self-registration on/off and the role
 * it gives. POST /api/auth/register obeys both at once (403 REGISTRATION_CLOSED when closed).
 */
import { Type, type Static } from '@sinclair/typebox';

/** 200 of GET and PATCH /api/configuracion. */
export const ConfiguracionSchema = Type.Object({
  registroAbierto: Type.Boolean(),
  /** A role nombre; never `admin`. */
  rolPorDefecto: Type.String(),
  version: Type.Integer(),
});
export type Configuracion = Static<typeof ConfiguracionSchema>;

/**
 * PATCH /api/configuracion → 200 Configuracion. Stale `version` → 409 VERSION_CONFLICT; an
 * unknown role or `admin` as `rolPorDefecto` → 400 with details field `rolPorDefecto`.
 */
export const UpdateConfiguracionSchema = Type.Object(
  {
    registroAbierto: Type.Optional(Type.Boolean()),
    rolPorDefecto: Type.Optional(Type.String({ maxLength: 60 })),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type UpdateConfiguracion = Static<typeof UpdateConfiguracionSchema>;
