import { describe, expect, it } from 'vitest';
import {
  Role,
  UserType,
  canEditOwnProfile,
  cloudRepositoryUrl,
  isAdministrator,
  isReadOnlyMember,
  mainRoleOf,
  pickStartCompany,
  type UserCompany,
} from '../src/index';

const company = (id: number, isCloud = false, url: string | null = null): UserCompany => ({
  id,
  name: `C${id}`,
  code: `C${id}`,
  serviceId: '00000000-0000-0000-0000-000000000000',
  isCloud,
  url,
  onBoardingProcessPending: false,
  partyTypeIds: [],
});

describe('roles', () => {
  it('knows administrators and read-only members', () => {
    expect(isAdministrator({ roles: [Role.User, Role.Administrator], userType: 1 })).toBe(true);
    expect(isAdministrator({ roles: [Role.User], userType: 1 })).toBe(false);
    expect(isReadOnlyMember({ roles: [Role.ReadOnly], userType: 1 })).toBe(true);
    expect(isReadOnlyMember({ roles: [Role.ReadOnly, Role.User], userType: 1 })).toBe(false);
    expect(isReadOnlyMember({ roles: [], userType: 1 })).toBe(true);
  });

  it('hides Edit my Profile for Global users only', () => {
    expect(canEditOwnProfile(UserType.Global)).toBe(false);
    expect(canEditOwnProfile(UserType.Regular)).toBe(true);
    expect(canEditOwnProfile(UserType.ApiKey)).toBe(true);
  });

  it('takes the first role as the main role', () => {
    expect(mainRoleOf([Role.ReadOnly, Role.User])).toBe(Role.ReadOnly);
    expect(mainRoleOf([])).toBeNull();
  });
});

describe('start company', () => {
  const companies = [company(1, true, 'https://a.example'), company(2), company(3)];

  it('restores the stored company while the user still belongs to it', () => {
    expect(pickStartCompany(companies, 3)?.id).toBe(3);
  });

  it('falls back to the first non-cloud company', () => {
    expect(pickStartCompany(companies, 99)?.id).toBe(2);
    expect(pickStartCompany(companies, null)?.id).toBe(2);
    expect(pickStartCompany(companies, 1)?.id).toBe(2);
  });

  it('has none when every company is cloud-hosted', () => {
    expect(pickStartCompany([company(1, true)], 1)).toBeNull();
  });

  it("builds a cloud company's repository url", () => {
    expect(cloudRepositoryUrl({ url: 'https://a.example/' })).toBe('https://a.example/repository');
    expect(cloudRepositoryUrl({ url: null })).toBeNull();
  });
});
