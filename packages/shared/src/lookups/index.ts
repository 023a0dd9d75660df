export * from './countries';
export * from './regions';
export * from './tax-types';
export * from './time-zones';
export { usStates } from './us-states';
export { caProvinces } from './ca-provinces';
