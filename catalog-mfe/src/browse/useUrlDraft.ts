// A text field whose value lives in the address: the field keeps its own text so typing never
// waits for the router, and takes the address's value only when that value is not an echo of
// what was just typed (a late echo would otherwise eat the last keystrokes). Leaving the field
// forgets the echoes, so "Clear filters" or the back button always show what the address says.
import { useState } from 'react';

export function useUrlDraft(value: string, onChange: (text: string) => void) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [echoes, setEchoes] = useState<ReadonlySet<string>>(() => new Set([value]));
  if (value !== seen) {
    setSeen(value);
    if (!echoes.has(value)) {
      setDraft(value);
      setEchoes(new Set([value]));
    }
  }
  return {
    value: draft,
    onChange: (event: { target: { value: string } }) => {
      const text = event.target.value;
      setDraft(text);
      setEchoes((previous) => new Set(previous).add(text));
      onChange(text);
    },
    onBlur: () => setEchoes(new Set([draft])),
  };
}
