// The generated metadata values and file names: SQL expressions over a bench.plan row `p`, its
// owner and receiver companies `oc` / `rc` and the word lists `w` (see load.ts).

const iso = (expr: string) => `to_char(${expr}, 'YYYY-MM-DD')`;
export const r = (k: number) => `bench.rnd(p.id, ${k})`;

/** Metadata values by key, per group of document types (keys a type lacks are dropped by the join). */
export const metadataByTypes: { types: number[]; values: string[][] }[] = [
  {
    types: [93],
    values: [
      ['docNumber', 'p.doc_no'],
      ['docInvoiceDate', iso('p.day')],
      ['docServiceDate', iso(`p.day - floor(${r(20)} * 30)::int`)],
      ['docDueDate', iso('p.day + 30')],
      ['docTotal', 'p.amount::text'],
      ['docARPurchaserName', 'rc.name'],
      ['docOrgUnitName', `bench.pick(w."officeNames", ${r(21)})`],
      [
        'docPONumber',
        `CASE WHEN ${r(22)} < 0.5 THEN 'PO-' || lpad(floor(${r(23)} * 9999999)::text, 7, '0') END`,
      ],
      [
        'docAFE',
        `CASE WHEN ${r(24)} < 0.3 THEN 'AFE-' || to_char(p.day, 'YY') || '-' || lpad(floor(${r(25)} * 9999)::text, 4, '0') END`,
      ],
      ['docPaymentTerms', `bench.pick(w."paymentTerms", ${r(26)})`],
      [
        'docDescription',
        `CASE WHEN ${r(27)} < 0.6 THEN bench.pick(w.services, ${r(28)}) || ', ' || p.formation || ', ' || p.property || ' ' || p.well_no || 'H' END`,
      ],
      ['docARCompany', 'oc.name'],
      ['docScanDate', iso(`p.created_at AT TIME ZONE 'UTC'`)],
    ],
  },
  {
    types: [87, 94],
    values: [
      ['docOwnerName', 'rc.name'],
      ['docOwnerNumber', `'OWN' || lpad((p.receiver * 37 % 100000)::text, 6, '0')`],
      ['docPropertyName', 'p.property'],
      ['docWellName', `p.property || ' ' || p.well_no || 'H'`],
      ['docDecimalInterest', `round((${r(30)} ^ 2 * 0.25)::numeric, 8)::text`],
      ['docInterestType', `bench.pick(w."interestTypes", ${r(31)})`],
      ['docEffectiveDate', iso('p.day')],
      ['docOperatorName', 'oc.name'],
      [
        'docOwnerAddressLineOne',
        `(100 + floor(${r(32)} * 9900))::int || ' ' || bench.pick(w.streets, ${r(33)}) || ' St'`,
      ],
      ['docOwnerZipCode', `'79' || lpad(floor(${r(34)} * 1000)::text, 3, '0')`],
      ['docOwnerTaxId', `'XXX-XX-' || lpad(floor(${r(35)} * 10000)::text, 4, '0')`],
      [
        'docDOResponseStatus',
        `CASE WHEN p.status_recv = 9 THEN bench.pick(w."doResponses", ${r(36)}) END`,
      ],
    ],
  },
  {
    types: [89, 91],
    values: [
      ['docCheckNumber', `lpad(floor(${r(40)} * 9999999)::text, 7, '0')`],
      ['docCheckDate', iso('p.day')],
      ['docPurchaserName', 'oc.name'],
      ['docOwnerName', 'rc.name'],
      ['docPropertyName', 'p.property'],
      ['docProductionMonth', `to_char(p.day - 60, 'YYYY-MM')`],
      ['docNetAmount', 'p.amount::text'],
      ['docOperatorName', 'CASE WHEN p.type = 89 THEN rc.name ELSE oc.name END'],
    ],
  },
  {
    types: [90],
    values: [
      ['docTaxYear', `(2023 + floor(${r(50)} * 3))::int::text`],
      ['docFormType', `bench.pick(w."formTypes", ${r(51)})`],
      ['docRecipientName', 'rc.name'],
      ['docRecipientTaxId', `'XX-XXX' || lpad(floor(${r(52)} * 10000)::text, 4, '0')`],
      ['docAmount', 'p.amount::text'],
      ['docPayerName', 'oc.name'],
    ],
  },
];

export const fileNameSql = `CASE p.type
  WHEN 93 THEN CASE WHEN ${r(60)} < 0.7 THEN p.doc_no || '.pdf'
    ELSE 'scan_' || to_char(p.created_at, 'YYYYMMDD') || '_' || lpad((p.id % 10000)::text, 4, '0') || '.pdf' END
  WHEN 89 THEN 'RunStatement_' || to_char(p.day, 'YYYY_MM') || '_' || p.id || '.pdf'
  WHEN 91 THEN 'OwnerStatement_' || to_char(p.day, 'YYYY_MM') || '_' || p.id || '.pdf'
  WHEN 90 THEN '1099_' || p.id || '.pdf'
  ELSE 'DO_' || p.county || '_' || p.id || '.pdf' END`;
