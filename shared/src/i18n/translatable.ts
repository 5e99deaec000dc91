// An English text written outside a `t()` call, in a table of labels or messages that is read in
// code which also runs where there is no page (the order function checks with the validation
// table). The call marks it for `npm run i18n:check`; the component that shows it translates it
// with its catalogue (decision 5101, "Texts per team").
export const translatable = (english: string): string => english;
