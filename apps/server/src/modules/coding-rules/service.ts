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
import { diffFields, recordAdminChange } from '../admin-audit/record';
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
    replacesApprovalSteps: row.replacesApprovalSteps,
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
    replacesApprovalSteps: rule.replacesApprovalSteps,
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
    replacesApprovalSteps:
      input.kind === 'amountLimit' && input.autoApprove ? input.replacesApprovalSteps : null,
    params,
  };
}

export async function listCodingRules(db: Db, ctx: TenantContext): Promise<CodingRule[]> {
  assertAdministrator(ctx);
  return (await repo.listRules(db, ctx.companyId)).map(present);
}

const RULE_FIELDS = [
  'name',
  'partyId',
  'kind',
  'isActive',
  'autoApprove',
  'replacesApprovalSteps',
  'params',
] as const;
type RuleValues = Awaited<ReturnType<typeof valuesOf>>;
const auditable = (r: Pick<repo.CodingRuleRow, (typeof RULE_FIELDS)[number]> | RuleValues) => ({
  name: r.name,
  partyId: r.partyId,
  kind: r.kind,
  isActive: r.isActive,
  autoApprove: r.autoApprove,
  replacesApprovalSteps: r.replacesApprovalSteps,
  params: r.params,
});

export async function createCodingRule(db: Db, ctx: TenantContext, input: RuleInput) {
  assertAdministrator(ctx);
  const values = await valuesOf(db, ctx, input);
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertRule(tx, { companyId: ctx.companyId, ...values });
    await recordAdminChange(tx, ctx, {
      action: 'codingrule.created',
      entityType: 'coding_rule',
      entityId: created.id,
      summary: `Created the coding rule ${values.name}`,
      changes: diffFields(null, auditable(values), RULE_FIELDS),
    });
    return created;
  });
  return present((await repo.findRule(db, ctx.companyId, row.id))!);
}

export async function updateCodingRule(db: Db, ctx: TenantContext, id: number, input: RuleInput) {
  assertAdministrator(ctx);
  const found = await repo.findRule(db, ctx.companyId, id);
  if (!found) throw notFound(msg.notFound, 'rule_not_found');
  const values = await valuesOf(db, ctx, input);
  await db.transaction(async (tx) => {
    await repo.updateRule(tx, ctx.companyId, id, values);
    const changes = diffFields(auditable(found.rule), auditable(values), RULE_FIELDS);
    if (changes.length === 0) return;
    await recordAdminChange(tx, ctx, {
      action: 'codingrule.updated',
      entityType: 'coding_rule',
      entityId: id,
      summary: `Changed the coding rule ${values.name}`,
      changes,
    });
  });
  return present((await repo.findRule(db, ctx.companyId, id))!);
}

export async function deleteCodingRule(db: Db, ctx: TenantContext, id: number) {
  assertAdministrator(ctx);
  await db.transaction(async (tx) => {
    const found = await repo.findRule(tx, ctx.companyId, id);
    if (!found || !(await repo.deleteRule(tx, ctx.companyId, id))) {
      throw notFound(msg.notFound, 'rule_not_found');
    }
    await recordAdminChange(tx, ctx, {
      action: 'codingrule.deleted',
      entityType: 'coding_rule',
      entityId: id,
      summary: `Deleted the coding rule ${found.rule.name}`,
      changes: diffFields(auditable(found.rule), null, RULE_FIELDS),
    });
  });
}
