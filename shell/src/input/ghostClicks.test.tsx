import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ignoreGhostClicks } from './ghostClicks';

/** A form whose button is replaced, at the same place, by a link once it is pressed. */
function Swapping({ onLink }: { onLink: () => void }) {
  const [sent, setSent] = useState(false);
  return sent ? (
    <a
      href="/"
      onClick={(event) => {
        event.preventDefault();
        onLink();
      }}
    >
      Return to the home page
    </a>
  ) : (
    <button type="button" onClick={() => setSent(true)}>
      Place order
    </button>
  );
}

let stop: () => void;
beforeEach(() => {
  stop = ignoreGhostClicks(window);
});
afterEach(() => stop());

test('the second press of a double click does not press what replaced the first target', () => {
  const onLink = jest.fn();
  render(<Swapping onLink={onLink} />);
  fireEvent.click(screen.getByRole('button', { name: 'Place order' }), { detail: 1 });
  const link = screen.getByRole('link', { name: 'Return to the home page' });
  const second = fireEvent.click(link, { detail: 2 });
  expect(onLink).not.toHaveBeenCalled();
  expect(second).toBe(false); // default prevented: the browser does not follow the link either
});

test('a double click on one element reaches it twice', () => {
  const onClick = jest.fn();
  render(
    <button type="button" onClick={onClick}>
      Add one
    </button>,
  );
  const button = screen.getByRole('button', { name: 'Add one' });
  fireEvent.click(button, { detail: 1 });
  fireEvent.click(button, { detail: 2 });
  expect(onClick).toHaveBeenCalledTimes(2);
});

test('single clicks and keyboard activation (detail 0) always pass', () => {
  const onLink = jest.fn();
  render(<Swapping onLink={onLink} />);
  fireEvent.click(screen.getByRole('button', { name: 'Place order' }), { detail: 1 });
  const link = screen.getByRole('link', { name: 'Return to the home page' });
  fireEvent.click(link, { detail: 0 });
  fireEvent.click(link, { detail: 1 });
  expect(onLink).toHaveBeenCalledTimes(2);
});

test('once stopped, nothing is swallowed', () => {
  stop();
  const onLink = jest.fn();
  render(<Swapping onLink={onLink} />);
  fireEvent.click(screen.getByRole('button', { name: 'Place order' }), { detail: 1 });
  fireEvent.click(screen.getByRole('link', { name: 'Return to the home page' }), { detail: 2 });
  expect(onLink).toHaveBeenCalledTimes(1);
  stop = () => undefined;
});
