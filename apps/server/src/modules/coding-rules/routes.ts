import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zCodingRule, zCodingRuleInput, zIdParam } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { createCodingRule, deleteCodingRule, listCodingRules, updateCodingRule } from './service';

/** Coding rules of the receiving company (issue 12 item 4; docs/coding-rules.md). Administrators. */
export const codingRulesRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['coding rules'];
  const params = z.object({ id: zIdParam });

  api.get(
    '/codingrules',
    {
      schema: {
        tags,
        summary: "The company's coding rules",
        response: { 200: z.array(zCodingRule) },
      },
    },
    async (req) => listCodingRules(db, requireTenant(req)),
  );

  api.post(
    '/codingrules',
    {
      schema: {
        tags,
        summary: 'Adds a coding rule (for one connection or all)',
        body: zCodingRuleInput,
        response: { 201: zCodingRule },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await createCodingRule(db, requireTenant(req), req.body)),
  );

  api.put(
    '/codingrules/:id',
    {
      schema: {
        tags,
        summary: 'Changes a coding rule',
        params,
        body: zCodingRuleInput,
        response: { 200: zCodingRule },
      },
    },
    async (req) => updateCodingRule(db, requireTenant(req), req.params.id, req.body),
  );

  api.delete(
    '/codingrules/:id',
    { schema: { tags, summary: 'Deletes a coding rule', params, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteCodingRule(db, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
