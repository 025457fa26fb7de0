/** SCIM `/Groups` (issue #17, RFC 7644 §3): thin handlers over scim-grupos-service. */
import type { FastifyPluginCallback } from 'fastify';
import { invalidFilter } from '../../lib/scim/errors';
import { isReturned, selectAttributes } from '../../lib/scim/attributes';
import { createScimGruposService } from '../../services/scim-grupos-service';
import type { ServiceDeps } from '../../services/service-deps';
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

const gruposRoutes: FastifyPluginCallback<{ deps: ServiceDeps; base: string }> = (app, { deps, base }, done) => {
  const service = createScimGruposService(deps, base);

  app.get('/Groups', async (request) => {
    const { conds, page, sel } = listParams(request.query as Record<string, unknown>);
    // Groups have no userName nor e-mail (RFC 7643 §4.2).
    const wrong = conds.find((c) => c.attribute === 'userName' || c.attribute === 'email');
    if (wrong) throw invalidFilter('Los grupos solo se filtran por displayName o externalId');
    const { resources, total } = await service.list(conds, page, isReturned('members', sel));
    return listResponse(resources, total, page, sel);
  });

  app.get<{ Params: Params }>('/Groups/:id', async (request) => {
    const sel = attributeSelection(request.query as Record<string, unknown>);
    const g = await service.get(resourceId(request.params.id), isReturned('members', sel));
    return selectAttributes(g, sel);
  });

  app.post('/Groups', async (request, reply) =>
    created(reply, await service.create(bodyObject(request.body), scimCaller(request))),
  );

  app.put<{ Params: Params }>('/Groups/:id', async (request) =>
    service.replace(resourceId(request.params.id), bodyObject(request.body), scimCaller(request)),
  );

  app.patch<{ Params: Params }>('/Groups/:id', async (request) =>
    service.patch(resourceId(request.params.id), operationsOf(request.body), scimCaller(request)),
  );

  app.delete<{ Params: Params }>('/Groups/:id', async (request, reply) => {
    await service.remove(resourceId(request.params.id), scimCaller(request));
    return reply.code(204).send();
  });
  done();
};

export default gruposRoutes;
