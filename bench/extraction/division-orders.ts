import * as data from './data';
import { newDocument } from './draw';
import type { Template } from './invoices';
import type { Random } from './random';

/** Division-order templates (ground truth: owner, owner number, property, well, decimal, date). */

const operators = [
  'Sable Ridge Petroleum Corp.',
  'Cimarron Basin Operating Co.',
  'Ironhorse Exploration LLC',
  'Mustang Creek Energy Inc.',
];
const interestTypes = [
  ['RI', 'Royalty'],
  ['ORRI', 'Overriding Royalty'],
  ['WI', 'Working Interest'],
  ['Royalty', 'Royalty'],
  ['Overriding Royalty', 'Overriding Royalty'],
] as const;

function doFacts(r: Random) {
  const style = data.dateStyles[r.pick(Object.keys(data.dateStyles))]!;
  const d = data.randomDate(r);
  d.d = 1;
  const prop = data.property(r);
  const [typeText, typeValue] = r.pick(interestTypes);
  const f = {
    operator: r.pick(operators),
    owner: data.address(r, data.owner(r)),
    ownerNumber: `${r.pick(['', 'OWN', 'P'])}${r.digits(r.int(5, 7))}`,
    property: prop,
    propertyNumber: r.digits(6),
    well: data.well(r, prop),
    decimal: data.decimalInterest(r),
    typeText,
    effective: style(d.y, d.m, d.d),
    county: r.pick(['Midland', 'Reeves', 'Loving', 'Ward', 'Lea', 'Eddy']),
    pending: r.chance(0.5),
  };
  const truth = {
    docOwnerName: f.owner.name,
    docOwnerNumber: f.ownerNumber,
    docPropertyName: f.property,
    docWellName: f.well,
    docDecimalInterest: f.decimal,
    docInterestType: typeValue,
    docEffectiveDate: data.iso(d),
  };
  return { f, truth };
}

const certification =
  'The undersigned certifies the ownership of their decimal interest in production or proceeds as described below payable by the operator.';

/** 1. A form letter: title, label: value lines, certification text, signature lines. */
const letterForm: Template = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const { f, truth } = doFacts(r);
  const s = addSheet();
  s.text(50, 36, f.operator, { size: 13, bold: true });
  s.text(306, 70, f.pending ? 'PENDING DIVISION ORDER' : 'DIVISION ORDER', {
    size: 16,
    bold: true,
    align: 'center',
  });
  const colon = r.chance(0.6) ? ':' : '';
  let y = 110;
  const row = (label: string, value: string) => {
    s.text(50, y, `${label}${colon}`, { size: 10, bold: true });
    s.text(200, y, value, { size: 10 });
    y += 16;
  };
  row(r.pick(['Owner Name', 'Owner', 'Interest Owner', 'Payee']), f.owner.name);
  row(r.pick(['Owner No.', 'Owner Number', 'Owner #']), f.ownerNumber);
  row(r.pick(['Property', 'Property Name', 'Lease Name']), f.property);
  row(r.pick(['Property No.', 'Property #']), f.propertyNumber);
  row(r.pick(['Well', 'Well Name']), f.well);
  row('County', `${f.county}, Texas`);
  row(r.pick(['Decimal Interest', 'Owner Decimal', 'Net Revenue Interest', 'NRI']), f.decimal);
  row(r.pick(['Interest Type', 'Type of Interest']), f.typeText);
  row(r.pick(['Effective Date', 'Effective', 'Eff. Date']), f.effective);
  y += 20;
  const words = certification.split(' ');
  let line = '';
  for (const w of words) {
    if (s.widthOf(`${line} ${w}`, 9) > 500) {
      s.text(50, y, line, { size: 9 });
      y += 13;
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  s.text(50, y, line, { size: 9 });
  s.hline(50, 250, y + 80);
  s.text(50, y + 84, 'Owner Signature', { size: 8 });
  s.hline(320, 520, y + 80);
  s.text(320, y + 84, 'Tax ID / SSN', { size: 8 });
  return {
    bytes: await doc.save(),
    truth: {
      kind: 'divisionOrder',
      template: 'do-letter',
      documentTypeId: f.pending ? 94 : 87,
      pages: 1,
      fields: truth,
      lineItems: [],
    },
  };
};

/** 2. Property header with labels above values, then a one-row owner table. */
const tabular: Template = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const { f, truth } = doFacts(r);
  const s = addSheet();
  s.text(306, 36, f.operator.toUpperCase(), { size: 12, bold: true, align: 'center' });
  s.text(306, 56, f.pending ? 'Pending Division Order' : 'Division Order', {
    size: 14,
    bold: true,
    align: 'center',
  });
  const cells: [string, string][] = [
    [r.pick(['Property Name', 'Lease', 'Property']), f.property],
    [r.pick(['Property No.', 'Property #']), f.propertyNumber],
    [r.pick(['Well Name', 'Well']), f.well],
    ['County/State', `${f.county}, TX`],
  ];
  cells.forEach(([label, value], i) => {
    const x = 50 + i * 128;
    s.rect(x, 84, 128, 36);
    s.text(x + 5, 88, label, { size: 8, bold: true });
    s.text(x + 5, 104, value, { size: 9 });
  });
  s.text(
    50,
    140,
    `${r.pick(['Effective Date:', 'Effective:', 'Effective as of'])} ${f.effective}`,
    { size: 10 },
  );
  const heads = [
    [50, r.pick(['Owner No.', 'Owner #', 'Owner Number'])],
    [130, r.pick(['Owner Name and Address', 'Owner Name', 'Interest Owner'])],
    [370, r.pick(['Type', 'Int. Type', 'Interest Type'])],
    [450, r.pick(['Decimal Interest', 'Owner Decimal', 'Decimal'])],
  ] as const;
  s.rect(45, 168, 522, 18, true);
  for (const [x, h] of heads) s.text(x, 172, h, { size: 9, bold: true });
  s.text(50, 194, f.ownerNumber, { size: 9 });
  s.text(130, 194, f.owner.name, { size: 9 });
  s.text(130, 206, f.owner.lines[0]!, { size: 9 });
  s.text(130, 218, f.owner.lines[1]!, { size: 9 });
  s.text(370, 194, f.typeText, { size: 9 });
  s.text(450, 194, f.decimal, { size: 9 });
  s.text(50, 260, certification, { size: 7 });
  s.hline(50, 250, 340);
  s.text(50, 344, 'Signature of Owner', { size: 8 });
  return {
    bytes: await doc.save(),
    truth: {
      kind: 'divisionOrder',
      template: 'do-tabular',
      documentTypeId: f.pending ? 94 : 87,
      pages: 1,
      fields: truth,
      lineItems: [],
    },
  };
};

export const divisionOrderTemplates: Template[] = [letterForm, tabular];
