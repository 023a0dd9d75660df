import type { Region } from './regions';

// The 50 states, the District of Columbia and the inhabited territories with USPS codes, one per
// line like the USPS table.
const USPS = `
AL Alabama
AK Alaska
AZ Arizona
AR Arkansas
CA California
CO Colorado
CT Connecticut
DE Delaware
DC District of Columbia
FL Florida
GA Georgia
HI Hawaii
ID Idaho
IL Illinois
IN Indiana
IA Iowa
KS Kansas
KY Kentucky
LA Louisiana
ME Maine
MD Maryland
MA Massachusetts
MI Michigan
MN Minnesota
MS Mississippi
MO Missouri
MT Montana
NE Nebraska
NV Nevada
NH New Hampshire
NJ New Jersey
NM New Mexico
NY New York
NC North Carolina
ND North Dakota
OH Ohio
OK Oklahoma
OR Oregon
PA Pennsylvania
RI Rhode Island
SC South Carolina
SD South Dakota
TN Tennessee
TX Texas
UT Utah
VT Vermont
VA Virginia
WA Washington
WV West Virginia
WI Wisconsin
WY Wyoming
AS American Samoa
GU Guam
MP Northern Mariana Islands
PR Puerto Rico
VI U.S. Virgin Islands
UM U.S. Minor Outlying Islands
`;

/** States first (alphabetically, DC among them), then the territories. */
export const usStates: readonly Region[] = USPS.trim()
  .split('\n')
  .map((line) => ({ code: line.slice(0, 2), name: line.slice(3) }));
