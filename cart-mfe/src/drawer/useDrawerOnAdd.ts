// When the basket drawer opens: on a shopper's "Add to basket" (announced by `cartActions` on
// `basketAdds()` of @shop/shared, whichever remote made it), on the page it was made on. This
// part is in the header's code; the drawer's own code loads on the first add (decision 4001).
import { basketAdds, type BasketAdd } from '@shop/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The last add a drawer answered on this page: a header mounted again does not reopen it. */
let answered: BasketAdd | null = null;

export interface DrawerOnAdd {
  /** True from the first add on: the drawer's code is wanted (and then stays mounted). */
  wanted: boolean;
  open: boolean;
  /** What had focus when the add was made (the "Add to basket" button), to return focus to. */
  opener: HTMLElement | null;
  close: () => void;
}

export function useDrawerOnAdd(pathname: string): DrawerOnAdd {
  const [state, setState] = useState<{ openOn: string | null; opener: HTMLElement | null }>({
    openOn: null,
    opener: null,
  });
  const [wanted, setWanted] = useState(false);
  const currentPath = useRef(pathname);
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  useEffect(() => {
    // The subject keeps the last add: one made before this code loaded (a press held until the
    // page was live, decision 1302) is seen here, and opens the drawer if the page is the same.
    const subscription = basketAdds().subscribe((add) => {
      if (add === null || add === answered) return;
      answered = add;
      if (add.path !== globalThis.location?.pathname) return;
      const active = document.activeElement;
      const opener = active instanceof HTMLElement && active !== document.body ? active : null;
      setWanted(true);
      setState({ openOn: currentPath.current, opener });
    });
    return () => subscription.unsubscribe();
  }, []);

  const close = useCallback(() => setState((previous) => ({ ...previous, openOn: null })), []);
  // The drawer belongs to the page it opened on: following a link from it closes it.
  return { wanted, open: state.openOn === pathname, opener: state.opener, close };
}
