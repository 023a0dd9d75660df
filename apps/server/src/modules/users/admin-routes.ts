import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zAdminUser,
  zAdminUserListQuery,
  zAdminUserPage,
  zChangeEmailInput,
  zCreateUserInput,
  zIdParam,
  zUpdateUserInput,
  zUserRole,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { administratorsOnly } from './admin-only';
import {
  changeMemberEmail,
  getMember,
  getMemberRoles,
  listMembers,
  removeMember,
  setMemberBlocked,
  updateMember,
} from './admin-service';
import { createMember } from './create-user';

/** User administration (spec 3 §7 Users): Administrators only, on the selected company's members. */
export const adminUsersRoutes: ApiModule = async (app, { db, config, mailer }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user administration'];
  const params = z.object({ id: zIdParam });
  const onRequest = administratorsOnly;

  api.get(
    '/users/exchange',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A page of the users of the company (default: by e-mail ascending)',
        querystring: zAdminUserListQuery,
        response: { 200: zAdminUserPage },
      },
    },
    async (req) => listMembers(db, requireTenant(req), req.query),
  );

  api.post(
    '/users',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Creates a user (temporary password by e-mail) or adds a known one',
        body: zCreateUserInput,
        response: { 201: zAdminUser },
      },
    },
    async (req, reply) => {
      const deps = { config, mailer, log: req.log };
      return reply.status(201).send(await createMember(db, requireTenant(req), req.body, deps));
    },
  );

  api.get(
    '/users/:id',
    {
      onRequest,
      schema: { tags, summary: 'One user of the company', params, response: { 200: zAdminUser } },
    },
    async (req) => getMember(db, requireTenant(req), req.params.id),
  );

  api.put(
    '/users/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: "Saves a user's names, roles, profiles and Active state (not the e-mail)",
        params,
        body: zUpdateUserInput,
        response: { 200: zAdminUser },
      },
    },
    async (req) => updateMember(db, requireTenant(req), req.params.id, req.body),
  );

  api.delete(
    '/users/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Removes the user from the company',
        params,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await removeMember(db, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/users/:id/roles',
    {
      onRequest,
      schema: {
        tags,
        summary: "The user's roles, main first",
        params,
        response: { 200: z.array(zUserRole) },
      },
    },
    async (req) => getMemberRoles(db, requireTenant(req), req.params.id),
  );

  api.post(
    '/users/:id/emailaddress',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Asks to change the user's sign-in e-mail: a confirmation link goes to the new address, a notice to the old one",
        params,
        body: zChangeEmailInput,
        response: { 200: zAdminUser },
      },
    },
    async (req) =>
      changeMemberEmail(db, requireTenant(req), req.params.id, req.body.emailAddress, {
        config,
        mailer,
        log: req.log,
      }),
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    api.post(
      `/users/:id/${action}`,
      {
        onRequest,
        schema: {
          tags,
          summary: blocked ? 'Blocks the user in the company' : 'Unblocks the user',
          params,
          response: { 200: zAdminUser },
        },
      },
      async (req) => setMemberBlocked(db, requireTenant(req), req.params.id, blocked),
    );
  }
};
