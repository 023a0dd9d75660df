import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zPersonalization, zPersonalizationUpdate } from '@flowline/shared';
import { requireUser } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { getPersonalization, updatePersonalization } from './service';

/** My profile and preferences (spec 3 §7 Users): the signed-in user's own data, no company needed. */
export const preferencesRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['my profile'];

  api.get(
    '/users/current/personalization',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My preferences: dateFormat, receiveEmails and any other stored preference',
        response: { 200: zPersonalization },
      },
    },
    async (req) => getPersonalization(db, requireUser(req)),
  );

  // The spec spells the update with a capital P; the lower-case path is accepted as well.
  for (const url of ['/users/current/Personalization', '/users/current/personalization']) {
    api.put(
      url,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Saves my names, title, date format and Receive Emails',
          body: zPersonalizationUpdate,
          response: { 200: zPersonalization },
        },
      },
      async (req) => updatePersonalization(db, requireUser(req), req.body),
    );
  }
};
