// A text field whose value lives in the address: the field keeps its own text so typing never
// waits for the router, and takes the address's value only when that value is not an echo of
// what was just typed (a late echo would otherwise eat the last keystrokes). Leaving the field
// forgets the echoes, so "Clear filters" or the back button always show what the address says.
import { useEffect, useRef, useState } from 'react';

export function useUrlDraft(value: string, onChange: (text: string) => void) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [echoes, setEchoes] = useState<ReadonlySet<string>>(() => new Set([value]));
  const input = useRef<HTMLInputElement>(null);
  const change = (text: string) => {
    setDraft(text);
    setEchoes((previous) => new Set(previous).add(text));
    onChange(text);
  };
  // Text typed in the server's field before the page's code took it over (decision 1312) is the
  // shopper's: it counts as typed.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) change(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the field becomes React's
  }, []);
  if (value !== seen) {
    setSeen(value);
    if (!echoes.has(value)) {
      setDraft(value);
      setEchoes(new Set([value]));
    }
  }
  return {
    ref: input,
    value: draft,
    onChange: (event: { target: { value: string } }) => change(event.target.value),
    onBlur: () => setEchoes(new Set([draft])),
  };
}
