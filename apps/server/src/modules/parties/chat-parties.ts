import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireTenant } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { companies, parties } from '../../db/schema/index';
import { companiesWithFlag } from '../feature-flags/service';
import type { ApiModule } from '../types';

/** A connected company one can chat with (spec 2 §3 'Chat party'). */
export const zChatParty = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Chat is between companies, not with one person of them: always null here. */
  userId: z.number().int().nullable(),
  connectedCompanyCode: z.string(),
  connectedCompanyId: z.number().int(),
});

/** The company's live connections, by name, with the connected company's code for chat channels. */
export async function findChatParties(db: Db, companyId: number) {
  return db
    .select({
      id: parties.id,
      name: parties.name,
      connectedCompanyCode: companies.code,
      connectedCompanyId: companies.id,
    })
    .from(parties)
    .innerJoin(companies, eq(companies.id, parties.connectedCompanyId))
    .where(
      and(
        eq(parties.companyId, companyId),
        isNotNull(parties.connectedCompanyId),
        eq(parties.isDisconnected, false),
        eq(parties.isActive, true),
      ),
    )
    .orderBy(asc(parties.name), asc(parties.id));
}

export const chatPartiesRoutes: ApiModule = async (app, { db, config }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/party/getChatParties',
    {
      schema: {
        tags: ['connections'],
        summary: 'Connected companies the selected company can chat with',
        response: { 200: z.array(zChatParty) },
      },
    },
    async (req) => {
      const rows = await findChatParties(db, requireTenant(req).companyId);
      // A company with messaging off is not offered: it could not read what it is sent.
      const messaging = await companiesWithFlag(
        db,
        [...new Set(rows.map((r) => r.connectedCompanyId))],
        config.featureFlags,
        'messaging',
      );
      return rows
        .filter((r) => messaging.has(r.connectedCompanyId))
        .map((r) => ({ ...r, userId: null }));
    },
  );
};
