import type { z } from 'zod';
import {
  codingRuleMessages as msg,
  type CodingRule,
  type CodingRuleDefinition,
  type CodingRuleKind,
  type zCodingRuleInput,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { findCompanyParty } from '../documents/repository';
import * as repo from './repository';

/** Coding rules: an Administrator of the receiving company manages them (docs/coding-rules.md). */

type RuleInput = z.output<typeof zCodingRuleInput>;

export function toDefinition(row: repo.CodingRuleRow): CodingRuleDefinition {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as CodingRuleKind,
    requiredKinds: row.params.requiredKinds ?? [],
    limitCents: row.params.limitCents,
    autoApprove: row.autoApprove,
    poPattern: row.params.poPattern ?? null,
    poValues: row.params.poValues ?? [],
  };
}

function present({
  rule,
  partyName,
}: {
  rule: repo.CodingRuleRow;
  partyName: string | null;
}): CodingRule {
  return {
    id: rule.id,
    name: rule.name,
    partyId: rule.partyId,
    partyName,
    isActive: rule.isActive,
    kind: rule.kind as CodingRuleKind,
    requiredKinds: rule.params.requiredKinds ?? [],
    limit: rule.params.limitCents === undefined ? null : rule.params.limitCents / 100,
    autoApprove: rule.autoApprove,
    poPattern: rule.params.poPattern ?? null,
    poValues: rule.params.poValues ?? [],
  };
}

async function valuesOf(db: Db, ctx: TenantContext, input: RuleInput) {
  if (input.partyId !== null && !(await findCompanyParty(db, ctx.companyId, input.partyId))) {
    throw badRequest(msg.partyNotFound, 'party_not_found', { partyId: msg.partyNotFound });
  }
  // Only the settings of the rule's kind are kept.
  const params =
    input.kind === 'requiredCoding'
      ? { requiredKinds: [...new Set(input.requiredKinds)] }
      : input.kind === 'amountLimit'
        ? { limitCents: input.limit ?? 0 }
        : { poPattern: input.poPattern, poValues: input.poValues };
  return {
    name: input.name,
    partyId: input.partyId,
    kind: input.kind,
    isActive: input.isActive,
    autoApprove: input.kind === 'amountLimit' && input.autoApprove,
    params,
  };
}

export async function listCodingRules(db: Db, ctx: TenantContext): Promise<CodingRule[]> {
  assertAdministrator(ctx);
  return (await repo.listRules(db, ctx.companyId)).map(present);
}

export async function createCodingRule(db: Db, ctx: TenantContext, input: RuleInput) {
  assertAdministrator(ctx);
  const row = await repo.insertRule(db, {
    companyId: ctx.companyId,
    ...(await valuesOf(db, ctx, input)),
  });
  return present((await repo.findRule(db, ctx.companyId, row.id))!);
}

export async function updateCodingRule(db: Db, ctx: TenantContext, id: number, input: RuleInput) {
  assertAdministrator(ctx);
  if (!(await repo.findRule(db, ctx.companyId, id))) throw notFound(msg.notFound, 'rule_not_found');
  await repo.updateRule(db, ctx.companyId, id, await valuesOf(db, ctx, input));
  return present((await repo.findRule(db, ctx.companyId, id))!);
}

export async function deleteCodingRule(db: Db, ctx: TenantContext, id: number) {
  assertAdministrator(ctx);
  if (!(await repo.deleteRule(db, ctx.companyId, id))) {
    throw notFound(msg.notFound, 'rule_not_found');
  }
}
