import { Terminology, defaultTerminology } from '../ids';
import type { Term } from '../schemas/terminology';

/** The spec's names of the customisable terms (what each id stands for). */
export const terminologyKeys: Record<number, string> = {
  [Terminology.OrgUnit]: 'OrgUnit',
  [Terminology.Vendor]: 'Vendor',
  [Terminology.Party]: 'Party',
};

/** The label a company uses for a term: its customised name, else the default. */
export function termLabel(terms: readonly Term[] | undefined, terminologyId: number): string {
  const term = terms?.find((t) => t.terminologyId === terminologyId);
  return (
    term?.customizedName?.trim() || term?.terminologyName || defaultTerminology[terminologyId] || ''
  );
}

/** English plural for a label shown in lists ('Profile' → 'Profiles', 'Property' → 'Properties'). */
export function pluralizeTerm(label: string): string {
  if (/[^aeiou]y$/i.test(label)) return `${label.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(label)) return `${label}es`;
  return `${label}s`;
}

/**
 * A column name as users see it (spec 3 intro): the words Party and Parties become the
 * connection label ('Connection' unless the company renamed it) and its plural.
 */
export function columnLabel(
  name: string,
  connectionLabel: string = defaultTerminology[Terminology.Party] ?? 'Connection',
): string {
  const plural = pluralizeTerm(connectionLabel);
  return name
    .replace(/\bParties\b/g, plural)
    .replace(/\bParty\b/g, connectionLabel)
    .replace(/\bparties\b/g, plural.toLowerCase())
    .replace(/\bparty\b/g, connectionLabel.toLowerCase());
}
