import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zCountry,
  zCountryCodeParam,
  zCountryState,
  zCountryTaxType,
  zLocation,
  zRoleOption,
  zState,
  zStatesByCountry,
  zTaxType,
  zTaxTypesByCountry,
  zTimeZone,
} from '@flowline/shared';
import type { ApiModule } from '../types';
import * as lookups from './service';

/** Static reference data: the same for everyone, so shared caches may keep it for an hour. */
function cached<T>(reply: FastifyReply, body: T): T {
  reply.header('cache-control', 'public, max-age=3600');
  return body;
}

export const lookupsRoutes: ApiModule = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Public: the Sign Up form needs them before anyone is signed in.
  const config = { access: 'public' as const };
  const tags = ['lookups'];
  const country = z.object({ country: zCountryCodeParam });

  api.get(
    '/servicesLookup/Timezones',
    {
      config,
      schema: {
        tags,
        summary: 'IANA time zones, named with their current UTC offset',
        response: { 200: z.array(zTimeZone) },
      },
    },
    async (_req, reply) => cached(reply, lookups.getTimeZones()),
  );

  api.get(
    '/servicesLookup/Countries',
    {
      config,
      schema: { tags, summary: 'All ISO 3166-1 countries', response: { 200: z.array(zCountry) } },
    },
    async (_req, reply) => cached(reply, lookups.getCountries()),
  );

  api.get(
    '/servicesLookup/AllStates',
    {
      config,
      schema: {
        tags,
        summary: 'US states and Canadian provinces',
        response: { 200: z.array(zCountryState) },
      },
    },
    async (_req, reply) => cached(reply, lookups.getAllStates()),
  );

  api.get(
    '/servicesLookup/AllTaxTypes',
    {
      config,
      schema: {
        tags,
        summary: 'Tax identification types of every country',
        response: { 200: z.array(zCountryTaxType) },
      },
    },
    async (_req, reply) => cached(reply, lookups.getAllTaxTypes()),
  );

  api.get(
    '/servicesLookup/AllStatesByCountry',
    {
      config,
      schema: {
        tags,
        summary: 'States and provinces by country code',
        response: { 200: zStatesByCountry },
      },
    },
    async (_req, reply) => cached(reply, lookups.getStatesByCountry()),
  );

  api.get(
    '/servicesLookup/AllTaxTypesByCountry',
    {
      config,
      schema: {
        tags,
        summary: 'Tax identification types by country code',
        response: { 200: zTaxTypesByCountry },
      },
    },
    async (_req, reply) => cached(reply, lookups.getTaxTypesByCountry()),
  );

  api.get(
    '/servicesLookup/Locations',
    {
      config,
      schema: {
        tags,
        summary: 'Countries with their states or provinces',
        response: { 200: z.array(zLocation) },
      },
    },
    async (_req, reply) => cached(reply, lookups.getLocations()),
  );

  api.get(
    '/servicesLookup/States/:country',
    {
      config,
      schema: {
        tags,
        summary: "A country's states or provinces (empty outside the US and Canada)",
        params: country,
        response: { 200: z.array(zState) },
      },
    },
    async (req, reply) => cached(reply, lookups.getStates(req.params.country)),
  );

  api.get(
    '/servicesLookup/TaxTypes/:country',
    {
      config,
      schema: {
        tags,
        summary: "A country's tax identification types with their formats",
        params: country,
        response: { 200: z.array(zTaxType) },
      },
    },
    async (req, reply) => cached(reply, lookups.getTaxTypes(req.params.country)),
  );

  api.get(
    '/lookups/roles',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The roles offered in user administration',
        response: { 200: z.array(zRoleOption) },
      },
    },
    async () => lookups.getAssignableRoles(),
  );
};
