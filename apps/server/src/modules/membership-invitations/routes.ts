import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zChangeEmailInput,
  zEmailChangeConfirmInput,
  zEmailChangeConfirmed,
  zEmailChangeRequested,
  zIdParam,
  zMembershipInvitation,
  adminUserMessages,
} from '@flowline/shared';
import { requireUser } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { confirmEmailChange, requestEmailChange } from '../users/email-change';
import { acceptInvitation, declineInvitation, listMyInvitations } from './service';

/**
 * The person's own side of their identity (issue 10 item 2): companies asking them to join, and
 * changing their sign-in e-mail. User-scoped: no company needed (a person may belong to none yet).
 */
export const membershipInvitationsRoutes: ApiModule = async (app, { db, config, mailer }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['my profile'];
  const params = z.object({ id: zIdParam });

  api.get(
    '/me/membership-invitations',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Companies asking me to join them (pending)',
        response: { 200: z.array(zMembershipInvitation) },
      },
    },
    async (req) => listMyInvitations(db, requireUser(req)),
  );

  api.post(
    '/me/membership-invitations/:id/accept',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Accepts: I join the company with the roles and profiles it chose',
        params,
        response: {
          200: z.object({
            companyId: z.number().int(),
            companyName: z.string(),
            message: z.string(),
          }),
        },
      },
    },
    async (req) => acceptInvitation(db, requireUser(req), req.params.id),
  );

  api.post(
    '/me/membership-invitations/:id/decline',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Declines the invitation', params, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await declineInvitation(db, requireUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/users/current/emailaddress',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Asks to change my sign-in e-mail: a link to the new address confirms it',
        body: zChangeEmailInput,
        response: { 202: zEmailChangeRequested },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const requestedBy = { userId: user.id, name: `${user.firstName} ${user.lastName}` };
      const next = await requestEmailChange(db, user, req.body.emailAddress, requestedBy, {
        config,
        mailer,
        log: req.log,
      });
      return reply.status(202).send({
        pendingEmailAddress: next,
        message: adminUserMessages.emailChangeRequested(next),
      });
    },
  );

  api.post(
    '/emailchange/confirm',
    {
      config: {
        access: 'public',
        rateLimit: { max: 20, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Confirms a sign-in e-mail change with the token mailed to the new address',
        body: zEmailChangeConfirmInput,
        response: { 200: zEmailChangeConfirmed },
      },
    },
    async (req) => ({ emailAddress: await confirmEmailChange(db, req.body.token) }),
  );
};
