// A text field whose value lives in the address: the field keeps its own text so typing never
// waits for the router, and takes the address's value only when that value is not an echo of
// what was just typed (a late echo would otherwise eat the last keystrokes). Leaving the field
// forgets the echoes, so "Clear filters" or the back button always show what the address says.
//
// The address follows once typing pauses (URL_DRAFT_DELAY_MS): each change of the address asks
// the catalog's service again (decision 3601), so a word typed in one go is one request, not one
// per letter. Leaving the field sends what is waiting at once.
import { useEffect, useRef, useState } from 'react';

export const URL_DRAFT_DELAY_MS = 250;

export function useUrlDraft(value: string, onChange: (text: string) => void) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [echoes, setEchoes] = useState<ReadonlySet<string>>(() => new Set([value]));
  // Bumped when the address brings a value of its own: what was waiting to be sent is stale.
  const [overridden, setOverridden] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const waiting = useRef<{ text: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });

  const cancel = () => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
  };
  const send = (text: string) => {
    cancel();
    latestOnChange.current(text);
  };
  const change = (text: string, now: boolean) => {
    setDraft(text);
    setEchoes((previous) => new Set(previous).add(text));
    if (now) {
      send(text);
      return;
    }
    cancel();
    waiting.current = { text, timer: setTimeout(() => send(text), URL_DRAFT_DELAY_MS) };
  };

  // Text typed in the server's field before the page's code took it over (decision 1312) is the
  // shopper's: it counts as typed, and was typed a while ago (sent at once).
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) change(typed, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the field becomes React's
  }, []);
  // A page that goes away sends nothing more; nor does a field the address has overridden.
  useEffect(
    () => () => {
      if (waiting.current) clearTimeout(waiting.current.timer);
      waiting.current = null;
    },
    [overridden],
  );

  if (value !== seen) {
    setSeen(value);
    if (!echoes.has(value)) {
      setDraft(value);
      setEchoes(new Set([value]));
      setOverridden((n) => n + 1);
    }
  }
  return {
    ref: input,
    value: draft,
    onChange: (event: { target: { value: string } }) => change(event.target.value, false),
    onBlur: () => {
      if (waiting.current) send(waiting.current.text);
      setEchoes(new Set([draft]));
    },
  };
}
