import type { Control, UseFormReturn } from 'react-hook-form';
import type { CompanyRegistration, CompanyRegistrationInput } from '@flowline/shared';

export type RegistrationFormApi = UseFormReturn<
  CompanyRegistrationInput,
  unknown,
  CompanyRegistration
>;
export type RegistrationControl = Control<CompanyRegistrationInput, unknown, CompanyRegistration>;

export const blankRegistration: CompanyRegistrationInput = {
  invitationToken: null,
  isBoarding: false,
  legalName: '',
  knownAs: '',
  timezone: '',
  addressLineOne: '',
  addressLineTwo: '',
  addressLineThree: '',
  country: '',
  state: '',
  city: '',
  zipCode: '',
  taxIdType: '',
  // The original payload sends taxType 0 (spec 3 §3); the tax type code is in taxIdType.
  taxType: 0,
  taxNumber: '',
  isActive: true,
  userFirstName: '',
  userLastName: '',
  userEmail: '',
};
