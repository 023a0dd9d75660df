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

  /** One public, cacheable GET per static list; the data comes from packages/shared. */
  const staticLookup = (
    path: string,
    summary: string,
    // The response schema still shapes and checks what is sent; the lists are typed where defined.
    response: z.ZodType<unknown>,
    load: () => unknown,
  ) =>
    api.get(
      `/servicesLookup/${path}`,
      { config, schema: { tags, summary, response: { 200: response } } },
      async (_req, reply) => cached(reply, load()),
    );

  staticLookup(
    'Timezones',
    'IANA time zones, named with their current UTC offset',
    z.array(zTimeZone),
    lookups.getTimeZones,
  );
  staticLookup('Countries', 'All ISO 3166-1 countries', z.array(zCountry), lookups.getCountries);
  staticLookup(
    'AllStates',
    'US states and Canadian provinces',
    z.array(zCountryState),
    lookups.getAllStates,
  );
  staticLookup(
    'AllTaxTypes',
    'Tax identification types of every country',
    z.array(zCountryTaxType),
    lookups.getAllTaxTypes,
  );
  staticLookup(
    'AllStatesByCountry',
    'States and provinces by country code',
    zStatesByCountry,
    lookups.getStatesByCountry,
  );
  staticLookup(
    'AllTaxTypesByCountry',
    'Tax identification types by country code',
    zTaxTypesByCountry,
    lookups.getTaxTypesByCountry,
  );
  staticLookup(
    'Locations',
    'Countries with their states or provinces',
    z.array(zLocation),
    lookups.getLocations,
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
