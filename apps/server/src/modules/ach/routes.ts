import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zAch,
  zAchAvailablePartiesQuery,
  zAchAvailableParty,
  zAchInput,
  zAchListQuery,
  zAchPage,
  zAchRef,
  zIdParam,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import { keyRingFor } from '../../platform/crypto/key-ring';
import type { ApiModule } from '../types';
import * as service from './service';

const zIdParams = z.object({ id: zIdParam });

/** ACH bank forms (spec 2 §2.14, §7.1): Administrators of the selected company only. */
export const achRoutes: ApiModule = async (app, { db, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Resolved per request: a misconfigured key ring fails the bank-data calls (500), not the app.
  const keys = () => keyRingFor(config);
  const tags = ['ach'];

  api.get(
    '/ach',
    {
      schema: {
        tags,
        summary: "A page of the company's ACH forms (routing and account numbers masked)",
        querystring: zAchListQuery,
        response: { 200: zAchPage },
      },
    },
    async (req) => service.listAchs(db, requireTenant(req), req.query),
  );

  api.get(
    '/ach/availableProfiles',
    {
      schema: {
        tags,
        summary: 'Active profiles an ACH can apply to',
        response: { 200: z.array(zAchRef) },
      },
    },
    async (req) => service.listAvailableProfiles(db, requireTenant(req)),
  );

  api.get(
    '/ach/availableParties',
    {
      schema: {
        tags,
        summary: 'Active connections of the given profiles (orgUnitIds=1,2)',
        querystring: zAchAvailablePartiesQuery,
        response: { 200: z.array(zAchAvailableParty) },
      },
    },
    async (req) => service.listAvailableParties(db, requireTenant(req), req.query.orgUnitIds),
  );

  api.get(
    '/ach/:id',
    {
      schema: {
        tags,
        summary: 'One ACH form, with the full routing and account numbers (decrypted)',
        params: zIdParams,
        response: { 200: zAch },
      },
    },
    async (req) => service.getAch(db, keys(), requireTenant(req), req.params.id),
  );

  api.post(
    '/ach',
    {
      schema: { tags, summary: 'Creates an ACH form', body: zAchInput, response: { 201: zAch } },
    },
    async (req, reply) => {
      const ach = await service.createAch(db, keys(), requireTenant(req), req.body);
      return reply.status(201).send(ach);
    },
  );

  api.put(
    '/ach/:id',
    {
      schema: {
        tags,
        summary: 'Replaces an ACH form, its profiles and connections',
        params: zIdParams,
        body: zAchInput,
        response: { 200: zAch },
      },
    },
    async (req) => service.updateAch(db, keys(), requireTenant(req), req.params.id, req.body),
  );

  api.delete(
    '/ach/:id',
    {
      schema: {
        tags,
        summary: 'Deletes an ACH form',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.removeAch(db, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
