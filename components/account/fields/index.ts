/**
 * The field widgets of the account forms (the account-creation stepper, the profile and family
 * forms): each takes react-hook-form's `control` and a field name (or a prefix for a group) and
 * labels itself from `accountFields`; issue codes show as `accountFields.errors.<code>`.
 */
export { AddressFields, EMPTY_ADDRESS, type AddressFieldsProps } from './AddressFields';
export { BirthdayField, EMPTY_BIRTHDAY, type BirthdayFieldProps } from './BirthdayField';
export { EmailField, type EmailFieldProps } from './EmailField';
export { EmergencyContactFields, EMPTY_EMERGENCY_CONTACT, type EmergencyContactFieldsProps } from './EmergencyContactFields';
export { GenderField, type GenderFieldProps } from './GenderField';
export { fieldName, useIssueText } from './issue-text';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { PhoneField, type PhoneFieldProps } from './PhoneField';
export { CA_PROVINCES, LISTED_COUNTRIES, US_STATES, regionLabel } from './regions';
export { RelationshipField, type RelationshipFieldProps } from './RelationshipField';
export { SelectInput, type SelectInputProps, type SelectOption } from './SelectInput';
export { TextInput, type TextInputProps } from './TextInput';
