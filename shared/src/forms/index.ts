// @shop/shared/forms: the form hook, the field parts and the country list, for the pages that
// have forms. Not in the package's main module, which every page loads first (decision 1312);
// each app that imports it bundles its own copy (it keeps no state).
export {
  useValidatedForm,
  type ValidatedForm,
  type ValidatedFormOptions,
  type FieldProps,
} from '../validation/useValidatedForm';
export { COUNTRIES, COUNTRY_CODES } from '../validation/countries';
export { countryOptions } from '../validation/countryOptions';
export {
  validateField,
  VALIDATION_RULES,
  UNEXPECTED_FIELD_MESSAGE,
  EMAIL_PATTERN,
  TEL_PATTERN,
  isKnownField,
  type FieldName,
  type ValidationRule,
} from '../validation/rules';
export { FIELD_META, getFieldMeta, type FieldMeta } from '../validation/fieldMeta';
export { TextField, type TextFieldProps } from '../ui/TextField';
export { SelectField, type SelectFieldProps, type SelectOption } from '../ui/SelectField';
