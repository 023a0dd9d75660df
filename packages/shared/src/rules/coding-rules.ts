import { codingKinds, accountKindNames, type AccountKindId, type CodingKey } from './line-items';
import { formatUsd } from './document-validation';

/**
 * Coding rules and touchless approval (issue 12 item 4; docs/coding-rules.md). A receiving
 * company's Administrator defines rules for one connection or for all; an invoice that passes
 * every rule that applies, under an amount limit that allows it, is approved automatically.
 * Pure evaluation, shared by the server and the admin screen.
 */

export const codingRuleKinds = ['requiredCoding', 'amountLimit', 'poMatch'] as const;
export type CodingRuleKind = (typeof codingRuleKinds)[number];

export const codingRuleKindNames: Record<CodingRuleKind, string> = {
  requiredCoding: 'Required coding',
  amountLimit: 'Amount limit',
  poMatch: 'PO match',
};

export interface CodingRuleDefinition {
  id: number;
  name: string;
  kind: CodingRuleKind;
  /** Every line needs at least one of these account kinds (requiredCoding). */
  requiredKinds?: readonly number[];
  /** The invoice total may not exceed this (amountLimit), in cents. */
  limitCents?: number;
  /** Invoices passing every rule under this limit are approved automatically (amountLimit). */
  autoApprove?: boolean;
  /** The approval-chain steps that automatic approval counts as (null: every step). */
  replacesApprovalSteps?: number | null;
  /** The PO number must match: a pattern where * is any text and ? one character… (poMatch) */
  poPattern?: string | null;
  /** …or be one of these values (poMatch). With neither, it only has to be present. */
  poValues?: readonly string[];
}

export interface InvoiceForRules {
  totalCents: number | null;
  poNumber: string | null;
  lines: readonly { lineNumber: number; coding: Partial<Record<CodingKey, string | null>> }[];
}

export interface RuleVerdict {
  passed: boolean;
  message: string;
}

const kindList = (kinds: readonly number[]) => {
  const names = kinds.map((k) => accountKindNames[k as AccountKindId] ?? `kind ${k}`);
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
};

const article = (text: string) => (/^[AEIOU]/i.test(text) ? `an ${text}` : `a ${text}`);

/** '*' any text, '?' one character, everything else literal; case-insensitive, whole value. */
export function matchesPoPattern(value: string, pattern: string): boolean {
  const source = pattern
    .trim()
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 'i').test(value.trim());
}

export function evaluateCodingRule(
  rule: CodingRuleDefinition,
  invoice: InvoiceForRules,
): RuleVerdict {
  switch (rule.kind) {
    case 'requiredCoding': {
      const kinds = rule.requiredKinds ?? [];
      const keys = codingKinds.filter((c) => kinds.includes(c.kind)).map((c) => c.key);
      const need = article(kindList(kinds));
      if (invoice.lines.length === 0) {
        return { passed: false, message: 'The invoice has no line items to code' };
      }
      const missing = invoice.lines
        .filter((l) => !keys.some((k) => (l.coding[k] ?? '').trim() !== ''))
        .map((l) => l.lineNumber);
      if (missing.length === 0) return { passed: true, message: `Every line has ${need}` };
      return {
        passed: false,
        message: `${missing.length === 1 ? 'Line' : 'Lines'} ${missing.join(', ')} ${
          missing.length === 1 ? 'needs' : 'need'
        } ${need}`,
      };
    }
    case 'amountLimit': {
      const limit = rule.limitCents ?? 0;
      if (invoice.totalCents === null)
        return { passed: false, message: 'The invoice has no total' };
      return invoice.totalCents <= limit
        ? {
            passed: true,
            message: `Total ${formatUsd(invoice.totalCents)} is within ${formatUsd(limit)}`,
          }
        : {
            passed: false,
            message: `Total ${formatUsd(invoice.totalCents)} is over ${formatUsd(limit)}`,
          };
    }
    case 'poMatch': {
      const po = (invoice.poNumber ?? '').trim();
      if (po === '') return { passed: false, message: 'The PO number is missing' };
      const values = rule.poValues ?? [];
      const pattern = rule.poPattern?.trim() || null;
      if (values.length === 0 && !pattern) {
        return { passed: true, message: `PO number ${po} is present` };
      }
      const listed = values.some((v) => v.trim().toLowerCase() === po.toLowerCase());
      if (listed || (pattern && matchesPoPattern(po, pattern))) {
        return { passed: true, message: `PO number ${po} matches` };
      }
      return { passed: false, message: `PO number ${po} does not match` };
    }
  }
}

export interface CodingRulesOutcome<R extends CodingRuleDefinition> {
  results: (RuleVerdict & { rule: R })[];
  /** The amount-limit rule that approves the invoice automatically, or null. */
  autoApproveBy: R | null;
}

/**
 * Every rule's verdict; the invoice is approved automatically when it passes them all and one of
 * them is a passed amount limit that allows automatic approval (the lowest such limit names it).
 */
export function evaluateCodingRules<R extends CodingRuleDefinition>(
  rules: readonly R[],
  invoice: InvoiceForRules,
): CodingRulesOutcome<R> {
  const results = rules.map((rule) => ({ rule, ...evaluateCodingRule(rule, invoice) }));
  const allPassed = results.every((r) => r.passed);
  const approving = results
    .filter((r) => r.rule.kind === 'amountLimit' && r.rule.autoApprove && r.passed)
    .sort((a, b) => (a.rule.limitCents ?? 0) - (b.rule.limitCents ?? 0));
  return { results, autoApproveBy: allPassed ? (approving[0]?.rule ?? null) : null };
}

export const codingRuleMessages = {
  approvedAutomatically: (name: string) => `Approved automatically by rule "${name}"`,
  stepsApprovedAutomatically: (name: string, steps: number) =>
    `Rule "${name}" approved ${steps} ${steps === 1 ? 'step' : 'steps'} of the approval chain`,
  adminOnly: 'Only an Administrator can manage coding rules.',
  notFound: 'Coding rule not found',
  partyNotFound: 'Choose one of your connections',
  saved: 'Coding rule saved',
  deleted: 'Coding rule deleted',
} as const;
