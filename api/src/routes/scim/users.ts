/** SCIM `/Users` (issue #17, RFC 7644 §3): thin handlers over scim-usuarios-service. */
import type { FastifyPluginCallback } from 'fastify';
import { isReturned, selectAttributes } from '../../lib/scim/attributes';
import { invalidFilter } from '../../lib/scim/errors';
import { createScimUsuariosService } from '../../services/scim-usuarios-service';
import type { UsuariosServiceDeps } from '../../services/usuarios-service';
import {
  attributeSelection,
  bodyObject,
  created,
  listParams,
  listResponse,
  operationsOf,
  resourceId,
} from './common';
import { scimCaller } from './index';

type Params = { id: string };

const usuariosRoutes: FastifyPluginCallback<{ deps: UsuariosServiceDeps; base: string }> = (app, { deps, base }, done) => {
  const service = createScimUsuariosService(deps, base);

  app.get('/Users', async (request) => {
    const { conds, page, sel } = listParams(request.query as Record<string, unknown>);
    if (conds.some((c) => c.attribute === 'member'))
      throw invalidFilter('Los usuarios no tienen «members»');
    const { resources, total } = await service.list(conds, page, isReturned('groups', sel));
    return listResponse(resources, total, page, sel);
  });

  app.get<{ Params: Params }>('/Users/:id', async (request) => {
    const sel = attributeSelection(request.query as Record<string, unknown>);
    return selectAttributes(await service.get(resourceId(request.params.id)), sel);
  });

  app.post('/Users', async (request, reply) =>
    created(reply, await service.create(bodyObject(request.body), scimCaller(request))),
  );

  app.put<{ Params: Params }>('/Users/:id', async (request) =>
    service.replace(resourceId(request.params.id), bodyObject(request.body), scimCaller(request)),
  );

  app.patch<{ Params: Params }>('/Users/:id', async (request) =>
    service.patch(resourceId(request.params.id), operationsOf(request.body), scimCaller(request)),
  );

  app.delete<{ Params: Params }>('/Users/:id', async (request, reply) => {
    await service.remove(resourceId(request.params.id), scimCaller(request));
    return reply.code(204).send();
  });
  done();
};

export default usuariosRoutes;
