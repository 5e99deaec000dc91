// The hosted card fields' words, per language (`GET /fields?lang=de`), as a provider's hosted
// fields speak the shop's language. The page writes its labels from here and hands the script its
// messages in the page (`data-texts`), so the script stays one text, allowed by one hash.
// A decline or refusal is shown by its code; an English page shows the API's own message.

export type FieldsLanguage = 'en' | 'de';

export interface ScriptTexts {
  checkDetails: string;
  unreachable: string;
  enterNumber: string;
  invalidNumber: string;
  enterExpiry: string;
  expiryFormat: string;
  expired: string;
  enterCvc: string;
  cvcDigits: string;
  /** The bank's second step; `{amount}` is the payment's amount. */
  confirmPayment: string;
  /** A decline or refusal by its code; a code not listed shows `otherwise`, or the API's message. */
  byCode: Record<string, string>;
  otherwise: string | null;
}

export interface FieldsTexts {
  title: string;
  cardNumber: string;
  expiry: string;
  expiryPlaceholder: string;
  securityCode: string;
  confirmHeading: string;
  confirm: string;
  cancel: string;
  script: ScriptTexts;
}

export const FIELDS_TEXTS: Readonly<Record<FieldsLanguage, FieldsTexts>> = {
  en: {
    title: 'Card details',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM / YY)',
    expiryPlaceholder: 'MM / YY',
    securityCode: 'Security code',
    confirmHeading: 'Confirm your payment',
    confirm: 'Confirm',
    cancel: 'Cancel',
    script: {
      checkDetails: 'Please check the card details.',
      unreachable: 'The payment could not be sent. Please try again.',
      enterNumber: 'Enter your card number.',
      invalidNumber: 'Your card number is not valid.',
      enterExpiry: 'Enter the expiry date.',
      expiryFormat: 'Enter the expiry date as MM / YY.',
      expired: 'Your card has expired.',
      enterCvc: 'Enter the security code.',
      cvcDigits: 'The security code is 3 digits.',
      confirmPayment: 'Your bank asks you to confirm a payment of {amount} to Threadline.',
      byCode: {},
      otherwise: null,
    },
  },
  de: {
    title: 'Kartendaten',
    cardNumber: 'Kartennummer',
    expiry: 'Gültig bis (MM / JJ)',
    expiryPlaceholder: 'MM / JJ',
    securityCode: 'Prüfnummer',
    confirmHeading: 'Bestätigen Sie Ihre Zahlung',
    confirm: 'Bestätigen',
    cancel: 'Abbrechen',
    script: {
      checkDetails: 'Bitte prüfen Sie die Kartendaten.',
      unreachable: 'Die Zahlung konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
      enterNumber: 'Geben Sie Ihre Kartennummer ein.',
      invalidNumber: 'Ihre Kartennummer ist ungültig.',
      enterExpiry: 'Geben Sie das Ablaufdatum ein.',
      expiryFormat: 'Geben Sie das Ablaufdatum als MM / JJ ein.',
      expired: 'Ihre Karte ist abgelaufen.',
      enterCvc: 'Geben Sie die Prüfnummer ein.',
      cvcDigits: 'Die Prüfnummer hat 3 Ziffern.',
      confirmPayment:
        'Ihre Bank bittet Sie, eine Zahlung von {amount} an Threadline zu bestätigen.',
      byCode: {
        card_declined: 'Ihre Karte wurde abgelehnt.',
        insufficient_funds: 'Ihre Karte ist nicht ausreichend gedeckt.',
        card_not_supported: 'Dieser Testanbieter nimmt nur seine Testkarten an.',
        invalid_number: 'Ihre Kartennummer ist ungültig.',
        invalid_expiry: 'Das Ablaufdatum Ihrer Karte ist ungültig.',
        expired_card: 'Ihre Karte ist abgelaufen.',
        invalid_cvc: 'Die Prüfnummer Ihrer Karte ist ungültig.',
        authentication_failed: 'Die Zahlung wurde bei Ihrer Bank nicht bestätigt.',
      },
      otherwise: 'Die Kartenzahlung konnte nicht ausgeführt werden.',
    },
  },
};

/** The page's language from `lang`: German when asked for, English otherwise. */
export const fieldsLanguage = (param: string | null): FieldsLanguage =>
  param === 'de' ? 'de' : 'en';
