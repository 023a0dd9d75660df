import { PartyType, Role, UserType } from '@flowline/shared';

/** Demo companies and people (printed at start-up so anyone can sign in). */
export const DEMO_PASSWORD = 'flowline-demo-1';
export const DEMO_TEMPORARY_PASSWORD = 'temporary-pass-1';

export interface DemoCompany {
  key: string;
  name: string;
  code: string;
  partyTypes: number[];
  isCloud?: boolean;
  url?: string;
}

export const demoCompanies: DemoCompany[] = [
  {
    key: 'vendor',
    name: 'Permian Basin Services LLC',
    code: 'PBS',
    partyTypes: [PartyType.Vendor],
  },
  {
    key: 'operator',
    name: 'Red Mesa Operating Co.',
    code: 'RMO',
    partyTypes: [PartyType.Operator, PartyType.Purchaser],
  },
  { key: 'owner', name: 'Hawthorne Royalty Trust', code: 'HRT', partyTypes: [PartyType.Owner] },
  {
    key: 'cloud',
    name: 'Lone Star Minerals (cloud-hosted)',
    code: 'LSM',
    partyTypes: [PartyType.Owner],
    isCloud: true,
    url: 'https://lonestar.flowline.example',
  },
];

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  title?: string;
  userType?: number;
  temporaryPassword?: boolean;
  /** company key → roles (main role first). */
  memberships: Record<string, number[]>;
  note: string;
}

const A = Role.Administrator;
const U = Role.User;
const R = Role.ReadOnly;

export const demoUsers: DemoUser[] = [
  {
    email: 'admin@permian.example',
    firstName: 'Paula',
    lastName: 'Vance',
    title: 'AR Manager',
    memberships: { vendor: [A] },
    note: 'vendor Administrator',
  },
  {
    email: 'user@permian.example',
    firstName: 'Victor',
    lastName: 'Ochoa',
    title: 'Billing Clerk',
    memberships: { vendor: [U] },
    note: 'vendor User',
  },
  {
    email: 'readonly@permian.example',
    firstName: 'Rita',
    lastName: 'Park',
    memberships: { vendor: [R] },
    note: 'vendor ReadOnly',
  },
  {
    email: 'admin@redmesa.example',
    firstName: 'Oscar',
    lastName: 'Delgado',
    title: 'AP Supervisor',
    memberships: { operator: [A] },
    note: 'operator Administrator',
  },
  {
    email: 'user@redmesa.example',
    firstName: 'Uma',
    lastName: 'Reyes',
    title: 'AP Analyst',
    memberships: { operator: [U] },
    note: 'operator User',
  },
  {
    email: 'readonly@redmesa.example',
    firstName: 'Ray',
    lastName: 'Moss',
    memberships: { operator: [R] },
    note: 'operator ReadOnly',
  },
  {
    email: 'admin@hawthorne.example',
    firstName: 'Olivia',
    lastName: 'Hawthorne',
    title: 'Trustee',
    memberships: { owner: [A] },
    note: 'owner Administrator',
  },
  {
    email: 'user@hawthorne.example',
    firstName: 'Owen',
    lastName: 'Banks',
    memberships: { owner: [U] },
    note: 'owner User',
  },
  {
    email: 'readonly@hawthorne.example',
    firstName: 'Rosa',
    lastName: 'Lind',
    memberships: { owner: [R] },
    note: 'owner ReadOnly',
  },
  {
    email: 'dana@flowline.example',
    firstName: 'Dana',
    lastName: 'Brooks',
    title: 'Controller',
    memberships: { vendor: [A], operator: [U, R], cloud: [U] },
    note: 'two companies (vendor Administrator, operator User) plus a cloud-hosted one',
  },
  {
    email: 'support@flowline.example',
    firstName: 'Sam',
    lastName: 'Support',
    userType: UserType.Global,
    memberships: { vendor: [A], operator: [A], owner: [A] },
    note: 'Global user (support) in the three companies',
  },
  {
    email: 'newhire@permian.example',
    firstName: 'Nina',
    lastName: 'Hale',
    temporaryPassword: true,
    memberships: { vendor: [U] },
    note: `vendor User with a temporary password (${DEMO_TEMPORARY_PASSWORD}): must change it at first sign-in`,
  },
  {
    email: 'cloudonly@flowline.example',
    firstName: 'Casey',
    lastName: 'Cloud',
    memberships: { cloud: [A] },
    note: 'member of the cloud-hosted company only (redirected there)',
  },
  {
    email: 'nocompany@flowline.example',
    firstName: 'Noah',
    lastName: 'Nobody',
    memberships: {},
    note: 'no company: told not authorized',
  },
];
