// A reusable form hook for docs/product.md §5 / §4 "Form submit":
// - a field's check runs VALIDATION_DELAY_MS (500 ms) after its last input, or at once on blur;
// - a message whose field has just become valid goes at once, on that input: left until the
//   delay or the blur, it went when the shopper pressed the submit button (the press blurs the
//   field), the form got shorter under the pointer and the click missed the button
//   (docs/decisions/4101-stale-field-messages-go-on-input.md);
// - its message shows only once the field was touched (changed or blurred); pre-filled initial
//   values count as touched;
// - canSubmit is false while any field is invalid (checked immediately, not after the delay),
//   any field is untouched, or the form is submitting.
import type { ChangeEvent, Dispatch, FocusEvent, MutableRefObject, SetStateAction } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { VALIDATION_DELAY_MS } from '../constants';
import { validateField } from './rules';

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface ValidatedFormOptions<F extends string> {
  /** Initial values; non-empty ones count as touched. */
  initial?: Partial<Record<F, string>>;
  /** Custom checks for fields outside the §5 table (e.g. a payment method); '' means valid. */
  validators?: Partial<Record<F, (value: string) => string>>;
  /** Defaults to VALIDATION_DELAY_MS. */
  delayMs?: number;
}

export interface FieldProps<F extends string> {
  id: F;
  name: F;
  value: string;
  onChange: (event: ChangeEvent<FieldElement>) => void;
  onBlur: (event: FocusEvent<FieldElement>) => void;
}

export interface ValidatedForm<F extends string> {
  values: Record<F, string>;
  /** Messages to show: only for touched fields, after the delay (or blur). */
  errors: Record<F, string>;
  touched: Record<F, boolean>;
  onChange: (event: ChangeEvent<FieldElement>) => void;
  onBlur: (event: FocusEvent<FieldElement>) => void;
  setValue: (name: F, value: string) => void;
  getFieldProps: (name: F) => FieldProps<F>;
  /** Every field valid right now. */
  isValid: boolean;
  canSubmit: boolean;
  submitting: boolean;
  setSubmitting: (submitting: boolean) => void;
  /** Marks every field touched and shows every message at once; returns isValid. */
  validateAll: () => boolean;
  /** Back to the given (or initial) values. */
  reset: (values?: Partial<Record<F, string>>) => void;
}

function record<F extends string, V>(fields: readonly F[], make: (name: F) => V): Record<F, V> {
  return Object.fromEntries(fields.map((f) => [f, make(f)])) as Record<F, V>;
}

type Check<F extends string> = (name: F, value: string) => string;

/** What a form shows for `from`: its values, non-empty ones touched with their messages. */
export function formState<F extends string>(
  fields: readonly F[],
  from: Partial<Record<F, string>> | undefined,
  check: Check<F>,
): { values: Record<F, string>; touched: Record<F, boolean>; shown: Record<F, string> } {
  const values = record(fields, (f) => from?.[f] ?? '');
  return {
    values,
    touched: record(fields, (f) => values[f] !== ''),
    shown: record(fields, (f) => (values[f] !== '' ? check(f, values[f]) : '')),
  };
}

/** The checks waiting for their delay, one per field, cancelled when the form goes. */
function usePendingChecks<F extends string>() {
  const timers = useRef(new Map<F, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach((t) => clearTimeout(t));
      pending.clear();
    };
  }, []);
  const cancel = useCallback((name: F) => {
    const t = timers.current.get(name);
    if (t !== undefined) clearTimeout(t);
    timers.current.delete(name);
  }, []);
  return { timers, cancel };
}

type Setter<T> = Dispatch<SetStateAction<T>>;

interface FieldInputs<F extends string> {
  fields: readonly F[];
  check: Check<F>;
  delayMs: number;
  /** Mirrors `values` for handlers (updated where values are set, never during render). */
  valuesRef: MutableRefObject<Record<F, string>>;
  setValues: Setter<Record<F, string>>;
  setTouched: Setter<Record<F, boolean>>;
  setShown: Setter<Record<F, string>>;
}

/** A field's input and blur: its value, touched, and its message after the delay or at once. */
function useFieldInput<F extends string>(form: FieldInputs<F>) {
  const { fields, check, delayMs, valuesRef, setValues, setTouched, setShown } = form;
  const { timers, cancel } = usePendingChecks<F>();
  const setValue = useCallback(
    (name: F, value: string) => {
      valuesRef.current = { ...valuesRef.current, [name]: value };
      setValues((v) => ({ ...v, [name]: value }));
      setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
      cancel(name);
      // A stale message goes now; a new one still waits for the delay.
      if (check(name, value) === '') setShown((s) => (s[name] ? { ...s, [name]: '' } : s));
      timers.current.set(
        name,
        setTimeout(() => {
          timers.current.delete(name);
          setShown((s) => ({ ...s, [name]: check(name, value) }));
        }, delayMs),
      );
    },
    [cancel, check, delayMs, timers, valuesRef, setValues, setTouched, setShown],
  );
  const touchNow = useCallback(
    (name: F) => {
      cancel(name);
      setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
      setShown((s) => ({ ...s, [name]: check(name, valuesRef.current[name] ?? '') }));
    },
    [cancel, check, valuesRef, setTouched, setShown],
  );
  const isField = useCallback((name: string): name is F => fields.includes(name as F), [fields]);
  const onChange = useCallback(
    (event: ChangeEvent<FieldElement>) => {
      const { name, value } = event.target;
      if (isField(name)) setValue(name, value);
    },
    [isField, setValue],
  );
  const onBlur = useCallback(
    (event: FocusEvent<FieldElement>) => {
      const { name } = event.target;
      if (isField(name)) touchNow(name);
    },
    [isField, touchNow],
  );
  return { setValue, onChange, onBlur, cancel };
}

export function useValidatedForm<F extends string>(
  fields: readonly F[],
  options: ValidatedFormOptions<F> = {},
): ValidatedForm<F> {
  const { initial, validators, delayMs = VALIDATION_DELAY_MS } = options;
  const check = useCallback(
    (name: F, value: string) => {
      const custom = validators?.[name];
      return custom ? custom(value) : validateField(name, value);
    },
    [validators],
  );
  const [values, setValues] = useState(() => formState(fields, initial, check).values);
  const [touched, setTouched] = useState(() => formState(fields, initial, check).touched);
  const [shown, setShown] = useState(() => formState(fields, initial, check).shown);
  const [submitting, setSubmitting] = useState(false);
  const valuesRef = useRef(values);
  const input = { fields, check, delayMs, valuesRef, setValues, setTouched, setShown };
  const { setValue, onChange, onBlur, cancel } = useFieldInput(input);

  const current = useMemo(
    () => record(fields, (f) => check(f, values[f] ?? '')),
    [fields, values, check],
  );
  const isValid = fields.every((f) => current[f] === '');
  const allTouched = fields.every((f) => touched[f]);
  const errors = record(fields, (f) => (touched[f] ? (shown[f] ?? '') : ''));

  const validateAll = useCallback(() => {
    fields.forEach(cancel);
    setTouched(record(fields, () => true));
    const now = record(fields, (f) => check(f, valuesRef.current[f] ?? ''));
    setShown(now);
    return fields.every((f) => now[f] === '');
  }, [fields, cancel, check]);

  const reset = useCallback(
    (next?: Partial<Record<F, string>>) => {
      fields.forEach(cancel);
      const state = formState(fields, next ?? initial, check);
      valuesRef.current = state.values;
      setValues(state.values);
      setTouched(state.touched);
      setShown(state.shown);
      setSubmitting(false);
    },
    // `initial` is read at call time on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fields, cancel, check],
  );

  const getFieldProps = (name: F): FieldProps<F> => ({
    id: name,
    name,
    value: values[name] ?? '',
    onChange,
    onBlur,
  });

  return {
    values,
    errors,
    touched,
    onChange,
    onBlur,
    setValue,
    getFieldProps,
    isValid,
    canSubmit: isValid && allTouched && !submitting,
    submitting,
    setSubmitting,
    validateAll,
    reset,
  };
}
