// The router's navigation in the page's own addresses (decision 5101): its location and form
// action carry the market's prefix (the router's basename), the page's location does not. Pages
// compare the two to tell "this page reads again" from "another page loads"; one place strips the
// prefix. Stateless, so each app bundles its own copy (`@shop/shared/routes/pageNavigation`).
import { useNavigation } from 'react-router-dom';
import { pathOutOfMarket } from '../markets/markets';

export interface PageNavigation {
  state: 'idle' | 'loading' | 'submitting';
  /** Where the navigation goes, without the market's prefix; undefined when idle. */
  pathname: string | undefined;
  /** The address a submitted form goes to, without the market's prefix; undefined if none. */
  formAction: string | undefined;
}

export function usePageNavigation(): PageNavigation {
  const navigation = useNavigation();
  const action = navigation.formAction;
  return {
    state: navigation.state,
    pathname: navigation.location ? pathOutOfMarket(navigation.location.pathname) : undefined,
    formAction: action === undefined ? undefined : pathOutOfMarket(action),
  };
}
