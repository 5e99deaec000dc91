// @shop/shared/forms: the form hook, the field parts and the country list, for the pages that
// have forms. Not in the package's main module, which every page loads first (decision 1312);
// each app that imports it bundles its own copy (it keeps no state).
export {
  useValidatedForm,
  type ValidatedForm,
  type ValidatedFormOptions,
  type FieldProps,
} from '../validation/useValidatedForm';
export { COUNTRIES } from '../validation/countries';
export { FIELD_META, getFieldMeta, type FieldMeta } from '../validation/fieldMeta';
export { TextField, type TextFieldProps } from '../ui/TextField';
export { SelectField, type SelectFieldProps, type SelectOption } from '../ui/SelectField';
