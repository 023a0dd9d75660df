import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zAlreadyConnected,
  zConnection,
  zConnectionInput,
  zConnectionListQuery,
  zConnectionOption,
  zConnectionPage,
  zConnectionWithOrgUnits,
  zIdParam,
  zPartyTypeRef,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { administratorsOnly } from '../users/admin-only';
import {
  checkAlreadyConnected,
  countNetworkMatches,
  createParty,
  getParty,
  getPartyWithConnectedOrgUnits,
  listParties,
  listPartiesOfOrgUnit,
  listPartyTypesOfCompany,
  removeParty,
  saveParty,
} from './service';

/** Connections (parties), spec 2 §7.4: any member reads them, Administrators change them. */
export const partiesRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['connections'];
  const params = z.object({ id: zIdParam });
  const get = <S extends z.ZodType>(url: string, summary: string, response: S) =>
    ({ url, schema: { tags, summary, params, response: { 200: response } } }) as const;

  api.get(
    '/party/grid/search',
    {
      schema: {
        tags,
        summary: 'A page of the connections screen (status filter and paging in SQL)',
        querystring: zConnectionListQuery,
        response: { 200: zConnectionPage },
      },
    },
    async (req) => listParties(db, requireTenant(req), req.query),
  );

  api.get(
    '/party/searchForPartyNetworkMatchesCount',
    {
      schema: {
        tags,
        summary: 'How many connections are on the network and not yet connected or invited',
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async (req) => countNetworkMatches(db, requireTenant(req)),
  );

  const one = get('/party/:id', 'One connection', zConnection);
  api.get(one.url, { schema: one.schema }, async (req) =>
    getParty(db, requireTenant(req), req.params.id),
  );

  const withUnits = get(
    '/party/getByIdWithConnectedOrgUnits/:id',
    'One connection with the profiles it is connected through',
    zConnectionWithOrgUnits,
  );
  api.get(withUnits.url, { schema: withUnits.schema }, async (req) =>
    getPartyWithConnectedOrgUnits(db, requireTenant(req), req.params.id),
  );

  const byOrgUnit = get(
    '/party/partiesByOrgUnitId/:id',
    'The connections of one profile',
    z.array(zConnectionOption),
  );
  api.get(byOrgUnit.url, { schema: byOrgUnit.schema }, async (req) =>
    listPartiesOfOrgUnit(db, requireTenant(req), req.params.id),
  );

  const types = get(
    '/party/partyTypesByCompanyId/:id',
    'The party types the selected company acts as',
    z.array(zPartyTypeRef),
  );
  api.get(types.url, { schema: types.schema }, async (req) =>
    listPartyTypesOfCompany(db, requireTenant(req), req.params.id),
  );

  const check = get(
    '/party/:id/checkAlreadyConnected',
    'Whether its network company is already connected through another connection',
    zAlreadyConnected,
  );
  api.get(check.url, { schema: check.schema }, async (req) =>
    checkAlreadyConnected(db, requireTenant(req), req.params.id),
  );

  api.post(
    '/party',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Creates a connection (Administrators)',
        body: zConnectionInput,
        response: { 201: zConnection },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await createParty(db, requireTenant(req), req.body)),
  );

  api.put(
    '/party/:id',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Saves a connection (Administrators)',
        params,
        body: zConnectionInput,
        response: { 200: zConnection },
      },
    },
    async (req) => saveParty(db, requireTenant(req), req.params.id, req.body),
  );

  api.delete(
    '/party/:id',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Deletes a connection that is not connected, invited or connecting',
        params,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await removeParty(db, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
