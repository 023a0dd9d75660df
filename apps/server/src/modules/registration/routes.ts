import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zCompanyRegistration, zCompanyRegistrationResult } from '@flowline/shared';
import type { ApiModule } from '../types';
import { registerCompany } from './service';

export const registrationRoutes: ApiModule = async (app, { db, mailer, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/companyRegistration',
    {
      // Public (nobody is signed in yet), so limited per IP against scripted sign-ups.
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['registration'],
        summary: 'Registers a company with its first administrator (spec 3 §4)',
        body: zCompanyRegistration,
        response: { 201: zCompanyRegistrationResult },
      },
    },
    async (req, reply) => {
      const result = await registerCompany(
        { db, mailer, publicUrl: config.publicUrl, log: req.log },
        req.body,
      );
      return reply.status(201).send(result);
    },
  );
};
