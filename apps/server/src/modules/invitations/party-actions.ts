import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zConnectQuery,
  zDisconnectQuery,
  zIdParam,
  zInviteInput,
  zOrgUnitInput,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { administratorsOnly } from '../users/admin-only';
import { connectParty, disconnectParty, inviteParty } from './party-actions-service';

/** Connection actions that create or end invitations (spec 2 §4.2, §7.4). Administrators only. */
export const partyActionsRoutes: ApiModule = async (app, { db, mailer, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['connections'];
  const params = z.object({ id: zIdParam });
  const deps = { db, mailer, publicUrl: config.publicUrl };
  const response = { 204: z.null() };

  api.put(
    '/party/:id/invite',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Invites a connection that is not on the network by e-mail',
        params,
        body: zInviteInput,
        response,
      },
    },
    async (req, reply) => {
      await inviteParty(deps, requireTenant(req), req.params.id, req.body.email);
      return reply.status(204).send(null);
    },
  );
  api.put(
    '/party/:id/connect',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Sends a connection request to the suggested network company',
        params,
        querystring: zConnectQuery,
        response,
      },
    },
    async (req, reply) => {
      await connectParty(deps, requireTenant(req), req.params.id, {
        orgUnitId: req.query.orgUnitId,
      });
      return reply.status(204).send(null);
    },
  );
  api.put(
    '/party/:id/connectAndCreateOrgUnit',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Creates a profile and sends the connection request with it, in one transaction',
        params,
        body: zOrgUnitInput,
        response,
      },
    },
    async (req, reply) => {
      await connectParty(deps, requireTenant(req), req.params.id, { newProfile: req.body });
      return reply.status(204).send(null);
    },
  );
  api.put(
    '/party/:id/reconnect',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Sends a new connection request for a disconnected connection',
        params,
        response,
      },
    },
    async (req, reply) => {
      await connectParty(deps, requireTenant(req), req.params.id, { reconnect: true });
      return reply.status(204).send(null);
    },
  );
  api.post(
    '/party/:id/disconnect',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Disconnects for good (optionally for the other company too)',
        params,
        querystring: zDisconnectQuery,
        response,
      },
    },
    async (req, reply) => {
      const { deleteRelationshipAndNotifyConnections: both } = req.query;
      await disconnectParty(deps, requireTenant(req), req.params.id, both);
      return reply.status(204).send(null);
    },
  );
};
