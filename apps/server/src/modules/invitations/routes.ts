import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zAcceptInvitationInput,
  zIdParam,
  zInvitation,
  zInvitationAccepted,
  zInvitationCount,
  zInvitationRegistered,
  zInvitationToken,
  zInvitationTokenInfo,
  zOrgUnitInput,
  zPartyIdsOfSameTypeQuery,
  zRejectInvitationInput,
  zResendInvitationInput,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { administratorsOnly } from '../users/admin-only';
import { acceptInvitation } from './accept';
import { onboardInvitation } from './onboard';
import { resendInvitation } from './party-actions-service';
import {
  countPendingInvitations,
  deleteInvitation,
  describeToken,
  getInvitation,
  invitationNotFound,
  listPendingInvitations,
  partyIdsOfSameType,
  registerInvitation,
  rejectInvitation,
} from './service';

/** Invitations, spec 2 §7.2: any member reads and registers them, Administrators act on them. */
export const invitationsRoutes: ApiModule = async (app, { db, mailer, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];
  const params = z.object({ id: zIdParam });
  const deps = { db, mailer, publicUrl: config.publicUrl };
  const admin = { onRequest: administratorsOnly };
  const noContent = { 204: z.null() };

  api.get(
    '/invitation/pending',
    {
      schema: {
        tags,
        summary: 'Invitations addressed to the company',
        response: { 200: z.array(zInvitation) },
      },
    },
    async (req) => listPendingInvitations(db, requireTenant(req)),
  );
  api.get(
    '/invitation/pending/count',
    {
      schema: {
        tags,
        summary: 'Live invitations (the badge)',
        response: { 200: zInvitationCount },
      },
    },
    async (req) => countPendingInvitations(db, requireTenant(req)),
  );
  api.get(
    '/invitation/getbyid/:id',
    {
      schema: {
        tags,
        summary: 'One invitation addressed to the company',
        params,
        response: { 200: zInvitation },
      },
    },
    async (req) => getInvitation(db, requireTenant(req), req.params.id),
  );
  api.get(
    '/invitation/token/:invitationToken',
    {
      // Public: the visitor registering from the mailed link has no account yet. The token is the
      // secret; limited per IP against guessing.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sender and invited address of a live e-mailed invitation (registration form)',
        params: zInvitationToken,
        response: { 200: zInvitationTokenInfo },
      },
    },
    async (req) => {
      const info = await describeToken(db, req.params.invitationToken);
      if (!info) throw invitationNotFound();
      return info;
    },
  );
  api.post(
    '/invitation/register/:invitationToken',
    {
      schema: {
        tags,
        summary: 'Binds an e-mailed invitation to the selected company',
        params: zInvitationToken,
        response: { 200: zInvitationRegistered },
      },
    },
    async (req) => registerInvitation(db, requireTenant(req), req.params.invitationToken),
  );
  api.post(
    '/invitation/onboard/:invitationToken',
    {
      schema: {
        tags,
        summary:
          'Sends the invitation back from a company that registered to onboard (docs/invitations.md)',
        params: zInvitationToken,
        response: { 200: zInvitationRegistered },
      },
    },
    async (req) => onboardInvitation(deps, requireTenant(req), req.params.invitationToken),
  );
  api.post(
    '/invitation/accept',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Accepts with an existing profile',
        body: zAcceptInvitationInput,
        response: { 200: zInvitationAccepted },
      },
    },
    async (req) =>
      acceptInvitation(
        db,
        requireTenant(req),
        req.body.invitationId,
        { orgUnitId: req.body.orgUnitId },
        { mail: deps },
      ),
  );
  api.post(
    '/invitation/exchangeAccept/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Creates a profile and accepts with it',
        params,
        body: zOrgUnitInput,
        response: { 200: zInvitationAccepted },
      },
    },
    async (req) =>
      acceptInvitation(
        db,
        requireTenant(req),
        req.params.id,
        { newProfile: req.body },
        { mail: deps },
      ),
  );
  api.post(
    '/invitation/reject/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Rejects a live invitation, with an optional reason shown to the sender',
        params,
        body: zRejectInvitationInput.nullish(),
        response: noContent,
      },
    },
    async (req, reply) => {
      await rejectInvitation(deps, requireTenant(req), req.params.id, req.body?.reason ?? null);
      return reply.status(204).send(null);
    },
  );
  api.delete(
    '/invitation/delete/:id',
    {
      ...admin,
      schema: { tags, summary: 'Deletes an expired invitation', params, response: noContent },
    },
    async (req, reply) => {
      await deleteInvitation(db, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
  api.post(
    '/invitation/resend',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Sends the invitation of a connection again',
        body: zResendInvitationInput,
        response: noContent,
      },
    },
    async (req, reply) => {
      await resendInvitation(deps, requireTenant(req), req.body);
      return reply.status(204).send(null);
    },
  );
  api.get(
    '/invitation/partyIdsOfConnectionsFromSamePartyType',
    {
      schema: {
        tags,
        summary: "The company's open connections that may stand for the sender",
        querystring: zPartyIdsOfSameTypeQuery,
        response: { 200: z.array(z.number().int()) },
      },
    },
    async (req) => partyIdsOfSameType(db, requireTenant(req), req.query),
  );
};
