// The /account layout: the account navigation (with a sign-out button) beside the page.
import { useAuth, useMessages, type Translate } from '@shop/shared';
import { messages } from '../messages';
import { signOut } from '@shop/shared/accounts';
import { useState } from 'react';
import { NavLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { signInUrlFor } from '../session/accountSession';
import '../styles/account.css';
import { ACCOUNT_PATHS } from '../routes/ownPaths';

const accountLinks = (t: Translate) => [
  { to: ACCOUNT_PATHS.myAccount, label: t('My account') },
  { to: ACCOUNT_PATHS.orders, label: t('Orders') },
  { to: ACCOUNT_PATHS.credentials, label: t('Credentials') },
  { to: ACCOUNT_PATHS.personalInformation, label: t('Personal information') },
  { to: ACCOUNT_PATHS.addressBook, label: t('Address book') },
];

export function AccountLayout() {
  const t = useMessages(messages);
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      navigate('/', { replace: true });
    }
  }

  // Signed out elsewhere (the header's button, another tab): these pages are no longer theirs.
  if (!auth.isSignedIn && !signingOut) {
    const here = window.location.origin + location.pathname + location.search;
    return <Navigate to={signInUrlFor(here)} replace />;
  }

  return (
    <div className="account-layout">
      <aside className="account-layout__aside">
        <nav aria-label={t('Account')} className="account-nav">
          <ul className="account-nav__list">
            {accountLinks(t).map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    isActive ? 'account-nav__link account-nav__link--active' : 'account-nav__link'
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="account-nav__sign-out"
            onClick={() => void handleSignOut()}
            disabled={signingOut}
            aria-busy={signingOut || undefined}
          >
            {signingOut ? t('Signing out...') : t('Sign out')}
          </button>
        </nav>
      </aside>
      <div className="account-layout__page">
        <Outlet />
      </div>
    </div>
  );
}
