// React Router as the shell server renders with it: its build resolves 'react-router-dom' to this
// module, for the shell's own code and for the remotes' server containers, which take the shell
// server's copy (decision 3703). It is the router's own module, except for Link: a link to a
// plain path of the shop is rendered as the very same <a>, without the click, prefetch and
// address-resolving hooks that a page rendered to HTML never uses (they were a tenth of a cache
// miss). Any other link is the router's own Link.
import { forwardRef, useContext } from 'react';
import { Link as RouterLink, UNSAFE_NavigationContext, type LinkProps } from 'react-router';

export * from 'react-router';
export { HydratedRouter, RouterProvider } from 'react-router/dom';

/**
 * A path whose href is itself, as the router would resolve it: absolute, with no empty, `.` or
 * `..` segment, and an optional non-empty query; no hash (the router normalises a bare `#`).
 */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:[/?]|$))[^/?#\s]+)*\/?(?:\?[^#\s]+)?$/;

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  const {
    to,
    discover = 'render',
    prefetch = 'none',
    mask,
    target,
    // What only a click in the browser uses: not part of the markup.
    onClick: _onClick,
    relative: _relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  } = props;
  if (
    typeof to !== 'string' ||
    !to.startsWith('/') ||
    !PLAIN_PATH.test(to) ||
    basename !== '/' ||
    mask !== undefined ||
    prefetch !== 'none'
  ) {
    return <RouterLink {...props} ref={ref} />;
  }
  // The router's markup, attribute for attribute: its other props, href, target, data-discover.
  return (
    // eslint-disable-next-line jsx-a11y/anchor-has-content -- its children are in `rest`
    <a
      {...rest}
      href={to}
      target={target}
      data-discover={discover === 'render' ? 'true' : undefined}
    />
  );
});
Link.displayName = 'Link';
