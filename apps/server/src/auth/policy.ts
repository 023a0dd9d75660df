import { canChangeData, isAdministrator } from '@flowline/shared';
import { forbidden } from '../errors';
import type { TenantContext } from './request-context';

/** Admin screens and their calls are for Administrators of the selected company (deny by default). */
export function assertAdministrator(ctx: TenantContext): void {
  if (!isAdministrator(ctx)) {
    throw forbidden('Only administrators of this company can do this', 'administrator_required');
  }
}

/** ReadOnly members never change data. */
export function assertCanChangeData(ctx: TenantContext): void {
  if (!canChangeData(ctx)) throw forbidden('Your role is read-only', 'read_only');
}
