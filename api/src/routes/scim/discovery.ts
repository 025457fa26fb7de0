/**
 * SCIM discovery (RFC 7644 §4, RFC 7643 §5–7): `/ServiceProviderConfig`, `/ResourceTypes`,
 * `/Schemas` — what this provider supports, so a directory configures itself: PATCH yes, bulk
 * no, filter yes (eq/and, at most 100 results), change password no (users set their own, after
 * the invitation), sort no, ETags yes (weak, `meta.version`), OAuth bearer token authentication.
 */
import type { FastifyPluginCallback } from 'fastify';
import { scimNotFound } from '../../lib/scim/errors';
import { ENTERPRISE_URN } from '../../lib/scim/patch';
import { GROUP_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from '../../lib/scim/resources';
import { SCIM_MAX_RESULTS } from './common';

const str = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const complex = (name: string, subAttributes: unknown[], extra: Record<string, unknown> = {}) => ({
  name,
  type: 'complex',
  multiValued: false,
  required: false,
  mutability: 'readWrite',
  returned: 'default',
  subAttributes,
  ...extra,
});

/** The three schemas this provider serves (RFC 7643 §7), with the attributes it maps. */
function schemas(base: string) {
  const meta = (id: string) => ({ resourceType: 'Schema', location: `${base}/Schemas/${id}` });
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: USER_SCHEMA,
      name: 'User',
      description: 'Usuario (userName es su correo electrónico)',
      attributes: [
        str('userName', { required: true, uniqueness: 'server' }),
        complex('name', [str('formatted'), str('givenName'), str('familyName')]),
        str('displayName'),
        { ...str('active'), type: 'boolean' },
        complex('emails', [str('value'), str('type'), { ...str('primary'), type: 'boolean' }], {
          multiValued: true,
        }),
        complex('groups', [str('value'), str('display'), { ...str('$ref'), type: 'reference' }], {
          multiValued: true,
          mutability: 'readOnly',
        }),
      ],
      meta: meta(USER_SCHEMA),
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'Grupo (sus miembros tienen sus roles)',
      attributes: [
        str('displayName', { required: true, uniqueness: 'server' }),
        complex('members', [str('value', { mutability: 'immutable' }), str('display'), { ...str('$ref'), type: 'reference' }], {
          multiValued: true,
        }),
      ],
      meta: meta(GROUP_SCHEMA),
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: ENTERPRISE_URN,
      name: 'EnterpriseUser',
      description: 'Extensión empresarial: se acepta y no se guarda',
      attributes: [str('employeeNumber'), str('department'), str('organization')],
      meta: meta(ENTERPRISE_URN),
    },
  ];
}

function resourceTypes(base: string) {
  const rt = (id: string, endpoint: string, schema: string, ext?: string) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id,
    name: id,
    endpoint,
    schema,
    ...(ext ? { schemaExtensions: [{ schema: ext, required: false }] } : {}),
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/${id}` },
  });
  return [rt('User', '/Users', USER_SCHEMA, ENTERPRISE_URN), rt('Group', '/Groups', GROUP_SCHEMA)];
}

const list = (resources: unknown[]) => ({
  schemas: [LIST_SCHEMA],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

const discoveryRoutes: FastifyPluginCallback<{ base: string }> = (app, { base }, done) => {
  const config = {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${base.replace(/\/scim\/v2$/, '')}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'Token de una conexión creada en Ajustes › Aprovisionamiento',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
  const all = { schemas: schemas(base), types: resourceTypes(base) };
  const byId = (items: { id: string }[], id: string) => {
    const found = items.find((i) => i.id.toLowerCase() === id.toLowerCase());
    if (!found) throw scimNotFound();
    return found;
  };

  app.get('/ServiceProviderConfig', (_r, reply) => reply.send(config));
  app.get('/ResourceTypes', (_r, reply) => reply.send(list(all.types)));
  app.get<{ Params: { id: string } }>('/ResourceTypes/:id', (r, reply) =>
    reply.send(byId(all.types, r.params.id)),
  );
  app.get('/Schemas', (_r, reply) => reply.send(list(all.schemas)));
  app.get<{ Params: { id: string } }>('/Schemas/:id', (r, reply) =>
    reply.send(byId(all.schemas, r.params.id)),
  );
  done();
};

export default discoveryRoutes;
