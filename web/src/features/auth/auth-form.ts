import type { FocusArea, LoginBody, SignupBody } from '@warriors/contracts';
import { EMAIL_PATTERN } from '../../lib/account-forms';
import { browserTimeZone } from '../../lib/time-zones';

export type AuthMode = 'signin' | 'signup';

export interface AuthFormValues {
  name: string;
  email: string;
  password: string;
  phone: string;
  company: string;
  city: string;
  state: string;
  focus_area: FocusArea | '';
  /** '' until the broker picks one: the device's zone, read only once the sign-up form needs it. */
  timezone: string;
}

export const FOCUS_AREA_OPTIONS: { value: FocusArea; label: string }[] = [
  { value: 'tenant_rep', label: 'Tenant Rep' },
  { value: 'investment_sales', label: 'Investment Sales' },
  { value: 'landlord_rep', label: 'Landlord Rep' },
  { value: 'investor', label: 'Investor' },
];

// The timezone starts unset: reading the device's zone loads the runtime's zone data, some 40 ms on a
// phone, which the sign-in form (the one a returning broker sees) does not need.
export function emptyAuthForm(): AuthFormValues {
  return { name: '', email: '', password: '', phone: '', company: '', city: '', state: '', focus_area: '', timezone: '' };
}

/** The zone the sign-up form shows and sends: the broker's pick, else the device's. */
export const chosenTimeZone = (values: AuthFormValues): string => values.timezone || browserTimeZone();

/** Client checks of spec point 5, run before anything is sent; empty when the form may go. */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues): string[] {
  const errors: string[] = [];
  const email = values.email.trim();
  if (mode === 'signup' && !values.name.trim()) errors.push('Name is required');
  if (!email) errors.push('Email is required');
  else if (mode === 'signup' && !EMAIL_PATTERN.test(email)) errors.push('Enter a valid email address');
  if (!values.password) errors.push('Password is required');
  if (mode === 'signup') {
    if (!values.focus_area) errors.push('Focus area is required');
    if (values.state.trim().length > 2) errors.push('State must be at most 2 characters');
  }
  return errors;
}

export function toLoginBody(values: AuthFormValues): LoginBody {
  return { email: values.email.trim(), password: values.password };
}

/** Call only after validateAuthForm passed: focus_area is then set. */
export function toSignupBody(values: AuthFormValues): SignupBody {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    password: values.password,
    phone: values.phone.trim(),
    company: values.company.trim(),
    city: values.city.trim(),
    state: values.state.trim().toUpperCase(),
    focus_area: values.focus_area as FocusArea,
    timezone: chosenTimeZone(values),
  };
}
