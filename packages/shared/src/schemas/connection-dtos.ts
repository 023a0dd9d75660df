import { z } from 'zod';
import { connectionStatuses } from '../rules/connection-status';

const nullableText = z.string().nullable();
const zRef = z.object({ id: z.number().int(), name: z.string() });
export type ConnectionRef = z.infer<typeof zRef>;

/** One connection with everything the edit screen shows (spec 2 §3). */
export const zConnection = z.object({
  id: z.number().int(),
  partyTypeId: z.number().int(),
  partyTypeName: z.string(),
  name: z.string(),
  nameTwo: nullableText,
  number: z.string(),
  externalSystem: nullableText,
  externalSystemId: nullableText,
  achRoutingTransitNumber: nullableText,
  wireRoutingTransitNumber: nullableText,
  effectiveFromDate: nullableText,
  effectiveThruDate: nullableText,
  emails: z.array(z.string()),
  phone: nullableText,
  ext: nullableText,
  cell: nullableText,
  addressLineOne: nullableText,
  addressLineTwo: nullableText,
  addressLineThree: nullableText,
  country: nullableText,
  state: nullableText,
  city: nullableText,
  zipCode: nullableText,
  altAddressLineOne: nullableText,
  altAddressLineTwo: nullableText,
  altAddressLineThree: nullableText,
  altCountry: nullableText,
  altState: nullableText,
  altCity: nullableText,
  altZipCode: nullableText,
  isActive: z.boolean(),
  taxTypeId: nullableText,
  taxIdentifier: nullableText,
  isTaxValid: z.boolean(),
  /** PIDX PartnerIdentifier values (docs/pidx.md). */
  dunsNumber: nullableText.optional(),
  buyerAssignedId: nullableText.optional(),
  sellerAssignedId: nullableText.optional(),
  isInviteSent: z.boolean(),
  isDisconnected: z.boolean(),
  inviteEmailAddress: nullableText,
  connectedCompanyId: z.number().int().nullable(),
  suggestedCompanyId: z.number().int().nullable(),
  partyStatus: z.enum(connectionStatuses),
  /**
   * The invited company's reason, when it rejected the invite or request (issue 27 item 17). The
   * server always sends it (null when none); optional so that older clients' fixtures still parse.
   */
  inviteRejectionReason: z.string().nullish(),
  companyOrgUnitIds: z.array(z.number().int()),
  companyOrgUnits: z.array(zRef),
});
export type Connection = z.infer<typeof zConnection>;

/** GET /party/getByIdWithConnectedOrgUnits/{id}: adds profile id → name. */
export const zConnectionWithOrgUnits = zConnection.extend({
  connectedOrgUnits: z.record(z.string(), z.string()),
});
export type ConnectionWithOrgUnits = z.infer<typeof zConnectionWithOrgUnits>;

/** A row of the connections screen. */
export const zConnectionListRow = z.object({
  id: z.number().int(),
  partyTypeId: z.number().int(),
  partyTypeName: z.string(),
  name: z.string(),
  number: z.string(),
  phone: nullableText,
  companyOrgUnits: z.array(zRef),
  effectiveFromDate: nullableText,
  effectiveThruDate: nullableText,
  isActive: z.boolean(),
  partyStatus: z.enum(connectionStatuses),
  inviteRejectionReason: z.string().nullish(),
  connectedCompanyId: z.number().int().nullable(),
  connectedCompanyName: nullableText,
  suggestedCompanyId: z.number().int().nullable(),
  suggestedCompanyName: nullableText,
});
export type ConnectionListRow = z.infer<typeof zConnectionListRow>;

export const zConnectionPage = z.object({
  items: z.array(zConnectionListRow),
  totalRecords: z.number().int(),
});
export type ConnectionPage = z.infer<typeof zConnectionPage>;

export const connectionOrderByFields = [
  'name',
  'number',
  'phone',
  'partyTypeId',
  'effectiveFromDate',
  'effectiveThruDate',
  'isActive',
] as const;
export type ConnectionOrderBy = (typeof connectionOrderByFields)[number];

const zBool = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /party/grid/search (spec 2 §7.4, §9): default 50 per page, 'all' is 100000. */
export const zConnectionListQuery = z.object({
  isActive: zBool.optional(),
  partyStatus: z.enum(connectionStatuses).optional(),
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100000).default(50),
  orderBy: z.enum(connectionOrderByFields).default('name'),
  orderByDirection: z.enum(['asc', 'desc']).default('asc'),
  query: z.string().trim().max(255).optional(),
  partyTypeId: z.coerce.number().int().positive().optional(),
  filterVendorsOnly: zBool.optional(),
});
export type ConnectionListQueryParsed = z.output<typeof zConnectionListQuery>;
/** What a client sends. */
export type ConnectionListQuery = Partial<
  Omit<ConnectionListQueryParsed, 'isActive' | 'filterVendorsOnly'>
> & { isActive?: boolean; filterVendorsOnly?: boolean };

/** Party option for pickers (spec 2 §3): GET /party/partiesByOrgUnitId/{id}. */
export const zConnectionOption = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  addressLineOne: nullableText,
  city: nullableText,
  state: nullableText,
  companyOrgUnits: z.array(zRef),
});
export type ConnectionOption = z.infer<typeof zConnectionOption>;

export const zPartyTypeRef = z.object({ id: z.number().int(), name: z.string() });

/** GET /party/{id}/checkAlreadyConnected. */
export const zAlreadyConnected = z.object({
  alreadyConnected: z.boolean(),
  connectedPartyId: z.number().int().nullable(),
  /** The name of that other connection (for the message). */
  connectedPartyName: z.string().nullable(),
});
