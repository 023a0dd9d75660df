import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zIdParam,
  zOrgUnit,
  zOrgUnitInput,
  zOrgUnitListQuery,
  zOrgUnitPage,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { administratorsOnly } from '../users/admin-only';
import { createOrgUnit, getOrgUnit, listOrgUnits, removeOrgUnit, saveOrgUnit } from './service';

/** Profiles (org units), spec 3 §7: any member reads them, Administrators change them. */
export const orgUnitsRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profiles'];
  const params = z.object({ id: zIdParam });

  api.get(
    '/companyorgunit',
    {
      schema: {
        tags,
        summary: "A page of the company's profiles (every profile by default, for pickers)",
        querystring: zOrgUnitListQuery,
        response: { 200: zOrgUnitPage },
      },
    },
    async (req) => listOrgUnits(db, requireTenant(req), req.query),
  );

  api.get(
    '/companyorgunit/:id',
    {
      schema: {
        tags,
        summary: 'One profile with the ids of its assigned users',
        params,
        response: { 200: zOrgUnit },
      },
    },
    async (req) => getOrgUnit(db, requireTenant(req), req.params.id),
  );

  api.post(
    '/companyorgunit',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Creates a profile (Administrators)',
        body: zOrgUnitInput,
        response: { 201: zOrgUnit },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await createOrgUnit(db, requireTenant(req), req.body)),
  );

  api.put(
    '/companyorgunit/:id',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Saves a profile and its assigned users (Administrators)',
        params,
        body: zOrgUnitInput,
        response: { 200: zOrgUnit },
      },
    },
    async (req) => saveOrgUnit(db, requireTenant(req), req.params.id, req.body),
  );

  api.delete(
    '/companyorgunit/:id',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Deletes a profile nothing depends on (Administrators)',
        params,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await removeOrgUnit(db, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
