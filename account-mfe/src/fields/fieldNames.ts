// How the success toast names a field (docs/product.md §8 'Your {field} has been changed successfuly!'):
// in words a customer uses, not our storage keys.
const SPOKEN_NAMES: Record<string, string> = {
  tel: 'phone number',
  zipCode: 'ZIP code',
};

export function spokenFieldName(field: string): string {
  return SPOKEN_NAMES[field] ?? field;
}
