// What the five apps share as `react-router-dom`: only the names they use. Module Federation
// cannot tree-shake a shared package (any remote might use any export), so sharing the package
// itself ships all of react-router (~190 kB) to every page; sharing this list lets webpack drop
// the rest. Apps keep importing from 'react-router-dom'. A name missing here is undefined at run
// time, so scripts/lib/sharedRouter.test.ts checks every app's imports against this list.
export {
  Await,
  Form,
  Link,
  NavLink,
  Navigate,
  Outlet,
  RouterContextProvider,
  ScrollRestoration,
  createBrowserRouter,
  createContext,
  data,
  isRouteErrorResponse,
  matchRoutes,
  redirect,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useRevalidator,
  useRouteError,
  useSearchParams,
  useSubmit,
} from 'react-router';
// react-router-dom's RouterProvider is the one that renders with react-dom's flushSync.
export { RouterProvider } from 'react-router/dom';
