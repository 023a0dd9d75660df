import type { Random } from './random';

/**
 * Random but plausible content for the corpus: oilfield vendors, operators, owners, line items,
 * and the many ways a document prints a date or an amount.
 */

const vendorStems = [
  'Permian Pump',
  'Basin Well',
  'Lone Star Hot Oil',
  'Red River Trucking',
  'Caprock Wireline',
  'Mesa Valve',
  'Eagle Ford Rental',
  'High Plains Roustabout',
  'Pecos Chemical',
  'Big Spring Fishing',
  'Llano Estacado Water',
  'Stockton Pipe',
  'Midland Compression',
  'Black Gold Coil Tubing',
  'Sandhills Fabrication',
  'Wolfcamp Testing',
];
const vendorKinds = ['Services', 'Supply', 'Rentals', 'Transport', 'Solutions', 'Company', 'Works'];
const suffixes = ['LLC', 'Inc.', 'Ltd.', 'LP', 'Co.', 'Corporation'];
const purchasers = [
  'Apache Permian Operating LLC',
  'Diamondback Energy Inc.',
  'Coterra Resources Company',
  'Chisholm Trail Oil & Gas LP',
  'Sable Ridge Petroleum Corp.',
  'Ironhorse Exploration LLC',
  'Granite Wash Partners Ltd.',
  'Cimarron Basin Operating Co.',
  'Ward County Minerals LLC',
  'Mustang Creek Energy Inc.',
];
const streets = [
  'Main St',
  'Industrial Blvd',
  'County Road 1250',
  'Wall Street',
  'Big Spring St',
  'Andrews Hwy',
  'Rankin Hwy',
  'Loop 250 W',
];
const cities = [
  ['Midland', 'TX', '797'],
  ['Odessa', 'TX', '797'],
  ['Houston', 'TX', '770'],
  ['Oklahoma City', 'OK', '731'],
  ['Hobbs', 'NM', '882'],
  ['Denver', 'CO', '802'],
  ['Pecos', 'TX', '797'],
  ['Tulsa', 'OK', '741'],
] as const;
const lineDescriptions = [
  'Hot oil unit with operator',
  'Vacuum truck - 130 bbl',
  'Frac tank rental',
  'Roustabout crew labor',
  'Wireline unit - perforating',
  'Fishing tool rental',
  'Mileage',
  'Pressure testing BOP stack',
  'Chemical - corrosion inhibitor',
  'Fresh water hauling',
  'Pump jack repair parts',
  'Valve 2" ball, 3000 psi',
  'Tubing inspection',
  'Crane service',
  'Welding labor',
  'Standby time',
  'Environmental disposal fee',
  'Coil tubing unit',
  'Nitrogen pumping service',
  'Supervisor day rate',
  'Rod pump repair',
  'Pipe 2-7/8" J-55 tubing',
  'Fuel surcharge',
  'Hydro test',
];
const owners = [
  'Margaret A. Whitfield',
  'Estate of Harold Jennings',
  'Sandra Lee Ortiz',
  'Thomas R. Caldwell Trust',
  'Prairie Minerals LLC',
  'Robert & Linda Okafor',
  'Dale Huckabee',
  'Bluebonnet Royalty Partners LP',
  'Evelyn M. Strickland',
  'First Methodist Church of Kermit',
  'Joseph K. Anaya',
  'Westbrook Family Trust',
];
const leaseNames = [
  'Hutto',
  'Blackwell',
  'Johnson Ranch',
  'University Lands',
  'Stanolind',
  'Parks',
  'Tubb',
  'Pecos Valley',
  'Scharbauer',
  'Ratliff',
  'Cowden',
  'Dorchester',
];
const wellSuffixes = ['Unit', 'State', 'Fee', 'A', 'B'];

export interface Address {
  name: string;
  lines: string[];
}

export function vendorName(r: Random): string {
  return `${r.pick(vendorStems)} ${r.pick(vendorKinds)}, ${r.pick(suffixes)}`.replace(
    ', Co.',
    ' Co.',
  );
}

export function address(r: Random, name: string, poBox = false): Address {
  const [city, state, zip] = r.pick(cities);
  const street = poBox ? `P.O. Box ${r.int(100, 9999)}` : `${r.int(100, 9999)} ${r.pick(streets)}`;
  return { name, lines: [street, `${city}, ${state} ${zip}${r.digits(2)}`] };
}

export function purchaserName(r: Random): string {
  return r.pick(purchasers);
}

export function invoiceNumber(r: Random): string {
  return r.pick([
    () => `INV-${r.int(2024, 2026)}-${r.digits(5)}`,
    () => r.digits(r.int(5, 7)),
    () => `${r.pick(['A', 'PPS', 'BW', 'T'])}-${r.digits(5)}`,
    () => `${r.digits(4)}-${r.digits(3)}`,
    () => `${r.pick(['MID', 'ODS', 'HOB'])}${r.digits(6)}`,
  ])();
}

export function poNumber(r: Random): string {
  return r.pick([() => `PO-${r.digits(5)}`, () => `45${r.digits(8)}`, () => `${r.digits(6)}`])();
}

export function afeNumber(r: Random): string {
  return r.pick([
    () => `AFE-${r.int(2024, 2026)}-${r.digits(3)}`,
    () => `D${r.int(22, 26)}-${r.digits(4)}`,
    () => `${r.digits(5)}`,
  ])();
}

export interface Line {
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
}

export function lines(r: Random, count: number): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < count; i++) {
    const quantity = r.chance(0.3) ? (r.int(1, 40) / 2).toString() : String(r.int(1, 24));
    const unitPrice = (r.int(500, 250000) / 100).toFixed(2);
    const amount = (Math.round(Number(quantity) * Number(unitPrice) * 100) / 100).toFixed(2);
    out.push({ description: r.pick(lineDescriptions), quantity, unitPrice, amount });
  }
  return out;
}

export function owner(r: Random): string {
  return r.pick(owners);
}
export function property(r: Random): string {
  return `${r.pick(leaseNames)} ${r.pick(['Lease', 'Unit', 'Ranch', ''])}`.trim();
}
export function well(r: Random, prop: string): string {
  return `${prop.split(' ')[0]} ${r.pick(wellSuffixes)} #${r.int(1, 48)}${r.pick(['', 'H', 'H', 'WA'])}`;
}
export function decimalInterest(r: Random): string {
  // Royalty decimals have 6–8 places; keep the printed form exactly.
  const places = r.int(6, 8);
  const n = r.int(1, 10 ** places / 8);
  return `0.${String(n).padStart(places, '0')}`;
}

// ---- dates and amounts -------------------------------------------------------------------

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad = (n: number) => String(n).padStart(2, '0');

export type DateStyle = (y: number, m: number, d: number) => string;
export const dateStyles: Record<string, DateStyle> = {
  'MM/DD/YYYY': (y, m, d) => `${pad(m)}/${pad(d)}/${y}`,
  'M/D/YY': (y, m, d) => `${m}/${d}/${String(y).slice(2)}`,
  'YYYY-MM-DD': (y, m, d) => `${y}-${pad(m)}-${pad(d)}`,
  'Month D, YYYY': (y, m, d) => `${monthNames[m - 1]} ${d}, ${y}`,
  'Mon D, YYYY': (y, m, d) => `${monthNames[m - 1]!.slice(0, 3)} ${d}, ${y}`,
  'DD-Mon-YYYY': (y, m, d) => `${pad(d)}-${monthNames[m - 1]!.slice(0, 3)}-${y}`,
  'D Month YYYY': (y, m, d) => `${d} ${monthNames[m - 1]} ${y}`,
  'MM-DD-YYYY': (y, m, d) => `${pad(m)}-${pad(d)}-${y}`,
  // Day first only where it cannot be read as month first (day > 12), as on real European forms.
  'DD.MM.YYYY': (y, m, d) => (d > 12 ? `${pad(d)}.${pad(m)}.${y}` : `${pad(m)}/${pad(d)}/${y}`),
};

export function randomDate(r: Random): { y: number; m: number; d: number } {
  return { y: r.int(2024, 2026), m: r.int(1, 12), d: r.int(1, 28) };
}
export function addDays(date: { y: number; m: number; d: number }, days: number) {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}
export const iso = (date: { y: number; m: number; d: number }) =>
  `${date.y}-${pad(date.m)}-${pad(date.d)}`;

const group = (digits: string, sep: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
export type MoneyStyle = (amount: string) => string;
export const moneyStyles: Record<string, MoneyStyle> = {
  '$1,234.56': (a) => `$${group(a.split('.')[0]!, ',')}.${a.split('.')[1]}`,
  '1,234.56': (a) => `${group(a.split('.')[0]!, ',')}.${a.split('.')[1]}`,
  'USD 1,234.56': (a) => `USD ${group(a.split('.')[0]!, ',')}.${a.split('.')[1]}`,
  '$ 1,234.56': (a) => `$ ${group(a.split('.')[0]!, ',')}.${a.split('.')[1]}`,
  '1.234,56 USD': (a) => `${group(a.split('.')[0]!, '.')},${a.split('.')[1]} USD`,
  '1234.56': (a) => a,
};
