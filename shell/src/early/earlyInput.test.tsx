import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { holdEarlyInput, releaseEarlyInput } from './earlyInput';

/** Lets the presses made again one per task run (and React apply each). */
const pressesMade = () => new Promise((resolve) => setTimeout(resolve, 20));

function page(): { add: HTMLButtonElement; size: HTMLInputElement; link: HTMLAnchorElement } {
  document.body.innerHTML = `
    <div id="root"><form><label><input type="radio" name="size" value="42" />42</label>
    <button type="submit">Add to basket</button></form><a href="#next">Next</a></div>
    <button id="outside">Outside</button>`;
  return {
    add: document.querySelector('button[type="submit"]') as HTMLButtonElement,
    size: document.querySelector('input[type="radio"]') as HTMLInputElement,
    link: document.querySelector('a') as HTMLAnchorElement,
  };
}

afterEach(() => releaseEarlyInput());

describe('presses before the page is React’s', () => {
  it('are held (no native effect) and made again, in order, on release', async () => {
    const { add, size } = page();
    holdEarlyInput(window);
    const pressed: string[] = [];
    const submitted: string[] = [];
    document.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push(size.checked ? 'with size' : 'without size');
    });
    size.addEventListener('click', () => pressed.push('size'));
    add.addEventListener('click', () => pressed.push('add'));

    size.click();
    add.click();
    expect(size.checked).toBe(false);
    expect(pressed).toEqual([]);
    expect(submitted).toEqual([]);

    releaseEarlyInput();
    await pressesMade();
    expect(pressed).toEqual(['size', 'add']);
    expect(size.checked).toBe(true);
    expect(submitted).toEqual(['with size']);
  });

  it('leave links and controls outside the page alone, and stop holding once released', async () => {
    const { add, link } = page();
    holdEarlyInput(window);
    const clicks: string[] = [];
    link.addEventListener('click', (event) => {
      event.preventDefault();
      clicks.push('link');
    });
    document.getElementById('outside')?.addEventListener('click', () => clicks.push('outside'));
    link.click();
    document.getElementById('outside')?.click();
    expect(clicks).toEqual(['link', 'outside']);

    releaseEarlyInput();
    await pressesMade();
    add.addEventListener('click', () => clicks.push('add'));
    add.click();
    expect(clicks).toEqual(['link', 'outside', 'add']);
  });

  it('reach a React page as separate presses: the add sees the size chosen just before', async () => {
    function Product({ onAdd }: { onAdd: (size: string) => void }) {
      const [size, setSize] = useState('');
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onAdd(size || 'no size');
          }}
        >
          <label>
            <input
              type="radio"
              name="size"
              value="42"
              checked={size === '42'}
              onChange={() => setSize('42')}
            />
            42
          </label>
          <button type="submit">Add to basket</button>
        </form>
      );
    }
    document.body.innerHTML = '<div id="root"></div>';
    const container = document.getElementById('root') as HTMLElement;
    const added: string[] = [];
    const root = createRoot(container);
    await act(async () => root.render(<Product onAdd={(size) => added.push(size)} />));
    holdEarlyInput(window);
    container.querySelector('label')?.click();
    container.querySelector('button')?.click();
    expect(added).toEqual([]);

    releaseEarlyInput();
    await pressesMade();
    expect(added).toEqual(['42']);
    act(() => root.unmount());
  });
});
