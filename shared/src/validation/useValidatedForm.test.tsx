import { act, fireEvent, render, screen } from '@testing-library/react';
import { TextField } from '../ui/TextField';
import { formState, useValidatedForm } from './useValidatedForm';

const FIELDS = ['name', 'email'] as const;

function Form({ initial }: { initial?: Partial<Record<(typeof FIELDS)[number], string>> }) {
  const form = useValidatedForm(FIELDS, initial ? { initial } : {});
  return (
    <form>
      {FIELDS.map((f) => (
        <TextField key={f} {...form.getFieldProps(f)} error={form.errors[f]} />
      ))}
      <button type="submit" disabled={!form.canSubmit}>
        Send
      </button>
      <button type="button" onClick={() => form.setSubmitting(true)}>
        Start submitting
      </button>
    </form>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useValidatedForm (docs/product.md §5 timing, §4 form submit)', () => {
  it('shows a message 500 ms after input, not before', () => {
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Al' } });
    act(() => jest.advanceTimersByTime(499));
    expect(
      screen.queryByText('Name should be at least 3 characters long!'),
    ).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('Name should be at least 3 characters long!')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('restarts the delay on every keystroke and clears the message once valid', () => {
    render(<Form />);
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'A' } });
    act(() => jest.advanceTimersByTime(400));
    fireEvent.change(name, { target: { value: 'An' } });
    act(() => jest.advanceTimersByTime(400));
    expect(screen.queryByText(/Name should be/)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByText('Name should be at least 3 characters long!')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Ann' } });
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText(/Name should be/)).not.toBeInTheDocument();
  });

  it('removes a message on the input that makes the field valid, so a press does not move the form', () => {
    render(<Form />);
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'An' } });
    fireEvent.blur(name);
    expect(screen.getByText('Name should be at least 3 characters long!')).toBeInTheDocument();
    // Still invalid: the same message stays while typing.
    fireEvent.change(name, { target: { value: 'A' } });
    expect(screen.getByText('Name should be at least 3 characters long!')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Ann' } });
    // No timer has run: the message went with the keystroke, not later on the submit's blur.
    expect(screen.queryByText(/Name should be/)).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(name);
    expect(screen.queryByText(/Name should be/)).not.toBeInTheDocument();
  });

  it('shows nothing for untouched fields and checks a blurred field at once', () => {
    render(<Form />);
    expect(screen.queryByText('Please enter a valid email address!')).not.toBeInTheDocument();
    fireEvent.blur(screen.getByLabelText('Email address'));
    expect(screen.getByText('Please enter a valid email address!')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address!',
    );
  });

  it('enables submit only when every field is touched and valid, and not while submitting', () => {
    render(<Form />);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    expect(send).toBeDisabled(); // email untouched
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ann@shop' } });
    expect(send).toBeDisabled(); // invalid right away, even before the message shows
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ann@shop.io' } });
    expect(send).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Start submitting' }));
    expect(send).toBeDisabled();
  });

  it('counts pre-filled initial values as touched', () => {
    render(<Form initial={{ name: 'Ann', email: 'ann@shop.io' }} />);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Ann');
  });
});

describe('formState (a form at its start and after a reset)', () => {
  const check = (name: string, value: string) => (value.includes('@') ? '' : `${name} is bad`);

  it('counts only non-empty values as touched, and checks only those', () => {
    const checked = jest.fn(check);
    expect(formState(['name', 'email'], { email: 'nope' }, checked)).toEqual({
      values: { name: '', email: 'nope' },
      touched: { name: false, email: true },
      shown: { name: '', email: 'email is bad' },
    });
    expect(checked).toHaveBeenCalledTimes(1);
  });

  it('starts every field empty, untouched and without a message when there is nothing to start from', () => {
    expect(formState(['name'], undefined, check)).toEqual({
      values: { name: '' },
      touched: { name: false },
      shown: { name: '' },
    });
  });
});
